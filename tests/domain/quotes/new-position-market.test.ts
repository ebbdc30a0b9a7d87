/** The market a new position opens on when two markets share target and side (SOL long). */
import assert from "node:assert/strict";
import { marketForNewPosition } from "../../../src/domain/quotes/new-position-market.ts";
import { buildFixture, M } from "../../helpers/hand-built-deployment.ts";

Deno.test("v2: the JitoSOL-collateral SOL long whatever pays (PROTOCOL-v2 §3.2 override); one market: that one", () => {
  const w = buildFixture().snapshot("v2");
  const longs = w.marketsFor("SOL", "Long");
  assert.deepEqual(longs.map((m) => m.pubkey), [M.v2.solLong, M.v2.solLongJito]);
  for (const paying of ["SOL", "WSOL", "USDC", "JitoSOL"]) {
    assert.equal(marketForNewPosition(w, longs, paying).pubkey, M.v2.solLongJito, paying);
  }
  // Order does not matter: the override names the market.
  assert.equal(marketForNewPosition(w, [...longs].reverse(), "SOL").pubkey, M.v2.solLongJito);
  assert.equal(marketForNewPosition(w, w.marketsFor("SOL", "Short"), "SOL").pubkey, M.v2.solShort);
});

Deno.test("earlier: the market whose collateral is the paying token, else the first", () => {
  const w = buildFixture().snapshot("earlier");
  const longs = w.marketsFor("SOL", "Long");
  assert.equal(marketForNewPosition(w, longs, "SOL").pubkey, M.earlier.solLong);
  assert.equal(marketForNewPosition(w, longs, "JitoSOL").pubkey, M.earlier.solLongJito);
  assert.equal(marketForNewPosition(w, longs, "USDC").pubkey, M.earlier.solLong);
});
