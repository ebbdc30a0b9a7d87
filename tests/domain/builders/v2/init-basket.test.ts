import assert from "node:assert/strict";
import { BASKET_CAPACITIES, initBasketTransaction } from "../../../../src/domain/builders/v2/init-basket.ts";
import { key, PROGRAM } from "../../../helpers/hand-built-deployment.ts";
import { assertRejected, expectPlan, fundsFixture } from "./_funds.ts";
import { fundsInstructions } from "../../../helpers/expected-instructions.ts";

const x = fundsInstructions(PROGRAM.v2);

Deno.test("init-basket: the owner's basket, paid by the owner or by payer; the SDK's capacities", () => {
  const f = fundsFixture();
  const owner = key("new owner");
  const payer = key("payer");
  const a = initBasketTransaction(f.snapshot(), f.chains, { owner });
  expectPlan(a, { feePayer: owner, instructions: [x.initBasket(owner, owner)] });
  assert.deepEqual(a.unmetPreconditions, []);
  expectPlan(initBasketTransaction(f.snapshot(), f.chains, { owner, payer }), {
    feePayer: payer,
    instructions: [x.initBasket(owner, payer)],
  });
  assert.deepEqual(BASKET_CAPACITIES, {
    positionCapacity: 4,
    orderCapacity: 4,
    ledgerCapacity: 4,
    orderItemCapacity: 5,
  });
});

Deno.test("init-basket: a basket that exists, delegated or not, is SETUP_ALREADY_DONE", () => {
  const f = fundsFixture();
  const [base, delegated] = [key("base basket"), key("delegated basket")];
  f.putUndelegatedBasket(base);
  f.putDelegatedBasket(delegated);
  assertRejected(
    () => initBasketTransaction(f.snapshot(), f.chains, { owner: base }),
    "SETUP_ALREADY_DONE",
    "body.owner",
  );
  assertRejected(() => initBasketTransaction(f.snapshot(), f.chains, { owner: delegated }), "SETUP_ALREADY_DONE");
});
