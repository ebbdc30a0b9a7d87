/**
 * Earlier close-position builder on the hand-built deployment: DAVE's SOL long (10 SOL @150, SOL collateral, an order
 * account with a live TP and SL) and SOL short (4 SOL @150, USDC collateral, no order account); SOL at 160.00,
 * spread 0.1 % (long exit 159.84, short exit 160.16).
 */
import assert from "node:assert/strict";
import { PublicKey } from "@solana/web3.js";
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createCloseAccountInstruction,
  NATIVE_MINT,
} from "@solana/spl-token";
import { formatUsd } from "../../../../src/domain/format/ui.ts";
import { closePositionTransaction } from "../../../../src/domain/builders/earlier/close-position.ts";
import { AccountRole, type Instruction } from "../../../../src/protocol/instructions/instruction.ts";
import { DAVE, MINT } from "../../../helpers/hand-built-deployment.ts";
import { A, builderFixture } from "../../../helpers/earlier-builder-deployment.ts";
import { fromWeb3 } from "../../../helpers/instructions.ts";
import { ok } from "../../quotes/_helpers.ts";
import { ata, SYSVAR_INSTRUCTIONS, TOKEN } from "../../../helpers/expected-accounts.ts";
import { assertEarlierInstruction } from "../../../helpers/transaction-checks.ts";
import { custody, P, POOL, px, SOL_LONG, SOL_SHORT } from "./_helpers.ts";
import { expectCreateAta } from "../../../helpers/expected-instructions.ts";

const dave = new PublicKey(DAVE);

/** DAVE's token account of `mint` created idempotently, as spl-token builds it. */
const createAta = (mint: string) => expectCreateAta(DAVE, DAVE, { mint, token2022: false }).external;

/** Slots of a market's position instructions for DAVE (collateral `sym`). */
function slots(market: string, collateral: "SOL" | "USDC") {
  return {
    transferAuthority: A.transferAuthority,
    perpetuals: A.perpetuals,
    pool: POOL,
    position: A.position(DAVE, market),
    market,
    targetCustody: custody("SOL"),
    targetOracleAccount: A.oracle(MINT.SOL),
    collateralCustody: custody(collateral),
    collateralOracleAccount: A.oracle(MINT[collateral]),
    collateralCustodyTokenAccount: A.custodyTokenAccount(POOL, MINT[collateral]),
    eventAuthority: A.eventAuthority,
    program: P,
    ixSysvar: SYSVAR_INSTRUCTIONS,
    collateralMint: MINT[collateral],
  };
}

const cancelAll = (market: string) => ({
  name: "cancel_all_trigger_orders",
  accounts: {
    position: A.position(DAVE, market),
    order: A.order(DAVE, market),
    eventAuthority: A.eventAuthority,
    program: P,
  },
  args: {},
});

function close(req: Partial<Parameters<typeof closePositionTransaction>[1]> & { positionKey: string }) {
  return closePositionTransaction(builderFixture().snapshot("earlier"), {
    inputUsdUi: "0",
    withdrawTokenSymbol: "SOL",
    ...req,
  });
}

const LONG_KEY = A.position(DAVE, SOL_LONG);
const SHORT_KEY = A.position(DAVE, SOL_SHORT);
// Long exit 159.84; bound = 15 984 000 000 − ⌈15 984 000 000 × 50 / 10⁴⌉.
const LONG_BOUND = px(15_984_000_000n - 79_920_000n);
// Short exit 160.16; bound = 16 016 000 000 + ⌈16 016 000 000 × 50 / 10⁴⌉.
const SHORT_BOUND = px(16_016_000_000n + 80_080_000n);

Deno.test("full close in the collateral (SOL): cancel the triggers, create + pay into the wrapped-SOL ATA, unwrap", () => {
  const { dto, plan } = ok(close({ positionKey: LONG_KEY }));
  assert.equal(dto.newSize, "0");
  assert.equal(plan.feePayer, DAVE);
  const ix = plan.instructions;
  assert.equal(ix.length, 4);
  assertEarlierInstruction(ix[0], P, cancelAll(SOL_LONG));
  assert.deepEqual(
    ix[1],
    fromWeb3(createAssociatedTokenAccountIdempotentInstruction(
      dave,
      new PublicKey(ata(DAVE, MINT.SOL)),
      dave,
      NATIVE_MINT,
    )),
  );
  assertEarlierInstruction(ix[2], P, {
    name: "close_position",
    accounts: {
      ...slots(SOL_LONG, "SOL"),
      owner: DAVE,
      feePayer: DAVE,
      receivingAccount: ata(DAVE, MINT.SOL),
      collateralTokenProgram: TOKEN,
    },
    args: { priceWithSlippage: LONG_BOUND, privilege: "None" },
  });
  assert.deepEqual(ix[3], fromWeb3(createCloseAccountInstruction(new PublicKey(ata(DAVE, MINT.SOL)), dave, dave)));
});

Deno.test("full close in another token: close_and_swap; the collateral ATA is created but not unwrapped", () => {
  const { dto, plan } = ok(close({ positionKey: LONG_KEY, withdrawTokenSymbol: "USDC" }));
  assert.equal(dto.receiveTokenSymbol, "USDC");
  const ix = plan.instructions;
  assert.equal(ix.length, 4);
  assertEarlierInstruction(ix[0], P, cancelAll(SOL_LONG));
  assert.deepEqual(ix[1], createAta(MINT.USDC));
  assert.deepEqual(ix[2], createAta(MINT.SOL));
  assertEarlierInstruction(ix[3], P, {
    name: "close_and_swap",
    accounts: {
      ...slots(SOL_LONG, "SOL"),
      owner: DAVE,
      feePayer: DAVE,
      receivingAccount: ata(DAVE, MINT.USDC),
      collateralAccount: ata(DAVE, MINT.SOL),
      dispensingCustody: custody("USDC"),
      dispensingOracleAccount: A.oracle(MINT.USDC),
      dispensingCustodyTokenAccount: A.custodyTokenAccount(POOL, MINT.USDC),
      receivingTokenProgram: TOKEN,
      receivingMint: MINT.USDC,
      collateralTokenProgram: TOKEN,
    },
    args: { priceWithSlippage: LONG_BOUND, privilege: "None" },
  });
});

Deno.test("full close without trigger orders: no cancel; WSOL / USDC payouts are not unwrapped", () => {
  const { plan } = ok(close({ positionKey: SHORT_KEY, withdrawTokenSymbol: "USDC" }));
  const names = plan.instructions.map((i) => i.programAddress);
  assert.deepEqual(names, ["ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL", P]);
  assertEarlierInstruction(plan.instructions[1], P, {
    name: "close_position",
    accounts: {
      ...slots(SOL_SHORT, "USDC"),
      owner: DAVE,
      feePayer: DAVE,
      receivingAccount: ata(DAVE, MINT.USDC),
      collateralTokenProgram: TOKEN,
    },
    args: { priceWithSlippage: SHORT_BOUND, privilege: "None" },
  });
  const wsol = ok(close({ positionKey: LONG_KEY, withdrawTokenSymbol: "WSOL" }));
  assert.equal(wsol.plan.instructions.length, 3); // cancel, create, close: no unwrap
});

Deno.test("partial close: decrease_size of the prorated size; keepLeverageSame withdraws the quoted payout", async (t) => {
  // $100 of the $600 short: ⌊4e9 × 100e6 / 600e6⌋ = 666 666 666 target units.
  const decrease = {
    name: "decrease_size",
    accounts: (() => {
      const { collateralMint, transferAuthority, ...rest } = slots(SOL_SHORT, "USDC");
      return { ...rest, transferAuthority, owner: DAVE, collateralTokenProgram: TOKEN, collateralMint };
    })(),
    args: { priceWithSlippage: SHORT_BOUND, sizeDelta: 666_666_666n, privilege: "None" },
  };
  await t.step("proceeds stay in the position", () => {
    const { dto, plan } = ok(close({ positionKey: SHORT_KEY, inputUsdUi: "100", withdrawTokenSymbol: "USDC" }));
    assert.equal(dto.receiveTokenAmountUsdUi, "0.00");
    assert.equal(plan.instructions.length, 1);
    assertEarlierInstruction(plan.instructions[0], P, decrease);
  });
  await t.step("keepLeverageSame in the collateral: remove_collateral of the payout", () => {
    const r = ok(
      close({ positionKey: SHORT_KEY, inputUsdUi: "100", withdrawTokenSymbol: "USDC", keepLeverageSame: true }),
    );
    const ix: Instruction[] = r.plan.instructions;
    assert.equal(ix.length, 3);
    assertEarlierInstruction(ix[0], P, decrease);
    assert.deepEqual(ix[1], createAta(MINT.USDC));
    const { collateralMint: _m, ...s } = slots(SOL_SHORT, "USDC");
    const decoded = assertRemove(ix[2], s);
    assert.ok(decoded > 0n);
    assert.equal(r.dto.receiveTokenAmountUsdUi, formatUsd(decoded));
  });
  await t.step("keepLeverageSame in SOL: remove_collateral_and_swap, then unwrap", () => {
    const r = ok(
      close({ positionKey: SHORT_KEY, inputUsdUi: "100", withdrawTokenSymbol: "SOL", keepLeverageSame: true }),
    );
    const names = r.plan.instructions.map((i) => i.programAddress);
    assert.deepEqual(names, [
      P,
      "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL",
      "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL",
      P,
      TOKEN,
    ]);
    assert.equal(r.plan.instructions[3].accounts[3].address, ata(DAVE, MINT.USDC)); // collateral_account
    assert.equal(r.plan.instructions[3].accounts[2].address, ata(DAVE, MINT.SOL)); // receiving_account
  });
});

/** Checks a remove_collateral against the market slots and returns its USD argument. */
function assertRemove(ix: Instruction, s: Record<string, string>): bigint {
  const usd = BigInt(new DataView(ix.data.buffer, ix.data.byteOffset).getBigUint64(8, true));
  assertEarlierInstruction(ix, P, {
    name: "remove_collateral",
    accounts: {
      owner: DAVE,
      receivingAccount: ata(DAVE, MINT.USDC),
      transferAuthority: s.transferAuthority,
      perpetuals: s.perpetuals,
      pool: s.pool,
      position: s.position,
      market: s.market,
      targetCustody: s.targetCustody,
      targetOracleAccount: s.targetOracleAccount,
      collateralCustody: s.collateralCustody,
      collateralOracleAccount: s.collateralOracleAccount,
      collateralCustodyTokenAccount: s.collateralCustodyTokenAccount,
      receivingTokenProgram: TOKEN,
      eventAuthority: s.eventAuthority,
      program: P,
      ixSysvar: SYSVAR_INSTRUCTIONS,
      receivingMint: MINT.USDC,
    },
    args: { collateralDeltaUsd: usd },
  });
  return usd;
}

Deno.test("privilege: the position owner's stake rides with close_position", () => {
  const { plan } = ok(close({ positionKey: SHORT_KEY, withdrawTokenSymbol: "USDC", privilege: "STAKE" }));
  const ix = plan.instructions[1];
  assert.deepEqual(ix.accounts.slice(18).map((m) => [m.address, m.role]), [
    [A.referral(DAVE), AccountRole.READONLY],
    [A.tokenStake(DAVE), AccountRole.WRITABLE],
  ]);
  assert.equal(ix.data[ix.data.length - 1], 1);
});

Deno.test("failures are values: unknown position, unknown payout token", () => {
  const unknown = A.position(DAVE, A.market(custody("SOL"), custody("JitoSOL"), "Long"));
  assert.deepEqual(close({ positionKey: unknown }), {
    ok: false,
    code: "POSITION_NOT_FOUND",
    err: `position account ${unknown} not found`,
  });
  assert.deepEqual(close({ positionKey: LONG_KEY, withdrawTokenSymbol: "DOGE" }), {
    ok: false,
    code: "UNKNOWN_SYMBOL",
    err: "unknown token symbol 'DOGE'",
  });
});

Deno.test('a non-zero amount worth less than one unit of size is refused, not taken for "0" (DECISIONS 5.6)', () => {
  // Each parses to 0 micro-USD: a partial close of nothing, which only "0" (or ≥ 97 %) turns into a full close.
  for (const inputUsdUi of ["0.0000001", "0.00000000000000000001"]) {
    assert.deepEqual(close({ positionKey: LONG_KEY, inputUsdUi }), {
      ok: false,
      code: "ORDER_SIZE_INVALID",
      err: "inputUsdUi closes less than one unit of size",
    }, inputUsdUi);
  }
  assert.equal(ok(close({ positionKey: LONG_KEY, inputUsdUi: "0.00" })).dto.newSize, "0"); // zero, written otherwise
});
