/** The earlier-interface owner stream over the hand-built deployment, with fake sockets. */
import assert from "node:assert/strict";
import { orderAccount, positionAccount } from "../../src/protocol/accounts/mod.ts";
import * as pda from "../../src/protocol/pda.ts";
import { earlierOwnerStream } from "../../src/streams/earlier-owner.ts";
import { buildFixture, DAVE, M, orderAccountOf, PROGRAM, solLongPosition } from "../helpers/hand-built-deployment.ts";
import { hubOverFixture } from "./_helpers.ts";

const ownerStream = (fixture = buildFixture()) =>
  hubOverFixture("earlier", (views) => earlierOwnerStream(views, PROGRAM.earlier), fixture);

Deno.test("owner stream: one `positions` and one `orders` on connect, then `positions` every interval", async () => {
  const s = ownerStream();
  const socket = await s.open(DAVE, { includePnlInLeverageDisplay: false });
  const [positions, orders] = socket.messages();
  assert.equal(positions.type, "positions");
  assert.equal(JSON.stringify(positions.data), s.views.positions(DAVE, false).json);
  assert.equal(orders.type, "orders");
  assert.equal(JSON.stringify(orders.data), s.views.orders(DAVE).json);
  s.timers.advance(3000);
  assert.deepEqual(socket.messages().slice(2).map((m) => m.type), ["positions", "positions", "positions"]);
});

Deno.test("owner stream: includePnlInLeverageDisplay is honoured per socket", async () => {
  const s = ownerStream();
  const plain = await s.open(DAVE, { includePnlInLeverageDisplay: false });
  const withPnl = await s.open(DAVE, { includePnlInLeverageDisplay: true });
  s.timers.advance(1000);
  assert.equal(JSON.stringify(withPnl.messages().at(-1)!.data), s.views.positions(DAVE, true).json);
  assert.equal(JSON.stringify(plain.messages().at(-1)!.data), s.views.positions(DAVE, false).json);
  assert.notEqual(s.views.positions(DAVE, true).json, s.views.positions(DAVE, false).json);
});

Deno.test("owner stream: `orders` again when an order account changes, not when a position does", async () => {
  const s = ownerStream();
  const socket = await s.open(DAVE, { includePnlInLeverageDisplay: false });
  const key = pda.position(PROGRAM.earlier, DAVE, M.earlier.solLong);
  s.fixture.put("earlier", key, positionAccount.earlier, {
    ...solLongPosition("earlier", DAVE, M.earlier.solLong),
    sizeAmount: 0n,
  });
  await Promise.resolve();
  assert.equal(socket.sent.length, 2, "a position change waits for the next interval");
  s.timers.advance(1000);
  const positions = socket.messages().at(-1)!;
  assert.equal(positions.type, "positions");
  assert.equal((positions.data as unknown[]).length, 1, "the closed position left the listing");

  const order = orderAccountOf("earlier", DAVE, M.earlier.solLong);
  order.limitOrders = order.limitOrders.map((slot) => ({ ...slot, sizeAmount: 0n }));
  s.fixture.put("earlier", pda.order(PROGRAM.earlier, DAVE, M.earlier.solLong), orderAccount.earlier, order);
  await Promise.resolve();
  const orders = socket.messages().at(-1)!;
  assert.equal(orders.type, "orders");
  assert.equal(JSON.stringify(orders.data), s.views.orders(DAVE).json);
});

Deno.test("owner stream: a stale price pauses `positions` (DECISIONS 5.9)", async () => {
  const s = ownerStream(buildFixture({ prices: { SOL: { ageMs: 61_000 } } }));
  const socket = await s.open(DAVE, { includePnlInLeverageDisplay: false });
  s.timers.advance(3000);
  assert.deepEqual(socket.messages().map((m) => m.type), ["positions", "orders"], "the opening is sent, then pause");
});
