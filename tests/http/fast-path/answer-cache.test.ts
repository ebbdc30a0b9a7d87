/**
 * The pure quotes' answers cached by request (src/http/fast-path/answer-cache.ts, src/runtime/quote-answer-cache.ts)
 * through the app on the hand-built deployment: the same request in the same moment of the world is computed once
 * (counted, not timed) and answered with the same bytes; an account change, a price tick and a clock second each make
 * it computed again; what is not a pure quote's 200 is never cached. Every answer is checked against the contract by
 * `call()`.
 */
import assert from "node:assert/strict";
import { QuoteAnswerCache } from "../../../src/runtime/quote-answer-cache.ts";
import { basketAccount } from "../../../src/protocol/accounts/mod.ts";
import * as pda from "../../../src/protocol/pda.ts";
import { VirtualClock } from "../../../src/state/clock.ts";
import { call } from "../../helpers/contract.ts";
import { ALICE, aliceBasket, buildFixture, FEED, fixtureApp, M, PROGRAM } from "../../helpers/hand-built-deployment.ts";

const MARGIN = { owner: ALICE, marketSymbol: "SOL", side: "LONG", marginDeltaUsdUi: "10", action: "ADD" };
const OPEN_PREVIEW = {
  inputTokenSymbol: "SOL",
  outputTokenSymbol: "SOL",
  inputAmountUi: "2",
  leverage: 4,
  tradeType: "LONG",
};

function cachedQuotesApp() {
  const fixture = buildFixture();
  const clock = new VirtualClock(fixture.nowMs);
  const quotes = new QuoteAnswerCache(fixture.store, fixture.prices, clock);
  quotes.start();
  const app = fixtureApp(fixture, { clock, quotes });
  const post = (url: string, body: unknown, init?: RequestInit) => call(app, "POST", url, body, init);
  return { fixture, clock, quotes, post };
}

Deno.test("cached quotes: the same request in the same moment is computed once, with the same bytes", async () => {
  const { quotes, post, clock } = cachedQuotesApp();
  const first = await post("/v2/preview/margin", MARGIN);
  assert.equal(first.status, 200);
  assert.equal(quotes.cached, 1);
  clock.advance(300); // the same second
  const again = await post("/v2/preview/margin", MARGIN);
  assert.equal(again.text, first.text);
  assert.equal(again.headers.get("content-type"), first.headers.get("content-type"));
  assert.equal(quotes.hits, 1);
  assert.equal(quotes.cached, 1);

  // A preview-only builder and the earlier interface's previews are pure quotes too.
  const open = await post("/v2/transaction-builder/open-position", OPEN_PREVIEW);
  assert.equal(open.body.transactionBase64, null);
  assert.equal((await post("/v2/transaction-builder/open-position", OPEN_PREVIEW)).text, open.text);
  assert.equal(quotes.hits, 2);
});

Deno.test("cached quotes: an account change, a price tick and a clock second each compute the answer again", async (t) => {
  const { fixture, quotes, post, clock } = cachedQuotesApp();
  const before = await post("/v2/preview/margin", MARGIN);

  await t.step("a price tick", async () => {
    const held = fixture.prices.get(FEED.SOL)!;
    fixture.prices.set({ ...held, price: held.price + held.price / 10n, timestampUs: held.timestampUs + 1000n });
    const after = await post("/v2/preview/margin", MARGIN);
    assert.equal(quotes.hits, 0);
    assert.equal(quotes.cached, 2);
    assert.notEqual(after.body.newLiquidationPriceUi, undefined);
    assert.notEqual(after.text, before.text, "the answer follows the new price");
  });

  await t.step("an account change", async () => {
    const basket = aliceBasket();
    basket.positions = basket.positions.filter((p) => p.market !== M.v2.solShort);
    fixture.put("v2", pda.basket(PROGRAM.v2, ALICE), basketAccount, basket);
    await post("/v2/preview/margin", MARGIN);
    assert.equal(quotes.hits, 0);
    assert.equal(quotes.cached, 3);
  });

  await t.step("a clock second", async () => {
    clock.advance(1000);
    await post("/v2/preview/margin", MARGIN);
    assert.equal(quotes.hits, 0);
    assert.equal(quotes.cached, 4);
    await post("/v2/preview/margin", MARGIN);
    assert.equal(quotes.hits, 1, "then cached again for that second");
  });
});

Deno.test("cached quotes: what is not a pure quote's answer to this exact request is never cached or served", async (t) => {
  const { quotes, post } = cachedQuotesApp();
  await post("/v2/preview/margin", MARGIN);
  assert.equal(quotes.cached, 1);

  await t.step("another body, another URL: computed", async () => {
    await post("/v2/preview/margin", { ...MARGIN, marginDeltaUsdUi: "11" });
    await post("/preview/margin", MARGIN);
    assert.equal(quotes.hits, 0);
  });

  await t.step("the same body with a content type that is not JSON: refused, not answered from memory", async () => {
    const refused = await post("/v2/preview/margin", JSON.stringify(MARGIN), {
      headers: { "content-type": "text/plain" },
    });
    assert.equal(refused.status, 400);
    assert.equal(quotes.hits, 0);
  });

  await t.step("refusals are not cached", async () => {
    const cached = quotes.cached;
    const invalid = { ...MARGIN, marginDeltaUsdUi: "ten" };
    assert.equal((await post("/v2/preview/margin", invalid)).status, 400);
    assert.equal((await post("/v2/preview/margin", invalid)).status, 400);
    const missing = { mode: "forward", owner: ALICE, marketSymbol: "SOL", side: "LONG" };
    assert.equal((await post("/v2/preview/tp-sl", missing)).status, 400);
    assert.equal(quotes.cached, cached);
  });

  await t.step("a builder's answer is not cached, even a 200 quote failure (its transaction: tests/e2e)", async () => {
    const cached = quotes.cached;
    const withOwner = { ...OPEN_PREVIEW, owner: ALICE };
    const refused = await post("/v2/transaction-builder/open-position", withOwner);
    assert.equal(refused.body.code, "INSUFFICIENT_COLLATERAL");
    await post("/v2/transaction-builder/open-position", withOwner);
    assert.equal(quotes.cached, cached);
    assert.equal(quotes.hits, 0);
  });
});

Deno.test("cached quotes: nothing is cached before start() or after stop()", async () => {
  const fixture = buildFixture();
  const quotes = new QuoteAnswerCache(fixture.store, fixture.prices, { nowMs: () => fixture.nowMs });
  const app = fixtureApp(fixture, { quotes });
  const first = await call(app, "POST", "/v2/preview/margin", MARGIN);
  await call(app, "POST", "/v2/preview/margin", MARGIN);
  assert.equal(quotes.cached, 0);
  quotes.start();
  await call(app, "POST", "/v2/preview/margin", MARGIN);
  assert.equal((await call(app, "POST", "/v2/preview/margin", MARGIN)).text, first.text);
  assert.equal(quotes.hits, 1);
  quotes.stop();
  await call(app, "POST", "/v2/preview/margin", MARGIN);
  assert.equal(quotes.hits, 1);
});
