/**
 * The funds lifecycle of a fresh owner of the embedded world (issue 9, item 7): deposit → trade → request-withdrawal
 * → execute-withdrawal. Each step's transaction is checked completely (`assertTransaction`), and what it would
 * create on chain is then put into the service's store at the addresses the transaction itself names — so the next
 * step sees exactly the state the previous transaction would leave, and the test checks that every account a step
 * needs is one an earlier step created (basket, deposit ledger, delegation, token accounts, escrow).
 *
 * The service runs without a priority fee (the builders test covers one).
 */
import assert from "node:assert/strict";
import { readTransaction } from "../helpers/read-transaction.ts";
import { basketAccount, userDepositLedgerAccount } from "../../src/protocol/accounts/mod.ts";
import { decodeProgramInstruction, key } from "../helpers/instructions.ts";
import { call } from "../helpers/contract.ts";
import { startFundsWorld } from "./_world.ts";
import { DELEGATION_PROGRAM } from "../helpers/expected-accounts.ts";
import { expectCreateAta, fundsInstructions, type FundsTokenRef } from "../helpers/expected-instructions.ts";
import { assertTransaction } from "../helpers/transaction-checks.ts";

const BUILDER = "/v2/transaction-builder";

Deno.test("funds lifecycle of a fresh owner: deposit → trade → request-withdrawal → execute-withdrawal", async (t) => {
  const w = await startFundsWorld();
  const x = fundsInstructions(w.programId);
  const owner = key("v2funds lifecycle owner");
  const feePayer = key("v2funds lifecycle fee payer");
  const usdc: FundsTokenRef = { mint: w.mints.USDC, token2022: false };
  const post = (path: string, body: unknown) => call(w.app, "POST", `${BUILDER}/${path}`, body);
  const check = (
    base64: string,
    signers: string[],
    instructions: Parameters<typeof assertTransaction>[1]["instructions"],
  ) =>
    assertTransaction(base64, {
      chain: "base",
      programId: w.programId,
      feePayer: owner,
      signers,
      blockhash: w.baseBlockhash(),
      instructions,
      lookupTables: w.lookupTables(),
    });
  /** The named accounts of the transaction's perpetuals instruction `name`. */
  const accountsOf = (tx: ReturnType<typeof check>, name: string) => {
    const ix = tx.instructions.find((i) =>
      i.programAddress === w.programId && decodeProgramInstruction("v2", i).name === name
    );
    assert.ok(ix, `the transaction holds ${name}`);
    return decodeProgramInstruction("v2", ix).accounts;
  };
  /** What the deposit created, taken from its transaction. */
  const created = {} as Record<"basket" | "ledger" | "tokenAccount" | "tradeVault" | "tradeVaultTokenAccount", string>;
  let receipt = "";

  try {
    await t.step("a fresh owner has nothing on chain: no basket, nothing to withdraw", async () => {
      const snapshot = await call(w.app, "GET", `/v2/owner/${owner}`);
      assert.equal(snapshot.body.basketPubkey, null);
      const r = await post("request-withdrawal", { owner, tokenMint: usdc.mint, amount: "1", feePayer });
      assert.equal(r.status, 400);
      assert.equal(r.body.code, "DEPOSIT_LEDGER_NOT_FOUND");
    });

    await t.step("deposit: ledger, basket, deposit and delegation in one transaction", async () => {
      const r = await post("deposit", { owner, tokenSymbol: "USDC", amount: "100" });
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.includedSteps, [
        "init-deposit-ledger",
        "init-basket",
        "deposit-direct",
        "delegate-basket",
      ]);
      assert.equal(r.body.transactions.length, 1);
      const tx = check(r.body.transactionBase64, [owner], [
        x.initDepositLedger(owner, owner),
        x.initBasket(owner, owner),
        expectCreateAta(owner, owner, usdc),
        x.depositDirect(owner, owner, usdc, 100_000_000n),
        x.delegateBasket(owner, owner),
      ]);
      // Within the transaction, each instruction uses what an earlier one creates.
      const ledger = accountsOf(tx, "init_user_deposit_ledger").userDepositLedger;
      const basket = accountsOf(tx, "init_basket").basket;
      const deposit = accountsOf(tx, "deposit_direct");
      const delegation = accountsOf(tx, "delegate_basket");
      assert.equal(deposit.userDepositLedger, ledger, "deposit_direct credits the ledger init created");
      assert.equal(delegation.basket, basket, "delegate_basket delegates the basket init created");
      assert.equal(delegation.delegationRecordBasket, w.ref.delegationRecord(basket));
      assert.equal(delegation.bufferBasket, w.ref.buffer(basket));
      assert.equal(delegation.delegationMetadataBasket, w.ref.delegationMetadata(basket));
      Object.assign(created, {
        basket,
        ledger,
        tokenAccount: deposit.depositorTokenAccount,
        tradeVault: deposit.tradeVault,
        tradeVaultTokenAccount: deposit.tradeVaultTokenAccount,
      });
    });

    await t.step("the deposit confirmed: its accounts are on chain, and the read side finds them", async () => {
      w.put(
        "base",
        created.ledger,
        w.programId,
        userDepositLedgerAccount.encode({
          bump: 255,
          padding: new Uint8Array(7),
          owner,
          deposits: [{ mint: usdc.mint, amount: 100_000_000n }],
        }),
      );
      // Delegated: the base copy belongs to the delegation program, the live copy is on the rollup.
      const basketData = w.emptyBasket(owner);
      w.put("base", created.basket, DELEGATION_PROGRAM, basketData);
      w.put("er", created.basket, w.programId, basketData);
      assert.equal(basketAccount.decode(basketData).owner, owner);
      const snapshot = await call(w.app, "GET", `/v2/owner/${owner}`);
      assert.equal(snapshot.body.basketPubkey, created.basket);
      // A second deposit needs no setup any more.
      const again = await post("deposit", { owner, tokenSymbol: "USDC", amount: "1" });
      assert.deepEqual(again.body.includedSteps, ["deposit-direct"]);
      assert.deepEqual(again.body.unmetPreconditions, []);
    });

    await t.step("trade (open-position): its owner accounts are the ones the deposit created", async () => {
      // The trade builder (issue 8) builds on what the deposit created: the rollup transaction's open_position_er
      // names this owner's basket and deposit ledger PDAs, and the owner signs and pays.
      const open = await post("open-position", {
        owner,
        inputTokenSymbol: "USDC",
        outputTokenSymbol: "SOL",
        inputAmountUi: "20",
        leverage: 2,
        tradeType: "SHORT",
      });
      assert.equal(open.status, 200, JSON.stringify(open.body));
      assert.equal(open.body.err, null);
      const tx = readTransaction(open.body.transactionBase64);
      assert.equal(tx.feePayer, owner);
      assert.deepEqual(tx.signers, [owner]);
      const ix = tx.instructions.find((i) => i.programAddress === w.programId);
      assert.ok(ix, "the trade transaction holds a perpetuals instruction");
      const trade = decodeProgramInstruction("v2", ix);
      assert.equal(trade.name, "open_position_er");
      assert.equal(trade.accounts.owner, owner);
      assert.equal(trade.accounts.signer, owner);
      assert.equal(trade.accounts.basket, created.basket);
      assert.equal(trade.accounts.userDepositLedger, created.ledger);
      // The basket the trade writes is live on the rollup, where the trade executes.
      assert.equal(w.services.accounts.getFrom("er", created.basket)?.owner, w.programId);
    });

    await t.step("request-withdrawal: variant A builds; variant B withdraws from what was deposited", async () => {
      const a = await post("request-withdrawal", { owner, tokenMint: usdc.mint, amount: "40" });
      assert.equal(a.status, 200, JSON.stringify(a.body));
      const aTx = readTransaction(a.body.transactionBase64, w.lookupTables());
      assert.equal(accountsOf(aTx, "withdrawal_with_action").feePayer, a.body.feePayer);
      const r = await post("request-withdrawal", { owner, tokenMint: usdc.mint, amount: "40", feePayer });
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.unmetPreconditions, [], "basket delegated, ledger, vault and balance are all there");
      const tx = check(r.body.transactionBase64, [owner, feePayer], [
        expectCreateAta(owner, owner, usdc),
        x.withdrawalWithAction(owner, feePayer, usdc, 40_000_000n),
      ]);
      const withdrawal = accountsOf(tx, "withdrawal_with_action");
      assert.equal(withdrawal.basket, created.basket);
      assert.equal(withdrawal.userDepositLedger, created.ledger);
      assert.equal(withdrawal.ownerTokenAccount, created.tokenAccount, "paid back into the account deposited from");
      assert.equal(withdrawal.tradeVault, created.tradeVault);
      assert.equal(withdrawal.tradeVaultTokenAccount, created.tradeVaultTokenAccount);
      assert.equal(r.body.receipt, withdrawal.withdrawalEscrowReceipt);
      receipt = r.body.receipt;
    });

    await t.step("execute-withdrawal polled before the rollup step committed the escrow", async () => {
      w.put("base", receipt, DELEGATION_PROGRAM, new Uint8Array(104));
      const r = await post("execute-withdrawal", { owner, tokenMint: usdc.mint });
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.unmetPreconditions, ["WITHDRAWAL_NOT_SETTLEABLE"]);
      // A second request while the escrow is open is reported, not refused.
      const second = await post("request-withdrawal", { owner, tokenMint: usdc.mint, amount: "1", feePayer });
      assert.deepEqual(second.body.unmetPreconditions, ["WITHDRAWAL_IN_PROGRESS"]);
    });

    await t.step("execute-withdrawal once the escrow is back on base: settles exactly that escrow", async () => {
      w.putEscrow(owner, usdc.mint, 40_000_000n, "settleable");
      const r = await post("execute-withdrawal", { owner, tokenMint: usdc.mint });
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.unmetPreconditions, []);
      const tx = check(r.body.transactionBase64, [owner], [
        expectCreateAta(owner, owner, usdc),
        x.withdrawalSettle(owner, usdc),
      ]);
      const settle = accountsOf(tx, "withdrawal_settle");
      assert.equal(settle.withdrawalEscrowReceipt, receipt, "the escrow request-withdrawal opened");
      assert.equal(settle.userDepositLedger, created.ledger);
      assert.equal(settle.ownerTokenAccount, created.tokenAccount);
      assert.equal(settle.tradeVault, created.tradeVault);
      assert.equal(settle.tradeVaultTokenAccount, created.tradeVaultTokenAccount);
    });

    await t.step("the escrow closed: the withdrawal is complete and a new one can start", async () => {
      w.remove("base", receipt);
      const r = await post("request-withdrawal", { owner, tokenMint: usdc.mint, amount: "1", feePayer });
      assert.deepEqual(r.body.unmetPreconditions, []);
      const settle = await post("execute-withdrawal", { owner, tokenMint: usdc.mint });
      assert.deepEqual(settle.body.unmetPreconditions, ["WITHDRAWAL_NOT_SETTLEABLE"]);
    });
  } finally {
    await w.service.stop();
  }
});
