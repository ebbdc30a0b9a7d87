import assert from "node:assert/strict";
import { withdrawalSettleTransaction } from "../../../../src/domain/builders/v2/withdrawal-settle.ts";
import { key, MINT, PROGRAM } from "../../../helpers/hand-built-deployment.ts";
import { assertRejected, expectPlan, fundsFixture, POOL, TOKEN } from "./_funds.ts";
import { expectCreateAta, fundsInstructions } from "../../../helpers/expected-instructions.ts";

const x = fundsInstructions(PROGRAM.v2);
const owner = key("owner");

function withLedger() {
  const f = fundsFixture();
  f.putLedger(owner, [{ mint: MINT.USDC, amount: 1n }]);
  return f;
}

Deno.test("withdrawal-settle: owner's ATA, then withdrawal_settle; built before the escrow is settleable", () => {
  const f = withLedger();
  const plan = withdrawalSettleTransaction(f.snapshot(), f.chains, { owner, tokenMint: MINT.USDC });
  expectPlan(plan, {
    feePayer: owner,
    instructions: [expectCreateAta(owner, owner, TOKEN.USDC), x.withdrawalSettle(owner, TOKEN.USDC)],
  });
  assert.deepEqual(plan.unmetPreconditions, ["WITHDRAWAL_NOT_SETTLEABLE"]);
  f.putEscrow(owner, MINT.USDC, 1n, "in-progress");
  assert.deepEqual(
    withdrawalSettleTransaction(f.snapshot(), f.chains, { owner, tokenMint: MINT.USDC }).unmetPreconditions,
    ["WITHDRAWAL_NOT_SETTLEABLE"],
  );
  f.putEscrow(owner, MINT.USDC, 1n, "settleable");
  assert.deepEqual(
    withdrawalSettleTransaction(f.snapshot(), f.chains, { owner, tokenMint: MINT.USDC }).unmetPreconditions,
    [],
  );
});

Deno.test("the custody settlement: executed first when settleable and asked for (default), reported while delegated", () => {
  const f = withLedger();
  f.putEscrow(owner, MINT.USDC, 1n, "settleable");
  f.putSettlementReceipt(POOL.crypto, MINT.USDC, "settleable");
  const settled = [
    expectCreateAta(owner, owner, TOKEN.USDC),
    x.custodySettlementSettle(owner, POOL.crypto, TOKEN.USDC),
    x.withdrawalSettle(owner, TOKEN.USDC),
  ];
  for (const includeCustodySettlement of [undefined, true]) {
    const plan = withdrawalSettleTransaction(f.snapshot(), f.chains, {
      owner,
      tokenMint: MINT.USDC,
      includeCustodySettlement,
    });
    expectPlan(plan, { feePayer: owner, instructions: settled });
    assert.deepEqual(plan.unmetPreconditions, []);
  }
  const without = withdrawalSettleTransaction(f.snapshot(), f.chains, {
    owner,
    tokenMint: MINT.USDC,
    includeCustodySettlement: false,
  });
  expectPlan(without, {
    feePayer: owner,
    instructions: [expectCreateAta(owner, owner, TOKEN.USDC), x.withdrawalSettle(owner, TOKEN.USDC)],
  });
  f.putSettlementReceipt(POOL.crypto, MINT.USDC, "in-progress");
  const pending = withdrawalSettleTransaction(f.snapshot(), f.chains, { owner, tokenMint: MINT.USDC });
  assert.equal(pending.instructions.length, 2);
  assert.deepEqual(pending.unmetPreconditions, ["CUSTODY_SETTLEMENT_IN_PROGRESS"]);
  const notAsked = withdrawalSettleTransaction(f.snapshot(), f.chains, {
    owner,
    tokenMint: MINT.USDC,
    includeCustodySettlement: false,
  });
  assert.deepEqual(notAsked.unmetPreconditions, []);
});

Deno.test("withdrawal-settle: Token-2022 accounts for SPY", () => {
  const f = withLedger();
  expectPlan(withdrawalSettleTransaction(f.snapshot(), f.chains, { owner, tokenMint: MINT.SPY }), {
    feePayer: owner,
    instructions: [expectCreateAta(owner, owner, TOKEN.SPY), x.withdrawalSettle(owner, TOKEN.SPY)],
  });
});

Deno.test("withdrawal-settle: an owner without a ledger, or an unknown mint, is refused", () => {
  const f = fundsFixture();
  assertRejected(
    () => withdrawalSettleTransaction(f.snapshot(), f.chains, { owner, tokenMint: MINT.USDC }),
    "DEPOSIT_LEDGER_NOT_FOUND",
    "body.owner",
  );
  assertRejected(
    () => withdrawalSettleTransaction(f.snapshot(), f.chains, { owner, tokenMint: key("x") }),
    "UNKNOWN_SYMBOL",
  );
});
