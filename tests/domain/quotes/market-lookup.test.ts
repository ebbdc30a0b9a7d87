/** Symbols to tokens, markets, custodies and prices on the hand-built deployment (SPY's feed is `closed`). */
import assert from "node:assert/strict";
import {
  oppositeMarkets,
  requireCustodyInPool,
  requireMarkets,
  requireOpenSession,
  requirePrice,
  requireToken,
  tradePrices,
} from "../../../src/domain/quotes/market-lookup.ts";
import { buildFixture, M } from "../../helpers/hand-built-deployment.ts";
import { failureOf as failure, tradingFixture } from "../builders/v2/_helpers.ts";

Deno.test("tokens and markets by symbol, in configuration order; unknown ones are refused by name", () => {
  const s = buildFixture().snapshot("v2");
  assert.equal(requireToken(s, "SOL").symbol, "SOL");
  assert.deepEqual(failure(() => requireToken(s, "NOPE")), {
    code: "UNKNOWN_SYMBOL",
    err: "unknown token symbol 'NOPE'",
  });
  assert.deepEqual(requireMarkets(s, "SOL", "Long").map((m) => m.pubkey), [M.v2.solLong, M.v2.solLongJito]);
  assert.deepEqual(failure(() => requireMarkets(s, "USDC", "Long")), {
    code: "UNKNOWN_MARKET",
    err: "no LONG market for symbol 'USDC'",
  });
  const long = s.market(M.v2.solLong)!;
  assert.deepEqual(oppositeMarkets(s, long).map((m) => m.pubkey), [M.v2.solShort]);
  assert.equal(requireCustodyInPool(s, "USDC", long.pool).config.symbol, "USDC");
  assert.equal(failure(() => requireCustodyInPool(s, "SPY", long.pool))?.code, "UNKNOWN_SYMBOL");
});

Deno.test("prices: a closed session is quoted, not traded", () => {
  const s = buildFixture().snapshot("v2");
  const spy = requirePrice(s, requireToken(s, "SPY"));
  assert.equal(spy.session, "closed");
  assert.deepEqual(failure(() => requireOpenSession(spy, "SPY")), {
    code: "MARKET_CLOSED",
    err: "market for symbol 'SPY' is closed",
  });
  const spyLong = requireMarkets(s, "SPY", "Long")[0];
  const quoted = tradePrices(s, spyLong, false);
  assert.equal(quoted.target, quoted.collateral, "a correlated market's collateral is its target: one price");
  assert.equal(failure(() => tradePrices(s, spyLong, true))?.code, "MARKET_CLOSED");
  const short = s.market(M.v2.solShort)!;
  const p = tradePrices(s, short, true);
  assert.equal(p.collateral.price.price, requirePrice(s, requireToken(s, "USDC")).price.price);
});

Deno.test("requireMarkets: collateralSymbol keeps the market of that collateral (DECISIONS 5.21)", () => {
  const w = tradingFixture().snapshot("v2");
  const keys = (collateral?: string) => requireMarkets(w, "SOL", "Long", collateral).map((m) => m.pubkey);
  assert.deepEqual(keys(), [M.v2.solLong, M.v2.solLongJito]);
  assert.deepEqual(keys("JitoSOL"), [M.v2.solLongJito]);
  assert.deepEqual(keys("SOL"), [M.v2.solLong]);
  // WSOL is SOL's mint under another symbol.
  assert.deepEqual(keys("WSOL"), [M.v2.solLong]);
  assert.deepEqual(failure(() => keys("USDC")), {
    code: "UNKNOWN_MARKET",
    err: "no LONG market for symbol 'SOL' with USDC collateral",
  });
  assert.equal(failure(() => keys("XYZ"))?.code, "UNKNOWN_SYMBOL");
});
