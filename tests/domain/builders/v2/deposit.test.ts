import assert from "node:assert/strict";
import { depositTransactions } from "../../../../src/domain/builders/v2/deposit.ts";
import { key, MINT, PROGRAM } from "../../../helpers/hand-built-deployment.ts";
import { assertRejected, expectPlan, fundsFixture, TOKEN } from "./_funds.ts";
import { expectCreateAta, expectWrapSol, fundsInstructions } from "../../../helpers/expected-instructions.ts";

const x = fundsInstructions(PROGRAM.v2);

/** The plan's steps as one transaction (what the handler builds when they fit, which they always do here). */
const flat = (plan: ReturnType<typeof depositTransactions>) => ({
  ...plan,
  instructions: plan.steps.flatMap((s) => s.instructions),
});

Deno.test("deposit: a fresh owner gets ledger, basket, deposit, delegation — in that order, owner paying", () => {
  const f = fundsFixture();
  f.putTradeVault(MINT.USDC, 0n);
  const owner = key("fresh");
  const plan = depositTransactions(f.snapshot(), f.chains, { owner, tokenSymbol: "USDC", amount: "100" });
  assert.deepEqual(plan.steps.map((s) => s.step), [
    "init-deposit-ledger",
    "init-basket",
    "deposit-direct",
    "delegate-basket",
  ]);
  assert.deepEqual(plan.unmetPreconditions, []);
  expectPlan(flat(plan), {
    feePayer: owner,
    instructions: [
      x.initDepositLedger(owner, owner),
      x.initBasket(owner, owner),
      expectCreateAta(owner, owner, TOKEN.USDC),
      x.depositDirect(owner, owner, TOKEN.USDC, 100_000_000n),
      x.delegateBasket(owner, owner),
    ],
  });
});

Deno.test("deposit: native SOL wrapped inside the bundle; the trade vault is the only thing it cannot create", () => {
  const f = fundsFixture();
  const owner = key("fresh");
  const plan = depositTransactions(f.snapshot(), f.chains, { owner, tokenSymbol: "WSOL", amount: "1" });
  assert.deepEqual(plan.unmetPreconditions, ["TRADE_VAULT_MISSING"]);
  expectPlan(flat(plan), {
    feePayer: owner,
    instructions: [
      x.initDepositLedger(owner, owner),
      x.initBasket(owner, owner),
      ...expectWrapSol(owner, 1_000_000_000n),
      x.depositDirect(owner, owner, TOKEN.SOL, 1_000_000_000n),
      x.delegateBasket(owner, owner),
    ],
  });
});

Deno.test("deposit: only the missing steps", () => {
  const f = fundsFixture();
  const [ledgerOnly, undelegated, ready, delegatedNoLedger] = ["l", "u", "r", "d"].map((l) => key(`owner ${l}`));
  f.putLedger(ledgerOnly);
  f.putLedger(undelegated);
  f.putUndelegatedBasket(undelegated);
  f.putLedger(ready);
  f.putDelegatedBasket(ready);
  f.putDelegatedBasket(delegatedNoLedger);
  const steps = (owner: string) =>
    depositTransactions(f.snapshot(), f.chains, { owner, tokenSymbol: "SPY", amount: "1" }).steps.map((s) => s.step);
  assert.deepEqual(steps(ledgerOnly), ["init-basket", "deposit-direct", "delegate-basket"]);
  assert.deepEqual(steps(undelegated), ["deposit-direct", "delegate-basket"]);
  assert.deepEqual(steps(ready), ["deposit-direct"]);
  assert.deepEqual(steps(delegatedNoLedger), ["init-deposit-ledger", "deposit-direct"]);
});

Deno.test("deposit: unknown symbol and bad amounts are refused", () => {
  const f = fundsFixture();
  const owner = key("fresh");
  assertRejected(
    () => depositTransactions(f.snapshot(), f.chains, { owner, tokenSymbol: "NOPE", amount: "1" }),
    "UNKNOWN_SYMBOL",
    "body.tokenSymbol",
  );
  assertRejected(
    () => depositTransactions(f.snapshot(), f.chains, { owner, tokenSymbol: "USDC", amount: "0" }),
    "INVALID_DECIMAL",
  );
});
