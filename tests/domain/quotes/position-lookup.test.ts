/** The position a request names, on the hand-built deployment: ALICE (v2 basket) and DAVE (earlier accounts). */
import assert from "node:assert/strict";
import {
  basketPositionIn,
  closeBasis,
  existingPosition,
  requirePosition,
} from "../../../src/domain/quotes/position-lookup.ts";
import { tradePrices } from "../../../src/domain/quotes/market-lookup.ts";
import { ALICE, BOB, buildFixture, DAVE, EVE, M } from "../../helpers/hand-built-deployment.ts";
import { failureOf as failure } from "../builders/v2/_helpers.ts";

Deno.test("v2: the basket entry of the market the position is actually in; no basket, no position", () => {
  const s = buildFixture().snapshot("v2");
  const longs = [s.market(M.v2.solLong)!, s.market(M.v2.solLongJito)!];
  const ref = requirePosition(s, { owner: ALICE, marketSymbol: "SOL", side: "LONG" });
  assert.equal(ref.market.pubkey, M.v2.solLong);
  assert.equal(existingPosition(s, ALICE, longs)?.market.pubkey, M.v2.solLong);
  // The JitoSOL-collateral entry is empty: not a position.
  assert.equal(basketPositionIn(s, ALICE, [longs[1]]).found, undefined);
  assert.deepEqual(failure(() => requirePosition(s, { owner: BOB, marketSymbol: "SOL", side: "LONG" })), {
    code: "BASKET_NOT_FOUND",
    err: `no basket for owner ${BOB}`,
  });
  assert.equal(existingPosition(s, BOB, longs), undefined);
});

Deno.test("earlier: by owner and side, or by position account; empty or unknown ones are refused", () => {
  const s = buildFixture().snapshot("earlier");
  const ref = requirePosition(s, { owner: DAVE, marketSymbol: "SOL", side: "SHORT" });
  assert.equal(ref.owner, DAVE);
  assert.deepEqual(requirePosition(s, { positionKey: ref.key }), ref);
  assert.deepEqual(failure(() => requirePosition(s, { owner: EVE, marketSymbol: "SOL", side: "LONG" })), {
    code: "POSITION_NOT_FOUND",
    err: "Position is empty",
  });
  assert.deepEqual(failure(() => requirePosition(s, { positionKey: EVE })), {
    code: "POSITION_NOT_FOUND",
    err: `position account ${EVE} not found`,
  });
  const basis = closeBasis(s, ref.market, ref.position, tradePrices(s, ref.market, true));
  assert.equal(basis.side, ref.market.side);
  assert.equal(basis.nowUnix, s.nowUnix);
});
