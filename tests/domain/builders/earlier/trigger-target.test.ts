/** How trigger-order requests address a position and order account. */
import assert from "node:assert/strict";
import {
  parseTriggerPrice,
  parseTriggerSize,
  requireOrderAccount,
  resolveTriggerTarget,
  triggerOrderOf,
} from "../../../../src/domain/builders/earlier/trigger-target.ts";
import { QuoteError } from "../../../../src/domain/quotes/result.ts";
import { positionAccount } from "../../../../src/protocol/accounts/mod.ts";
import { DAVE, EVE, MINT, solLongPosition } from "../../../helpers/hand-built-deployment.ts";
import { A, builderFixture } from "../../../helpers/earlier-builder-deployment.ts";
import { POOL } from "./_helpers.ts";

const SOL = A.custody(POOL, MINT.SOL);
const SOL_LONG = A.market(SOL, SOL, "Long");
const SOL_LONG_JITO = A.market(SOL, A.custody(POOL, MINT.JitoSOL), "Long");
const code = (c: string) => (e: unknown) => e instanceof QuoteError && e.code === c;

Deno.test("by key or by owner + market + side; the market the owner holds is preferred", () => {
  const f = builderFixture();
  const s = f.snapshot("earlier");
  const byKey = resolveTriggerTarget(s, { positionKey: A.position(DAVE, SOL_LONG) }, "open");
  assert.equal(byKey.owner, DAVE);
  assert.equal(byKey.market.pubkey, SOL_LONG);
  assert.equal(byKey.orderKey, A.order(DAVE, SOL_LONG));
  assert.ok(requireOrderAccount(byKey));
  const byOwner = resolveTriggerTarget(s, { owner: DAVE, marketSymbol: "SOL", side: "LONG" }, "open");
  assert.deepEqual({ ...byOwner, market: byOwner.market.pubkey }, { ...byKey, market: byKey.market.pubkey });
  // EVE holds a SOL long on the JitoSOL-collateral market only: that one is addressed.
  f.put(
    "earlier",
    A.position(EVE, SOL_LONG_JITO),
    positionAccount.earlier,
    solLongPosition("earlier", EVE, SOL_LONG_JITO),
  );
  const eve = resolveTriggerTarget(f.snapshot("earlier"), { owner: EVE, marketSymbol: "SOL", side: "LONG" }, "open");
  assert.equal(eve.market.pubkey, SOL_LONG_JITO);
  assert.throws(() => requireOrderAccount(eve), /order account .* not found/);
});

Deno.test("what each need requires of the position", () => {
  const s = builderFixture().snapshot("earlier");
  const eve = { owner: EVE, marketSymbol: "SOL", side: "LONG" as const };
  assert.throws(() => resolveTriggerTarget(s, eve, "open"), code("NOT_FOUND"));
  assert.throws(() => resolveTriggerTarget(s, eve, "account"), code("NOT_FOUND"));
  assert.equal(resolveTriggerTarget(s, eve, "none").positionKey, A.position(EVE, SOL_LONG));
  assert.throws(() => resolveTriggerTarget(s, { positionKey: A.position(EVE, SOL_LONG) }, "none"), code("NOT_FOUND"));
  assert.throws(
    () => resolveTriggerTarget(s, { ...eve, side: "SHORT", marketSymbol: "JitoSOL" }, "none"),
    code("UNKNOWN_MARKET"),
  );
});

Deno.test("trigger price and size parsing", () => {
  const s = builderFixture().snapshot("earlier");
  assert.deepEqual(parseTriggerPrice("123.456", -8), { price: 12_345_600_000n, exponent: -8 });
  assert.throws(() => parseTriggerPrice("0.000000001", -8), code("TRIGGER_PRICE_INVALID")); // rounds to zero
  const target = resolveTriggerTarget(s, { positionKey: A.position(DAVE, SOL_LONG) }, "open");
  assert.equal(parseTriggerSize("2.5", target.market, target.position), 2_500_000_000n);
  assert.throws(() => parseTriggerSize("0", target.market, target.position), code("ORDER_SIZE_INVALID"));
  assert.throws(() => parseTriggerSize("11", target.market, target.position), code("ORDER_SIZE_INVALID"));
  const order = triggerOrderOf(s, target, { triggerPriceUi: "200", sizeAmountUi: "1", isStopLoss: false });
  assert.equal(order.receive.pubkey, SOL);
  assert.equal(order.sizeAmount, 1_000_000_000n);
});
