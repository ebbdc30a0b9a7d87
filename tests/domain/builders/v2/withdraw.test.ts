import assert from "node:assert/strict";
import { withdrawTransaction } from "../../../../src/domain/builders/v2/withdraw.ts";
import { key, MINT, PROGRAM } from "../../../helpers/hand-built-deployment.ts";
import { assertRejected, expectPlan, fundsFixture, TOKEN } from "./_funds.ts";
import { programAddresses } from "../../../helpers/expected-accounts.ts";
import { expectCreateAta, expectTransfer, fundsInstructions } from "../../../helpers/expected-instructions.ts";

const x = fundsInstructions(PROGRAM.v2);
const r = programAddresses(PROGRAM.v2);
const owner = key("owner");
const feePayer = key("fee payer");

/** An owner who deposited 100 USDC and 2 SOL, basket delegated; trade vaults holding 50 USDC and 10 SOL. */
function funded() {
  const f = fundsFixture();
  f.putLedger(owner, [{ mint: MINT.USDC, amount: 100_000_000n }, { mint: MINT.SOL, amount: 2_000_000_000n }]);
  f.putDelegatedBasket(owner);
  f.putTradeVault(MINT.USDC, 50_000_000n);
  f.putTradeVault(MINT.SOL, 10_000_000_000n);
  return f;
}

Deno.test("withdraw: top-up, owner's ATA, withdrawal_with_action; owner pays the fee, both sign", () => {
  const f = funded();
  const plan = withdrawTransaction(f.snapshot(), f.chains, {
    owner,
    tokenSymbol: "USDC",
    amount: "50",
    feePayer,
    feePayerTopUpLamports: 20_000_000,
  });
  expectPlan(plan, {
    feePayer: owner,
    signers: [owner, feePayer],
    instructions: [
      expectTransfer(owner, feePayer, 20_000_000n),
      expectCreateAta(owner, owner, TOKEN.USDC),
      x.withdrawalWithAction(owner, feePayer, TOKEN.USDC, 50_000_000n),
    ],
  });
  assert.deepEqual(
    [plan.receipt, plan.custodySettlementRequired, plan.isNativeSol, plan.unmetPreconditions],
    [r.escrow(owner, MINT.USDC), false, false, []],
  );
});

Deno.test("withdraw: custody settlement required exactly when the vault's balance is below the amount", () => {
  const f = funded();
  const required = (amount: string) =>
    withdrawTransaction(f.snapshot(), f.chains, { owner, tokenSymbol: "USDC", amount, feePayer })
      .custodySettlementRequired;
  assert.equal(required("50"), false);
  assert.equal(required("50.000001"), true);
  // No trade vault at all counts as an empty one.
  const g = fundsFixture();
  g.putLedger(owner);
  const plan = withdrawTransaction(g.snapshot(), g.chains, { owner, tokenSymbol: "SPY", amount: "1", feePayer });
  assert.equal(plan.custodySettlementRequired, true);
  assert.ok(plan.unmetPreconditions.includes("TRADE_VAULT_MISSING"));
});

Deno.test("withdraw: native SOL arrives wrapped; no top-up means no transfer", () => {
  const f = funded();
  const plan = withdrawTransaction(f.snapshot(), f.chains, { owner, tokenSymbol: "SOL", amount: "1.5", feePayer });
  expectPlan(plan, {
    feePayer: owner,
    signers: [owner, feePayer],
    instructions: [
      expectCreateAta(owner, owner, TOKEN.SOL),
      x.withdrawalWithAction(owner, feePayer, TOKEN.SOL, 1_500_000_000n),
    ],
  });
  assert.equal(plan.isNativeSol, true);
});

Deno.test("withdraw: what the rollup step needs is reported, in flow order", () => {
  const f = fundsFixture();
  f.putLedger(owner, [{ mint: MINT.USDC, amount: 1_000_000n }]);
  f.putEscrow(owner, MINT.USDC, 1n, "in-progress");
  const unmet = (amount: string) =>
    withdrawTransaction(f.snapshot(), f.chains, { owner, tokenSymbol: "USDC", amount, feePayer }).unmetPreconditions;
  assert.deepEqual(unmet("2"), [
    "BASKET_MISSING",
    "TRADE_VAULT_MISSING",
    "INSUFFICIENT_AVAILABLE_BALANCE",
    "WITHDRAWAL_IN_PROGRESS",
  ]);
  f.putUndelegatedBasket(owner);
  f.putTradeVault(MINT.USDC, 5n);
  assert.deepEqual(unmet("1"), ["BASKET_NOT_DELEGATED", "WITHDRAWAL_IN_PROGRESS"]);
});

Deno.test("withdraw: feePayer = owner, an owner who never deposited, bad token or amount: refused", () => {
  const f = funded();
  const body = { owner, tokenSymbol: "USDC", amount: "1", feePayer };
  const build = (change: Partial<typeof body>) => () =>
    withdrawTransaction(f.snapshot(), f.chains, { ...body, ...change });
  assertRejected(build({ feePayer: owner }), "FEE_PAYER_CONFLICT", "body.feePayer");
  assertRejected(build({ owner: key("never deposited") }), "DEPOSIT_LEDGER_NOT_FOUND", "body.owner");
  assertRejected(build({ tokenSymbol: "NOPE" }), "UNKNOWN_SYMBOL");
  assertRejected(build({ amount: "0" }), "INVALID_DECIMAL");
});
