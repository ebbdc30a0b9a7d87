import assert from "node:assert/strict";
import { delegateBasketTransaction } from "../../../../src/domain/builders/v2/delegate-basket.ts";
import { key, PROGRAM } from "../../../helpers/hand-built-deployment.ts";
import { assertRejected, expectPlan, fundsFixture } from "./_funds.ts";
import { fundsInstructions } from "../../../helpers/expected-instructions.ts";

const x = fundsInstructions(PROGRAM.v2);

Deno.test("delegate-basket: built before the basket exists, reported as BASKET_MISSING; payer pays, owner does not sign", () => {
  const f = fundsFixture();
  const owner = key("new owner");
  const payer = key("payer");
  const plan = delegateBasketTransaction(f.snapshot(), f.chains, { owner, payer });
  expectPlan(plan, { feePayer: payer, instructions: [x.delegateBasket(owner, payer)] });
  assert.deepEqual(plan.unmetPreconditions, ["BASKET_MISSING"]);
});

Deno.test("delegate-basket: an undelegated basket is ready; a delegated one is SETUP_ALREADY_DONE", () => {
  const f = fundsFixture();
  const [base, delegated, baseOnly] = [key("base"), key("delegated"), key("base copy only")];
  f.putUndelegatedBasket(base);
  f.putDelegatedBasket(delegated);
  f.putDelegatedBasketBaseOnly(baseOnly);
  const plan = delegateBasketTransaction(f.snapshot(), f.chains, { owner: base });
  expectPlan(plan, { feePayer: base, instructions: [x.delegateBasket(base, base)] });
  assert.deepEqual(plan.unmetPreconditions, []);
  assertRejected(() => delegateBasketTransaction(f.snapshot(), f.chains, { owner: delegated }), "SETUP_ALREADY_DONE");
  assertRejected(() => delegateBasketTransaction(f.snapshot(), f.chains, { owner: baseOnly }), "SETUP_ALREADY_DONE");
});
