/**
 * The ten v2 setup and funds builders over HTTP on the embedded world (issue 9). Every answer goes through `call()`
 * (checked against the OpenAPI contract); every built transaction is read back with web3.js and checked completely
 * by `assertTransaction`: program ids, discriminators and decoded arguments recomputed from the request, every
 * account against an address derived here with web3.js / spl-token, signer and writable flags, fee payer, the base
 * chain's cached blockhash, the configured priority fee, size ≤ 1232.
 *
 * The service runs with a priority fee, so every transaction must carry the SetComputeUnitPrice; the lifecycle test
 * (v2-funds-lifecycle.test.ts) runs without one.
 */
import assert from "node:assert/strict";
import { loadConfig } from "../../src/config/env.ts";
import { createServiceApp } from "../../src/server.ts";
import { call } from "../helpers/contract.ts";
import { fundsAccounts } from "../helpers/funds-chain-state.ts";
import { key } from "../helpers/instructions.ts";
import { type FundsWorld, startFundsWorld, WORLD } from "./_world.ts";
import {
  expectCreateAta,
  type ExpectedInstruction,
  expectTransfer,
  expectWrapSol,
  fundsInstructions,
  type FundsTokenRef,
} from "../helpers/expected-instructions.ts";
import { assertSignedBy, assertTransaction } from "../helpers/transaction-checks.ts";
import { scrape } from "../helpers/metrics.ts";

const PRIORITY_FEE = 5_000n;
const BUILDER = "/v2/transaction-builder";

function harness(w: FundsWorld) {
  const x = fundsInstructions(w.programId);
  const token = {
    USDC: { mint: w.mints.USDC, token2022: false },
    SOL: { mint: w.mints.SOL, token2022: false },
    SPY: { mint: w.mints.SPY, token2022: true },
  } satisfies Record<string, FundsTokenRef>;
  const post = (path: string, body: unknown) => call(w.app, "POST", `${BUILDER}/${path}`, body);
  /** A 200 whose transaction is exactly `instructions`, paid by `feePayer` and signed by `signers`. */
  const built = async (
    path: string,
    body: unknown,
    want: { feePayer: string; signers?: string[]; instructions: ExpectedInstruction[] },
  ) => {
    const r = await post(path, body);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const tx = assertTransaction(r.body.transactionBase64, {
      chain: "base",
      programId: w.programId,
      feePayer: want.feePayer,
      signers: want.signers ?? [want.feePayer],
      blockhash: w.baseBlockhash(),
      instructions: want.instructions,
      priorityFeeMicroLamports: PRIORITY_FEE,
      lookupTables: w.lookupTables(),
    });
    return { body: r.body, tx };
  };
  const refused = async (path: string, body: unknown, status: number, code: string, field?: string) => {
    const r = await post(path, body);
    assert.equal(r.status, status, JSON.stringify(r.body));
    assert.equal(r.body.code, code, r.body.error);
    if (field !== undefined) assert.equal(r.body.field, field);
    return r.body;
  };
  return { x, token, post, built, refused };
}

Deno.test("v2 setup and funds builders on the embedded world", async (t) => {
  const w = await startFundsWorld({ PRIORITY_FEE_MICROLAMPORTS: String(PRIORITY_FEE) });
  const { x, token, post, built, refused } = harness(w);
  const { rich, withoutBasket, ledgerWithoutBasket } = w.cases;
  const fresh = key("v2funds fresh owner");
  const payer = key("v2funds payer");
  const funder = key("v2funds funder");
  const feePayer = key("v2funds fee payer");
  try {
    await t.step("the transactions use the base chain's blockhash, never the rollup's", () => {
      assert.notEqual(w.baseBlockhash(), w.erBlockhash());
    });

    await t.step("init-basket: variant A (owner pays), variant B (payer pays)", async () => {
      const a = await built("init-basket", { owner: fresh }, {
        feePayer: fresh,
        instructions: [x.initBasket(fresh, fresh)],
      });
      assert.deepEqual(a.body.unmetPreconditions, []);
      // The pools' tables hold only the system program of these accounts: using one would lengthen the message.
      assert.deepEqual(a.tx.lookups, []);
      await built("init-basket", { owner: fresh, payer }, {
        feePayer: payer,
        instructions: [x.initBasket(fresh, payer)],
      });
    });
    await t.step(
      "init-basket: an existing basket is 400 SETUP_ALREADY_DONE; a bad key 400 INVALID_PUBKEY",
      async () => {
        await refused("init-basket", { owner: rich }, 400, "SETUP_ALREADY_DONE", "body.owner");
        await refused("init-basket", { owner: "not-a-key" }, 400, "INVALID_PUBKEY");
      },
    );

    await t.step("init-deposit-ledger: both variants; an existing ledger is 400 SETUP_ALREADY_DONE", async () => {
      await built("init-deposit-ledger", { owner: withoutBasket }, {
        feePayer: withoutBasket,
        instructions: [x.initDepositLedger(withoutBasket, withoutBasket)],
      });
      await built("init-deposit-ledger", { owner: fresh, payer }, {
        feePayer: payer,
        instructions: [x.initDepositLedger(fresh, payer)],
      });
      await refused("init-deposit-ledger", { owner: ledgerWithoutBasket }, 400, "SETUP_ALREADY_DONE");
      await refused("init-deposit-ledger", { owner: rich }, 400, "SETUP_ALREADY_DONE");
    });

    await t.step(
      "delegate-basket: built before the basket exists (BASKET_MISSING), with and without payer",
      async () => {
        const a = await built("delegate-basket", { owner: fresh }, {
          feePayer: fresh,
          instructions: [x.delegateBasket(fresh, fresh)],
        });
        assert.deepEqual(a.body.unmetPreconditions, ["BASKET_MISSING"]);
        await built("delegate-basket", { owner: fresh, payer }, {
          feePayer: payer,
          instructions: [x.delegateBasket(fresh, payer)],
        });
      },
    );
    await t.step(
      "delegate-basket: an undelegated basket has no unmet precondition; a delegated one is 400",
      async () => {
        const owner = key("v2funds undelegated");
        w.putUndelegatedBasket(owner);
        const r = await built("delegate-basket", { owner }, {
          feePayer: owner,
          instructions: [x.delegateBasket(owner, owner)],
        });
        assert.deepEqual(r.body.unmetPreconditions, []);
        await refused("delegate-basket", { owner: rich }, 400, "SETUP_ALREADY_DONE");
      },
    );

    await t.step("deposit-direct A: USDC from the owner's token account", async () => {
      const r = await built("deposit-direct", { owner: rich, tokenMint: w.mints.USDC, amount: "250.5" }, {
        feePayer: rich,
        instructions: [
          expectCreateAta(rich, rich, token.USDC),
          x.depositDirect(rich, rich, token.USDC, 250_500_000n),
        ],
      });
      assert.deepEqual(r.body.unmetPreconditions, []);
      // USDC's first pool is Crypto.1: its lookup table is the one offered, and it shortens the message.
      assert.deepEqual(r.tx.lookups.map((l) => l.key), w.altOf("Crypto.1"));
    });
    await t.step("deposit-direct B: fundingOwner deposits for owner, signs and pays", async () => {
      await built("deposit-direct", { owner: rich, fundingOwner: funder, tokenMint: w.mints.USDC, amount: "10" }, {
        feePayer: funder,
        instructions: [
          expectCreateAta(funder, funder, token.USDC),
          x.depositDirect(funder, rich, token.USDC, 10_000_000n),
        ],
      });
    });
    await t.step("deposit-direct: native SOL is wrapped through the depositor's wrapped-SOL account", async () => {
      await built("deposit-direct", { owner: rich, tokenMint: w.mints.SOL, amount: "1.500000000" }, {
        feePayer: rich,
        instructions: [...expectWrapSol(rich, 1_500_000_000n), x.depositDirect(rich, rich, token.SOL, 1_500_000_000n)],
      });
      await built("deposit-direct", { owner: rich, fundingOwner: funder, tokenMint: w.mints.SOL, amount: "0.25" }, {
        feePayer: funder,
        instructions: [...expectWrapSol(funder, 250_000_000n), x.depositDirect(funder, rich, token.SOL, 250_000_000n)],
      });
    });
    await t.step("deposit-direct: a Token-2022 mint (SPY) uses the Token-2022 program and its ATA", async () => {
      const r = await built("deposit-direct", { owner: rich, tokenMint: w.mints.SPY, amount: "0.12345678" }, {
        feePayer: rich,
        instructions: [expectCreateAta(rich, rich, token.SPY), x.depositDirect(rich, rich, token.SPY, 12_345_678n)],
      });
      assert.deepEqual(r.tx.lookups.map((l) => l.key), w.altOf("Equity.1"));
    });
    await t.step("deposit-direct: built before the ledger exists (DEPOSIT_LEDGER_MISSING)", async () => {
      const r = await built("deposit-direct", { owner: fresh, tokenMint: w.mints.USDC, amount: "1" }, {
        feePayer: fresh,
        instructions: [
          expectCreateAta(fresh, fresh, token.USDC),
          x.depositDirect(fresh, fresh, token.USDC, 1_000_000n),
        ],
      });
      assert.deepEqual(r.body.unmetPreconditions, ["DEPOSIT_LEDGER_MISSING"]);
    });
    await t.step("deposit-direct: requests that can never work are 400", async () => {
      const body = { owner: rich, tokenMint: w.mints.USDC, amount: "1" };
      await refused(
        "deposit-direct",
        { ...body, tokenMint: key("v2funds unknown mint") },
        400,
        "UNKNOWN_SYMBOL",
        "body.tokenMint",
      );
      await refused("deposit-direct", { ...body, tokenMint: w.mints.XAU }, 400, "VALIDATION_FAILED", "body.tokenMint");
      await refused("deposit-direct", { ...body, amount: "0" }, 400, "INVALID_DECIMAL", "body.amount");
      await refused("deposit-direct", { ...body, amount: "0.0000001" }, 400, "INVALID_DECIMAL", "body.amount");
      await refused("deposit-direct", { ...body, amount: "1.0000001" }, 400, "INVALID_DECIMAL", "body.amount");
      await refused("deposit-direct", { ...body, amount: "-1" }, 400, "INVALID_DECIMAL");
      await refused("deposit-direct", { ...body, amount: "1e3" }, 400, "INVALID_DECIMAL");
      await refused("deposit-direct", { ...body, amount: 1 }, 400, "VALIDATION_FAILED");
      await refused("deposit-direct", { ...body, amount: "99999999999999999999" }, 400, "INVALID_DECIMAL");
      await refused("deposit-direct", { owner: rich, amount: "1" }, 400, "VALIDATION_FAILED");
    });

    await t.step("deposit: a fresh owner gets ledger, basket, deposit and delegation in one transaction", async () => {
      const r = await built("deposit", { owner: fresh, tokenSymbol: "USDC", amount: "100" }, {
        feePayer: fresh,
        instructions: [
          x.initDepositLedger(fresh, fresh),
          x.initBasket(fresh, fresh),
          expectCreateAta(fresh, fresh, token.USDC),
          x.depositDirect(fresh, fresh, token.USDC, 100_000_000n),
          x.delegateBasket(fresh, fresh),
        ],
      });
      const steps = ["init-deposit-ledger", "init-basket", "deposit-direct", "delegate-basket"];
      assert.deepEqual(r.body.includedSteps, steps);
      assert.deepEqual(r.body.transactions, [{ transactionBase64: r.body.transactionBase64, steps }]);
      assert.deepEqual(r.body.unmetPreconditions, []);
    });
    await t.step("deposit: native SOL (symbol SOL or WSOL) and a Token-2022 mint, fresh owner", async () => {
      for (const symbol of ["SOL", "wsol"]) {
        await built("deposit", { owner: fresh, tokenSymbol: symbol, amount: "2" }, {
          feePayer: fresh,
          instructions: [
            x.initDepositLedger(fresh, fresh),
            x.initBasket(fresh, fresh),
            ...expectWrapSol(fresh, 2_000_000_000n),
            x.depositDirect(fresh, fresh, token.SOL, 2_000_000_000n),
            x.delegateBasket(fresh, fresh),
          ],
        });
      }
      await built("deposit", { owner: fresh, tokenSymbol: "SPY", amount: "3" }, {
        feePayer: fresh,
        instructions: [
          x.initDepositLedger(fresh, fresh),
          x.initBasket(fresh, fresh),
          expectCreateAta(fresh, fresh, token.SPY),
          x.depositDirect(fresh, fresh, token.SPY, 300_000_000n),
          x.delegateBasket(fresh, fresh),
        ],
      });
    });
    await t.step("deposit: only what is missing is bundled", async () => {
      const full = await built("deposit", { owner: rich, tokenSymbol: "USDC", amount: "5" }, {
        feePayer: rich,
        instructions: [expectCreateAta(rich, rich, token.USDC), x.depositDirect(rich, rich, token.USDC, 5_000_000n)],
      });
      assert.deepEqual(full.body.includedSteps, ["deposit-direct"]);
      const noBasket = await built("deposit", { owner: ledgerWithoutBasket, tokenSymbol: "USDC", amount: "5" }, {
        feePayer: ledgerWithoutBasket,
        instructions: [
          x.initBasket(ledgerWithoutBasket, ledgerWithoutBasket),
          expectCreateAta(ledgerWithoutBasket, ledgerWithoutBasket, token.USDC),
          x.depositDirect(ledgerWithoutBasket, ledgerWithoutBasket, token.USDC, 5_000_000n),
          x.delegateBasket(ledgerWithoutBasket, ledgerWithoutBasket),
        ],
      });
      assert.deepEqual(noBasket.body.includedSteps, ["init-basket", "deposit-direct", "delegate-basket"]);
      const owner = key("v2funds basket not delegated");
      w.putUndelegatedBasket(owner);
      w.putLedger(owner);
      const notDelegated = await built("deposit", { owner, tokenSymbol: "USDC", amount: "5" }, {
        feePayer: owner,
        instructions: [
          expectCreateAta(owner, owner, token.USDC),
          x.depositDirect(owner, owner, token.USDC, 5_000_000n),
          x.delegateBasket(owner, owner),
        ],
      });
      assert.deepEqual(notDelegated.body.includedSteps, ["deposit-direct", "delegate-basket"]);
    });
    await t.step("deposit: unknown or virtual symbol, zero or over-precise amount: 400", async () => {
      await refused(
        "deposit",
        { owner: fresh, tokenSymbol: "NOPE", amount: "1" },
        400,
        "UNKNOWN_SYMBOL",
        "body.tokenSymbol",
      );
      await refused("deposit", { owner: fresh, tokenSymbol: "EUR", amount: "1" }, 400, "VALIDATION_FAILED");
      await refused("deposit", { owner: fresh, tokenSymbol: "USDC", amount: "0.000" }, 400, "INVALID_DECIMAL");
      await refused("deposit", { owner: fresh, tokenSymbol: "SOL", amount: "0.0000000001" }, 400, "INVALID_DECIMAL");
    });

    await t.step("withdraw: top-up, owner's token account, withdrawal_with_action; owner pays, both sign", async () => {
      const r = await built(
        "withdraw",
        { owner: rich, tokenSymbol: "USDC", amount: "1", feePayer, feePayerTopUpLamports: 20_000_000 },
        {
          feePayer: rich,
          signers: [rich, feePayer],
          instructions: [
            expectTransfer(rich, feePayer, 20_000_000n),
            expectCreateAta(rich, rich, token.USDC),
            x.withdrawalWithAction(rich, feePayer, token.USDC, 1_000_000n),
          ],
        },
      );
      assert.equal(r.body.receipt, w.ref.escrow(rich, w.mints.USDC));
      assert.equal(r.body.isNativeSol, false);
      assert.equal(r.body.custodySettlementRequired, w.tradeVaultAmount(w.mints.USDC) < 1_000_000n);
    });
    await t.step("withdraw: native SOL arrives wrapped (isNativeSol); no top-up, no transfer", async () => {
      const r = await built("withdraw", { owner: rich, tokenSymbol: "SOL", amount: "0.5", feePayer }, {
        feePayer: rich,
        signers: [rich, feePayer],
        instructions: [
          expectCreateAta(rich, rich, token.SOL),
          x.withdrawalWithAction(rich, feePayer, token.SOL, 500_000_000n),
        ],
      });
      assert.equal(r.body.isNativeSol, true);
      assert.equal(r.body.receipt, w.ref.escrow(rich, w.mints.SOL));
    });
    await t.step("withdraw: custodySettlementRequired when the trade vault's balance is below the amount", async () => {
      const vault = w.tradeVaultAmount(w.mints.SPY);
      const over = (vault + 1n).toString();
      const amount = `${over.slice(0, -8) || "0"}.${over.slice(-8).padStart(8, "0")}`;
      const r = await built("withdraw", { owner: rich, tokenSymbol: "SPY", amount, feePayer }, {
        feePayer: rich,
        signers: [rich, feePayer],
        instructions: [
          expectCreateAta(rich, rich, token.SPY),
          x.withdrawalWithAction(rich, feePayer, token.SPY, vault + 1n),
        ],
      });
      assert.equal(r.body.custodySettlementRequired, true);
      assert.ok(r.body.unmetPreconditions.includes("INSUFFICIENT_AVAILABLE_BALANCE"));
    });
    await t.step("withdraw: feePayer = owner, no ledger, bad amount, unknown symbol: 400", async () => {
      const body = { owner: rich, tokenSymbol: "USDC", amount: "1", feePayer };
      await refused("withdraw", { ...body, feePayer: rich }, 400, "FEE_PAYER_CONFLICT", "body.feePayer");
      await refused("withdraw", { ...body, owner: withoutBasket }, 400, "DEPOSIT_LEDGER_NOT_FOUND", "body.owner");
      await refused("withdraw", { ...body, amount: "0" }, 400, "INVALID_DECIMAL");
      await refused("withdraw", { ...body, amount: "one" }, 400, "INVALID_DECIMAL");
      await refused("withdraw", { ...body, tokenSymbol: "NOPE" }, 400, "UNKNOWN_SYMBOL");
      await refused("withdraw", { ...body, feePayerTopUpLamports: -1 }, 400, "VALIDATION_FAILED");
    });
    await t.step("withdraw: a ledger without a basket is built for, with the missing basket reported", async () => {
      const r = await built("withdraw", { owner: ledgerWithoutBasket, tokenSymbol: "USDC", amount: "1", feePayer }, {
        feePayer: ledgerWithoutBasket,
        signers: [ledgerWithoutBasket, feePayer],
        instructions: [
          expectCreateAta(ledgerWithoutBasket, ledgerWithoutBasket, token.USDC),
          x.withdrawalWithAction(ledgerWithoutBasket, feePayer, token.USDC, 1_000_000n),
        ],
      });
      assert.equal(r.body.unmetPreconditions[0], "BASKET_MISSING");
    });

    await t.step("request-withdrawal B: the withdrawal request and its receipt", async () => {
      const r = await built("request-withdrawal", { owner: rich, tokenMint: w.mints.SPY, amount: "0.5", feePayer }, {
        feePayer: rich,
        signers: [rich, feePayer],
        instructions: [
          expectCreateAta(rich, rich, token.SPY),
          x.withdrawalWithAction(rich, feePayer, token.SPY, 50_000_000n),
        ],
      });
      assert.equal(r.body.receipt, w.ref.escrow(rich, w.mints.SPY));
    });
    await t.step("request-withdrawal B: native SOL, paid into the owner's wrapped-SOL account", async () => {
      const r = await built("request-withdrawal", { owner: rich, tokenMint: w.mints.SOL, amount: "0.1", feePayer }, {
        feePayer: rich,
        signers: [rich, feePayer],
        instructions: [
          expectCreateAta(rich, rich, token.SOL),
          x.withdrawalWithAction(rich, feePayer, token.SOL, 100_000_000n),
        ],
      });
      assert.equal(r.body.receipt, w.ref.escrow(rich, w.mints.SOL));
    });
    await t.step(
      "request-withdrawal A (no feePayer): a fresh fee payer, topped up with the rent it spends, pre-signs",
      async () => {
        const escrow = w.ref.escrow(rich, w.mints.USDC);
        // What withdrawal_with_action creates with its fee payer's lamports (PROTOCOL-v2 §3.12, the delegation
        // program's delegate): the escrow (104 bytes, PROTOCOL-v2 §6), its delegation buffer (a copy of the escrow's
        // data, closed again inside the instruction, its rent back to the fee payer), the delegation record (8 + authority, owner, slot,
        // lamports, commit frequency)
        // and the delegation metadata (8 + slot 8 + flag 1 + the escrow's three seeds as a Vec<Vec<u8>> + rent payer
        // 32). Rent-exempt minimum: (128 + size) × 6960 lamports.
        const rent = (size: number) => BigInt(128 + size) * 6960n;
        const seedsBytes = 4 + (4 + "withdrawal_escrow_receipt".length) + (4 + 32) + (4 + 32);
        const created = {
          escrow: 104,
          buffer: 104,
          record: 8 + 32 + 32 + 8 + 8 + 8,
          metadata: 8 + 8 + 1 + seedsBytes + 32,
        };
        const topUp = rent(created.escrow) + rent(created.buffer) + rent(created.record) + rent(created.metadata);
        const keptByFeePayer = rent(created.buffer);
        assert.equal(topUp, 6_751_200n);
        const seen = new Set<string>();
        for (const includeCustodySettlement of [undefined, false]) {
          const body = { owner: rich, tokenMint: w.mints.USDC, amount: "1", includeCustodySettlement };
          const r = await post("request-withdrawal", body);
          assert.equal(r.status, 200, JSON.stringify(r.body));
          const oneTime = r.body.feePayer;
          assert.equal(typeof oneTime, "string");
          assert.ok(![rich, feePayer].includes(oneTime), "a key of the service's own, not the owner");
          assert.ok(!seen.has(oneTime), "a fresh key per request");
          seen.add(oneTime);
          assertTransaction(r.body.transactionBase64, {
            chain: "base",
            programId: w.programId,
            feePayer: rich,
            signers: [rich, oneTime],
            presignedBy: [oneTime],
            blockhash: w.baseBlockhash(),
            priorityFeeMicroLamports: PRIORITY_FEE,
            lookupTables: w.lookupTables(),
            instructions: [
              expectTransfer(rich, oneTime, topUp),
              expectCreateAta(rich, rich, token.USDC),
              x.withdrawalWithAction(rich, oneTime, token.USDC, 1_000_000n),
              expectTransfer(oneTime, rich, keptByFeePayer),
            ],
          });
          await assertSignedBy(r.body.transactionBase64, oneTime);
          assert.equal(r.body.receipt, escrow);
          assert.deepEqual(r.body.unmetPreconditions, []);
        }
      },
    );
    await t.step("request-withdrawal: feePayer = owner, unknown mint, no ledger: 400", async () => {
      const body = { owner: rich, tokenMint: w.mints.USDC, amount: "1", feePayer };
      await refused("request-withdrawal", { ...body, feePayer: rich }, 400, "FEE_PAYER_CONFLICT");
      await refused("request-withdrawal", { ...body, tokenMint: key("v2funds unknown mint") }, 400, "UNKNOWN_SYMBOL");
      await refused("request-withdrawal", { ...body, owner: withoutBasket }, 400, "DEPOSIT_LEDGER_NOT_FOUND");
    });
    await t.step("request-withdrawal: an escrow still open is reported (WITHDRAWAL_IN_PROGRESS)", async () => {
      const owner = key("v2funds open escrow");
      w.putLedger(owner, [{ mint: w.mints.USDC, amount: 5_000_000n }]);
      w.putDelegatedBasket(owner);
      w.putEscrow(owner, w.mints.USDC, 1_000_000n, "in-progress");
      const r = await built("request-withdrawal", { owner, tokenMint: w.mints.USDC, amount: "1", feePayer }, {
        feePayer: owner,
        signers: [owner, feePayer],
        instructions: [
          expectCreateAta(owner, owner, token.USDC),
          x.withdrawalWithAction(owner, feePayer, token.USDC, 1_000_000n),
        ],
      });
      assert.deepEqual(r.body.unmetPreconditions, ["WITHDRAWAL_IN_PROGRESS"]);
    });

    await t.step("custody-settlement: the custody of the token's first pool, and its receipt", async () => {
      const usdc = await built("custody-settlement", { owner: rich, tokenSymbol: "USDC" }, {
        feePayer: rich,
        instructions: [x.custodySettlementWithAction(rich, w.pools.crypto, token.USDC)],
      });
      assert.equal(usdc.body.receipt, w.ref.settlementReceipt(w.ref.custody(w.pools.crypto, w.mints.USDC)));
      assert.deepEqual(usdc.body.unmetPreconditions, []);
      await built("custody-settlement", { owner: rich, tokenSymbol: "SOL" }, {
        feePayer: rich,
        instructions: [x.custodySettlementWithAction(rich, w.pools.crypto, token.SOL)],
      });
      const spy = await built("custody-settlement", { owner: fresh, tokenSymbol: "SPY" }, {
        feePayer: fresh,
        instructions: [x.custodySettlementWithAction(fresh, w.pools.equity, token.SPY)],
      });
      assert.equal(spy.body.receipt, w.ref.settlementReceipt(w.ref.custody(w.pools.equity, w.mints.SPY)));
    });
    await t.step("custody-settlement: virtual or unknown token: 400", async () => {
      await refused("custody-settlement", { owner: rich, tokenSymbol: "XAU" }, 400, "VALIDATION_FAILED");
      await refused("custody-settlement", { owner: rich, tokenSymbol: "NOPE" }, 400, "UNKNOWN_SYMBOL");
    });

    await t.step("withdrawal-settle: built before the escrow is settleable (WITHDRAWAL_NOT_SETTLEABLE)", async () => {
      const r = await built("withdrawal-settle", { owner: rich, tokenMint: w.mints.SOL }, {
        feePayer: rich,
        instructions: [expectCreateAta(rich, rich, token.SOL), x.withdrawalSettle(rich, token.SOL)],
      });
      assert.deepEqual(r.body.unmetPreconditions, ["WITHDRAWAL_NOT_SETTLEABLE"]);
      await refused(
        "withdrawal-settle",
        { owner: withoutBasket, tokenMint: w.mints.SOL },
        400,
        "DEPOSIT_LEDGER_NOT_FOUND",
      );
      await refused("withdrawal-settle", { owner: rich, tokenMint: w.mints.XAU }, 400, "VALIDATION_FAILED");
    });
    await t.step(
      "withdrawal-settle and execute-withdrawal: the custody settled first when its receipt is on base",
      async () => {
        const owner = key("v2funds settleable");
        w.putLedger(owner, [{ mint: w.mints.SPY, amount: 100_000_000n }]);
        w.putDelegatedBasket(owner);
        w.putEscrow(owner, w.mints.SPY, 100_000_000n, "settleable");
        w.putSettlementReceipt(w.pools.equity, w.mints.SPY, "settleable");
        const settled = [
          expectCreateAta(owner, owner, token.SPY),
          x.custodySettlementSettle(owner, w.pools.equity, token.SPY),
          x.withdrawalSettle(owner, token.SPY),
        ];
        for (
          const [path, body] of [
            ["withdrawal-settle", { owner, tokenMint: w.mints.SPY }],
            // withdrawal-settle has no such option: an unknown field is ignored.
            ["withdrawal-settle", { owner, tokenMint: w.mints.SPY, includeCustodySettlement: false }],
            ["execute-withdrawal", { owner, tokenMint: w.mints.SPY }],
            ["execute-withdrawal", { owner, tokenMint: w.mints.SPY, includeCustodySettlement: true }],
          ] as const
        ) {
          const r = await built(path, body, { feePayer: owner, instructions: settled });
          assert.deepEqual(r.body.unmetPreconditions, []);
        }
        await built("execute-withdrawal", { owner, tokenMint: w.mints.SPY, includeCustodySettlement: false }, {
          feePayer: owner,
          instructions: [expectCreateAta(owner, owner, token.SPY), x.withdrawalSettle(owner, token.SPY)],
        });
      },
    );
    await t.step("execute-withdrawal: native SOL (wrapped-SOL account), nothing settleable yet", async () => {
      const r = await built("execute-withdrawal", { owner: rich, tokenMint: w.mints.SOL }, {
        feePayer: rich,
        instructions: [expectCreateAta(rich, rich, token.SOL), x.withdrawalSettle(rich, token.SOL)],
      });
      assert.deepEqual(r.body.unmetPreconditions, ["WITHDRAWAL_NOT_SETTLEABLE"]);
    });
    await t.step("execute-withdrawal: a settlement still on the rollup is not executed, and is reported", async () => {
      const owner = key("v2funds pending settlement");
      w.putLedger(owner, [{ mint: w.mints.USDC, amount: 100_000_000n }]);
      w.putEscrow(owner, w.mints.USDC, 100_000_000n, "settleable");
      w.putSettlementReceipt(w.pools.crypto, w.mints.USDC, "in-progress");
      const r = await built("execute-withdrawal", { owner, tokenMint: w.mints.USDC }, {
        feePayer: owner,
        instructions: [expectCreateAta(owner, owner, token.USDC), x.withdrawalSettle(owner, token.USDC)],
      });
      assert.deepEqual(r.body.unmetPreconditions, ["CUSTODY_SETTLEMENT_IN_PROGRESS"]);
      await refused(
        "execute-withdrawal",
        { owner: withoutBasket, tokenMint: w.mints.USDC },
        400,
        "DEPOSIT_LEDGER_NOT_FOUND",
      );
      await refused("execute-withdrawal", { owner, tokenMint: key("v2funds unknown mint") }, 400, "UNKNOWN_SYMBOL");
    });

    await t.step("builder rejections are counted in builder_failures_total", async () => {
      const metrics = await scrape(w.services);
      assert.match(
        metrics,
        /builder_failures_total\{[^}]*operation="v2Withdraw"[^}]*code="FEE_PAYER_CONFLICT"[^}]*\} [1-9]/,
      );
    });
  } finally {
    await w.service.stop();
  }
});

Deno.test("v2 setup and funds builders without a cached base blockhash: 500 BLOCKHASH_UNAVAILABLE", async () => {
  // Built but never started: the configuration is loaded, nothing is ingested, no blockhash was ever fetched.
  const service = await createServiceApp(loadConfig({ RATE_LIMIT_RPS: "0", REPLAY_DIR: WORLD }), {
    replayMode: "virtual",
  });
  // Its chains count as loaded (their first load's mark), so the builders get as far as the blockhash.
  for (const chain of ["base", "er"] as const) service.services.ingest.chains[chain].lastFullLoadMs = 0;
  try {
    const owner = key("v2funds no blockhash");
    const usdc = service.services.deployments.v2.index.token("USDC")!.mintKey;
    // The withdrawal builders refuse an owner without a ledger before they need a blockhash: theirs has one.
    const withLedger = key("v2funds no blockhash, with a ledger");
    fundsAccounts(service.services.accounts, service.services.deployments.v2.index.config.programId)
      .putLedger(withLedger);
    const feePayer = key("v2funds no blockhash fee payer");
    for (
      const [path, body] of [
        ["init-basket", { owner }],
        ["init-deposit-ledger", { owner }],
        ["delegate-basket", { owner }],
        ["deposit-direct", { owner, tokenMint: usdc, amount: "1" }],
        ["deposit", { owner, tokenSymbol: "USDC", amount: "1" }],
        ["custody-settlement", { owner, tokenSymbol: "USDC" }],
        ["withdraw", { owner: withLedger, tokenSymbol: "USDC", amount: "1", feePayer }],
        ["request-withdrawal", { owner: withLedger, tokenMint: usdc, amount: "1", feePayer }],
        ["withdrawal-settle", { owner: withLedger, tokenMint: usdc }],
        ["execute-withdrawal", { owner: withLedger, tokenMint: usdc }],
      ] as const
    ) {
      const r = await call(service.app, "POST", `${BUILDER}/${path}`, body);
      assert.equal(r.status, 500, path);
      assert.deepEqual(r.body, { error: "blockhash fetch failed", code: "BLOCKHASH_UNAVAILABLE" });
    }
  } finally {
    await service.stop();
  }
});
