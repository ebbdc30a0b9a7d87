/**
 * `maxProfitPriceUi` of the open-position TP/SL quotes (issue 12, the live service's field), worked by hand on the
 * hand-built deployment (tests/helpers/hand-built-deployment.ts: SOL 160.00, spread 0.1 %, open/close fee 0.1 %,
 * max payoff 100 %). Only a take-profit of a LONG on an uncorrelated market has one, so the tests make the SOL long
 * markets uncorrelated where they need it.
 */
import assert from "node:assert/strict";
import { openPositionQuote } from "../../../src/domain/quotes/open.ts";
import type { OpenPositionRequest } from "../../../src/domain/quotes/open-contract.ts";
import { maxProfitPriceUi, tpSlQuoteDto } from "../../../src/domain/quotes/tpsl.ts";
import { marketAccount } from "../../../src/protocol/accounts/mod.ts";
import { buildFixture, type Fixture, M } from "../../helpers/hand-built-deployment.ts";
import { aliceLong, long1Sol, ok } from "./_helpers.ts";
import { requirePosition } from "../../../src/domain/quotes/position-lookup.ts";

const withTriggers: OpenPositionRequest = { ...long1Sol, takeProfit: "200", stopLoss: "140" };

/**
 * The deployment with both SOL long markets uncorrelated (their payout is then USD-valued and capped): a new v2 SOL
 * long opens on the JitoSOL-collateral one whatever pays, ALICE's existing long sits on the SOL-collateral one.
 */
function uncorrelated(): Fixture {
  const f = buildFixture();
  for (const key of [M.v2.solLong, M.v2.solLongJito]) {
    const market = f.accounts.v2.get("Market", key)!;
    f.put("v2", key, marketAccount, { ...market, correlation: false });
  }
  return f;
}

Deno.test("take-profit of a new uncorrelated long: the price its profit is capped at, by hand", () => {
  const q = ok(openPositionQuote(uncorrelated().snapshot("v2"), withTriggers));
  // The new position (tests/domain/quotes/open.test.ts): 4 945 549 500 SOL-native @160.16, size $792.079207,
  // collateral after fee $159.20792.
  // locked USD = ⌊(792 079 207 + 159 207 920)·10 000 / 10 000⌋ = 951 287 127
  // The lock custody is JitoSOL at 180.00 (the SOL payment is valued at SOL's price):
  // locked amount = tokens($951.287127 at 180.00) = ⌊951 287 127·10^17 / 18 000 000 000 / 10^6⌋ = 5 284 928 483
  // payout room = usd(5 284 928 483 at 180.00) − collateral = ⌊951.28712694…⌋ 951 287 126 − 159 207 920 = 792 079 206
  // Δ (e−9) = ⌊792 079 206·10^12 / 4 945 549 500⌋ = 160 159 999 611 → e−8: 16 015 999 961
  // cap = 16 016 000 000 + 16 015 999 961 = 32 031 999 961 → 320.31999961 → "320.31" (SOL usdPrecision 2)
  assert.equal(q.dto.takeProfitQuote?.maxProfitPriceUi, "320.31");
  // A stop-loss has no ceiling.
  assert.equal(q.dto.stopLossQuote?.maxProfitPriceUi, null);
  // The rest of the TP/SL quotes is that of the correlated market (the payout cap is the same at 100 %).
  const correlated = ok(openPositionQuote(buildFixture().snapshot("v2"), withTriggers));
  assert.deepEqual(
    { ...q.dto.takeProfitQuote, maxProfitPriceUi: null },
    correlated.dto.takeProfitQuote,
  );
});

Deno.test("no ceiling on a correlated long or on a short", () => {
  const f = buildFixture();
  const long = ok(openPositionQuote(f.snapshot("v2"), withTriggers));
  assert.equal(long.dto.takeProfitQuote?.maxProfitPriceUi, null);
  const short = ok(openPositionQuote(f.snapshot("v2"), {
    ...withTriggers,
    inputTokenSymbol: "USDC",
    inputAmountUi: "100",
    tradeType: "SHORT",
    takeProfit: "120",
    stopLoss: "200",
  }));
  assert.ok(short.dto.takeProfitQuote);
  assert.equal(short.dto.takeProfitQuote.maxProfitPriceUi, null);
  assert.equal(short.dto.stopLossQuote?.maxProfitPriceUi, null);
});

Deno.test("maxProfitPriceUi of ALICE's SOL long, made uncorrelated, by hand; tpSlQuoteDto names it for a TP only", () => {
  const snapshot = uncorrelated().snapshot("v2");
  const { market, position } = requirePosition(snapshot, { ...aliceLong });
  const solPrice = { price: 16_000_000_000n, exponent: -8 };
  // 12 SOL locked at 160.00 = $1 920; room = 1 920 − 300 = $1 620 over 10 SOL: Δ = 162.00 → cap 150 + 162 = 312.00
  assert.equal(maxProfitPriceUi(market, position, solPrice), "312.00");
  const at = (kind: "takeProfit" | "stopLoss") =>
    tpSlQuoteDto(market, position, { price: 20_000_000_000n, exponent: -8 }, solPrice, snapshot.nowUnix, 0n, kind);
  assert.equal(at("takeProfit").maxProfitPriceUi, "312.00");
  assert.equal(at("stopLoss").maxProfitPriceUi, null);
});
