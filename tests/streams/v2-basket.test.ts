/** The basket stream over the hand-built deployment: what it sends and when, with fake sockets. */
import assert from "node:assert/strict";
import { basketAccount } from "../../src/protocol/accounts/mod.ts";
import * as pda from "../../src/protocol/pda.ts";
import { v2BasketStream } from "../../src/streams/v2-basket.ts";
import {
  ALICE,
  aliceBasket,
  BOB,
  buildFixture,
  custodyAddress,
  FEED,
  M,
  PROGRAM,
  solLongPosition,
} from "../helpers/hand-built-deployment.ts";
import { hubOverFixture } from "./_helpers.ts";

const basketStream = (fixture = buildFixture()) =>
  hubOverFixture("v2", (views) => v2BasketStream(views, PROGRAM.v2), fixture);

Deno.test("basket stream: `basket` first (the REST payload), then `metrics` every interval", async () => {
  const s = basketStream();
  const socket = await s.open(ALICE, {});
  const [first] = socket.messages();
  assert.equal(first.type, "basket");
  assert.equal(JSON.stringify(first.data), s.views.basket(ALICE).json);
  s.timers.advance(2000);
  const later = socket.messages().slice(1);
  assert.deepEqual(later.map((m) => m.type), ["metrics", "metrics"]);
  assert.deepEqual(later[0].data, JSON.parse(s.views.basket(ALICE).json).positionMetrics);
});

Deno.test("basket stream: a basket change is sent at once; later metrics never show a position it dropped", async () => {
  const s = basketStream();
  const socket = await s.open(ALICE, {});
  s.timers.advance(1000);
  const basket = aliceBasket();
  basket.positions = basket.positions.filter((p) => p.market !== M.v2.solShort);
  s.fixture.put("v2", pda.basket(PROGRAM.v2, ALICE), basketAccount, basket);
  await Promise.resolve();
  const afterChange = socket.messages().at(-1)!;
  assert.equal(afterChange.type, "basket");
  assert.deepEqual(Object.keys((afterChange.data as { positionMetrics: object }).positionMetrics), [M.v2.solLong]);
  s.timers.advance(2000);
  const metrics = socket.messages().slice(-2);
  for (const m of metrics) {
    assert.equal(m.type, "metrics");
    assert.deepEqual(Object.keys(m.data as object), [M.v2.solLong]);
  }
});

Deno.test("basket stream: an owner without a basket gets the nulls, then frames once a basket appears", async () => {
  const s = basketStream();
  const socket = await s.open(BOB, {});
  assert.deepEqual(socket.messages(), [{
    type: "basket",
    data: { owner: BOB, basketPubkey: null, basketData: null, positionMetrics: {}, orderMetrics: {} },
  }]);
  s.timers.advance(3000);
  assert.equal(socket.sent.length, 1, "no basket, no metrics");
  const bobBasket = { ...aliceBasket(), owner: BOB };
  bobBasket.positions = [{ market: M.v2.solLong, position: solLongPosition("v2", BOB, M.v2.solLong) }];
  s.fixture.put("v2", pda.basket(PROGRAM.v2, BOB), basketAccount, bobBasket);
  await Promise.resolve();
  const appeared = socket.messages()[1];
  assert.equal(appeared.type, "basket");
  assert.equal((appeared.data as { basketPubkey: string }).basketPubkey, pda.basket(PROGRAM.v2, BOB));
  s.timers.advance(1000);
  assert.equal(socket.messages()[2].type, "metrics");
});

Deno.test("basket stream: a stale price pauses metrics (DECISIONS 5.9), a fresh one resumes them", async () => {
  const fixture = buildFixture({ prices: { SOL: { ageMs: 59_000 } } });
  const s = basketStream(fixture);
  const socket = await s.open(ALICE, {});
  s.timers.advance(1000);
  assert.equal(socket.messages().at(-1)!.type, "metrics");
  s.clock.advance(2_000); // SOL's last update is now 61 s old
  s.timers.advance(3000);
  assert.equal(socket.messages().filter((m) => m.type === "metrics").length, 1, "paused");
  const held = fixture.prices.get(FEED.SOL)!;
  fixture.prices.set({ ...held, timestampUs: BigInt(s.clock.nowMs()) * 1000n });
  s.timers.advance(1000);
  assert.equal(socket.messages().filter((m) => m.type === "metrics").length, 2, "resumed");
});

Deno.test("basket stream: only basket accounts of the v2 program concern it", () => {
  const s = basketStream();
  const definition = v2BasketStream(s.views, PROGRAM.v2);
  const basketKey = pda.basket(PROGRAM.v2, ALICE);
  const account = s.fixture.store.get(basketKey)!;
  assert.deepEqual([...definition.ownersChangedBy({ pubkey: basketKey, before: account, after: null })], [ALICE]);
  const custody = s.fixture.store.get(custodyAddress("v2", "Crypto.1", "SOL"))!;
  assert.deepEqual([...definition.ownersChangedBy({ pubkey: "x", before: null, after: custody })], []);
  const foreign = { ...account, owner: PROGRAM.earlier };
  assert.deepEqual([...definition.ownersChangedBy({ pubkey: basketKey, before: null, after: foreign })], []);
});
