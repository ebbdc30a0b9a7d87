/**
 * The stream hub without sockets: fake sockets, a stream definition that counts its work, the real memory
 * connection store and timers moved by hand. Real sockets are exercised in tests/e2e/streams.test.ts.
 */
import assert from "node:assert/strict";
import { MemoryConnectionStore } from "../../src/limits/connection-store.ts";
import type { AccountChange, AccountChangeListener } from "../../src/state/account-store.ts";
import type { SlotRefusal } from "../../src/limits/mod.ts";
import {
  CLOSE,
  type ConnectionEvents,
  type HubOptions,
  OPEN_DEADLINE_MS,
  type StreamDefinition,
  StreamHub,
  type TickReport,
} from "../../src/streams/hub.ts";
import { ManualTimers } from "./_timers.ts";
import { FakeSocket } from "./_helpers.ts";

/** A stream whose messages name the owner and a counter, so a test sees what was computed and what was shared. */
function countingStream() {
  const calls = { opening: 0, periodic: 0, changed: 0 };
  const paused = new Set<string>();
  const definition: StreamDefinition<{ variant: string }> = {
    name: "v2",
    variant: (p) => p.variant,
    opening: (owner) => {
      calls.opening++;
      return [`open:${owner}:1`, `open:${owner}:2`];
    },
    periodic: (owner, p) => {
      calls.periodic++;
      return paused.has(owner) ? undefined : `tick:${owner}:${p.variant}:${calls.periodic}`;
    },
    ownersChangedBy: (change) => [change.pubkey],
    changed: (owner) => `changed:${owner}:${++calls.changed}`,
  };
  return { definition, calls, paused };
}

class FakeAccounts {
  readonly listeners = new Set<AccountChangeListener>();
  subscribe(listener: AccountChangeListener) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  /** A change to the account `pubkey` (the counting stream routes it to the owner of that name). */
  emit(pubkey: string) {
    const change: AccountChange = { pubkey, before: null, after: null };
    for (const listener of this.listeners) listener(change);
  }
}

type Connected = { socket: FakeSocket; events: ConnectionEvents } | { refused: SlotRefusal };

function setup(options: Partial<HubOptions> = {}, limits = { perOwner: 5, global: 100 }) {
  const timers = new ManualTimers();
  const store = new MemoryConnectionStore(limits);
  const gauge = { opened: 0, closed: 0 };
  const accounts = new FakeAccounts();
  const ticks: TickReport[] = [];
  const { definition, calls, paused } = countingStream();
  const hub = new StreamHub(definition, {
    limits: store,
    metrics: { wsOpened: () => gauge.opened++, wsClosed: () => gauge.closed++ },
    accounts,
    maxBufferedBytes: 1000,
    timers,
    onTick: (report) => ticks.push(report),
    ...options,
  });
  hub.start();
  const connect = async (owner: string, intervalMs = 1000, variant = ""): Promise<Connected> => {
    const admission = await hub.admit(owner);
    if (!admission.ok) return { refused: admission.code };
    const socket = new FakeSocket();
    const events = admission.connect({ variant }, intervalMs);
    events.opened(socket);
    return { socket, events };
  };
  return { hub, timers, store, gauge, accounts, ticks, calls, paused, connect };
}

async function open(s: ReturnType<typeof setup>, owner: string, intervalMs = 1000, variant = "") {
  const c = await s.connect(owner, intervalMs, variant);
  if ("refused" in c) throw new Error(`refused: ${c.refused}`);
  return c;
}

const ticksOf = (socket: FakeSocket) => socket.sent.filter((m) => m.startsWith("tick:"));

Deno.test("hub: the opening messages first, then the periodic message at the interval", async () => {
  const s = setup();
  const { socket } = await open(s, "alice", 1000);
  assert.deepEqual(socket.sent, ["open:alice:1", "open:alice:2"]);
  assert.deepEqual(s.gauge, { opened: 1, closed: 0 });
  s.timers.advance(3000);
  assert.equal(ticksOf(socket).length, 3);
});

Deno.test("hub: one computation per owner and tick, the same text to each of the owner's sockets", async () => {
  const s = setup();
  const a = await open(s, "alice");
  const b = await open(s, "alice");
  const c = await open(s, "alice");
  const other = await open(s, "bob");
  s.timers.advance(1000);
  assert.equal(s.calls.periodic, 2, "alice once, bob once");
  assert.deepEqual(ticksOf(a.socket), ticksOf(b.socket));
  assert.deepEqual(ticksOf(a.socket), ticksOf(c.socket));
  assert.equal(ticksOf(other.socket).length, 1);
  const sends = s.ticks.reduce((n, t) => n + t.sends, 0);
  const messages = s.ticks.reduce((n, t) => n + t.messages, 0);
  assert.deepEqual({ sends, messages }, { sends: 4, messages: 2 });
});

Deno.test("hub: sockets sharing an interval share one timer; variants of one owner are computed apart", async () => {
  const s = setup();
  for (let i = 0; i < 20; i++) await open(s, `owner-${i}`, 500);
  assert.equal(s.timers.pending, 1, "twenty sockets at 500 ms: one timer");
  await open(s, "owner-0", 2000);
  assert.equal(s.timers.pending, 2, "another interval: its own timer");
  const plain = await open(s, "carol", 1000, "");
  const withPnl = await open(s, "carol", 1000, "pnl");
  s.timers.advance(1000);
  assert.notDeepEqual(ticksOf(plain.socket), ticksOf(withPnl.socket));
  assert.match(ticksOf(withPnl.socket)[0], /^tick:carol:pnl:/);
});

Deno.test("hub: a paused owner gets no periodic message (nothing computed to send)", async () => {
  const s = setup();
  const { socket } = await open(s, "alice");
  s.paused.add("alice");
  s.timers.advance(2000);
  assert.equal(ticksOf(socket).length, 0);
  s.paused.delete("alice");
  s.timers.advance(1000);
  assert.equal(ticksOf(socket).length, 1);
});

Deno.test("hub: account changes reach the owner's sockets once per batch, after every listener saw them", async () => {
  const s = setup();
  const a = await open(s, "alice");
  const b = await open(s, "alice");
  s.accounts.emit("alice");
  s.accounts.emit("alice");
  s.accounts.emit("nobody-listening");
  assert.equal(s.calls.changed, 0, "not in the notifying call");
  await Promise.resolve();
  assert.equal(s.calls.changed, 1, "two changes in one batch: one message");
  assert.equal(a.socket.sent.at(-1), "changed:alice:1");
  assert.equal(b.socket.sent.at(-1), "changed:alice:1");
  s.hub.stop();
  s.accounts.emit("alice");
  await Promise.resolve();
  assert.equal(s.calls.changed, 1, "stopped: no longer listening");
});

Deno.test("hub: the limits are taken before the upgrade (per owner, then global)", async () => {
  const s = setup({}, { perOwner: 2, global: 3 });
  await open(s, "alice");
  await open(s, "alice");
  assert.deepEqual(await s.connect("alice"), { refused: "WS_OWNER_LIMIT" });
  await open(s, "bob");
  assert.deepEqual(await s.connect("carol"), { refused: "WS_GLOBAL_LIMIT" });
  assert.equal(s.store.localCount, 3);
});

Deno.test("hub: one close path — the slot and the gauge move once, whoever closes and however often", async () => {
  const s = setup({}, { perOwner: 1, global: 10 });
  const { socket, events } = await open(s, "alice");
  events.closed();
  events.closed();
  assert.equal(s.store.countOf("alice"), 0);
  assert.deepEqual(s.gauge, { opened: 1, closed: 1 });
  assert.equal(socket.closedWith, undefined, "the client closed it: the server does not close it again");
  s.timers.advance(2000);
  assert.equal(ticksOf(socket).length, 0, "left the schedule");
  assert.equal(s.timers.pending, 0, "the last socket of the interval took the timer with it");
  await open(s, "alice"); // the slot is free again
});

Deno.test("hub: an admission whose socket never opens gives its slot back", async () => {
  const s = setup({}, { perOwner: 1, global: 10 });
  const admission = await s.hub.admit("alice");
  assert.ok(admission.ok);
  admission.connect({ variant: "" }, 1000).closed();
  assert.equal(s.store.countOf("alice"), 0);
  assert.deepEqual(s.gauge, { opened: 0, closed: 0 });
  const second = await s.hub.admit("alice");
  assert.ok(second.ok, "the slot came back");
  await second.release();
  assert.equal(s.store.countOf("alice"), 0);
});

Deno.test("hub: a slow consumer is closed (1008) instead of queueing more", async () => {
  const s = setup({ maxBufferedBytes: 1000 });
  const slow = await open(s, "alice");
  const fine = await open(s, "alice");
  s.timers.advance(1000);
  slow.socket.bufferedAmount = 1001;
  s.timers.advance(1000);
  assert.equal(slow.socket.closedWith?.code, CLOSE.policyViolation);
  assert.equal(ticksOf(slow.socket).length, 1, "nothing more was queued");
  assert.equal(ticksOf(fine.socket).length, 2);
  assert.equal(s.store.countOf("alice"), 1);
  assert.deepEqual(s.gauge, { opened: 2, closed: 1 });
  slow.events.closed(); // the socket's own close event arrives later: nothing moves twice
  assert.deepEqual(s.gauge, { opened: 2, closed: 1 });
});

Deno.test("hub: a socket that fails to send leaves the stream", async () => {
  const s = setup();
  const { socket } = await open(s, "alice");
  socket.failSends = true;
  s.timers.advance(1000);
  assert.deepEqual(s.gauge, { opened: 1, closed: 1 });
  assert.equal(s.store.localCount, 0);
});

Deno.test("hub: stop() closes every socket with 1001; a socket opening afterwards is closed at once", async () => {
  const s = setup();
  const sockets = [await open(s, "alice"), await open(s, "bob", 200)];
  const late = await s.hub.admit("carol");
  s.hub.stop();
  for (const { socket } of sockets) assert.equal(socket.closedWith?.code, CLOSE.goingAway);
  assert.equal(s.timers.pending, 0);
  assert.equal(s.store.localCount, 1, "carol's admission is still pending");
  assert.ok(late.ok);
  const socket = new FakeSocket();
  late.connect({ variant: "" }, 1000).opened(socket);
  assert.equal(socket.closedWith?.code, CLOSE.goingAway);
  assert.equal(s.store.localCount, 0);
  assert.equal(s.hub.openCount, 0);
});

Deno.test("hub: an admitted socket that never opens gives its slot back once overdue (a reset before the 101)", async () => {
  // A peer that resets the connection right after its handshake gets no socket: neither `opened` nor `closed` comes.
  // Before the deadline existed, such a slot stayed taken for good (five resets locked an owner out).
  const s = setup({}, { perOwner: 1, global: 100 });
  const admission = await s.hub.admit("alice");
  assert.ok(admission.ok);
  const events = admission.connect({ variant: "" }, 1000);
  assert.equal((await s.hub.admit("alice")).ok, false, "the slot is held while the switch may still come");
  s.timers.advance(OPEN_DEADLINE_MS - 1);
  assert.equal((await s.hub.admit("alice")).ok, false, "not before the deadline");
  s.timers.advance(1);
  const again = await s.hub.admit("alice");
  assert.ok(again.ok, "the slot is free once the switch is overdue");
  await again.release();
  // A socket that opens after all is closed at once, not joined: its slot is gone.
  const late = new FakeSocket();
  events.opened(late);
  assert.deepEqual(late.closedWith, { code: CLOSE.policyViolation, reason: "handshake not completed in time" });
  assert.deepEqual(s.gauge, { opened: 0, closed: 0 });
  events.closed();
  assert.ok((await s.hub.admit("alice")).ok, "a late close gives nothing back twice");
});

Deno.test("hub: a socket that opens in time keeps its slot past the deadline", async () => {
  const s = setup({}, { perOwner: 1, global: 100 });
  await open(s, "alice");
  s.timers.advance(OPEN_DEADLINE_MS * 4);
  assert.equal((await s.hub.admit("alice")).ok, false);
});
