/**
 * Upstream faults (issue 14 item 2), each injected into the loopback replay servers the live sources read: RPC HTTP
 * errors, dropped WebSockets, stalled HTTP and WebSocket responses, a stalled oracle handshake, oracle silence, a
 * blockhash that stops refreshing, an ER that lags the base chain. In each: the store keeps serving the last state,
 * the status shows the fault (errors counted once each, ages), the blockhash cache answers as DECISIONS 3.5 / 5.5
 * say, and once the upstream is back every account and every price equals the replay's.
 */
import assert from "node:assert/strict";
import { BlockhashUnavailable } from "../../src/state/blockhash-cache.ts";
import { K, key, smallRecording, waitFor } from "../replay/_helpers.ts";
import {
  assertAccountsMatchReplay,
  assertPricesMatchReplay,
  matchesReplay,
  recordingWithLaterUpdates,
  startWorld,
  type World,
} from "./_helpers.ts";

/** Fast periods so every fault shows within a test's patience. */
const FAST = { blockhashIntervalMs: 50, existenceCheckIntervalMs: 100, requestTimeoutMs: 300, subscribeTimeoutMs: 500 };

async function recovered(w: World, what: string): Promise<void> {
  await waitFor(() => matchesReplay(w), `${what}: the store equals the replay again`);
  assertAccountsMatchReplay(w);
  if (w.oracle) assertPricesMatchReplay(w);
}

Deno.test("fault: RPC HTTP errors: the socket keeps the state current, closes and the blockhash wait for HTTP", async () => {
  const w = await startWorld(recordingWithLaterUpdates(), { chain: FAST });
  try {
    const er = w.status.chains.er;
    const errors = er.errors;
    w.replay.er.failHttp(503);
    await waitFor(() => er.errors >= errors + 3, "failed polls counted");
    assert.match(er.lastError ?? "", /503/);
    // HTTP failures do not end the session: the socket still delivers every change.
    assert.equal(er.connected, true);
    w.replay.replayer.advanceTo(4500);
    await waitFor(() => w.store.get(K.basketB)?.data[9] === 4, "ER notification during the outage");
    // basketC closed at 4000; no subscription reports a close, and the existence check needs HTTP: still served.
    assert.ok(w.store.get(K.basketC));
    // The cached blockhash is not refreshed: past 60 s it is unavailable (DECISIONS 5.5).
    w.replay.replayer.advanceTo(70_000);
    const cached = w.caches.er.current(w.clock.nowMs());
    assert.ok(cached instanceof BlockhashUnavailable && cached.reason === "stale", "stale blockhash refused");
    assert.equal(cached.code, "BLOCKHASH_UNAVAILABLE");
    w.replay.er.failHttp(undefined);
    await waitFor(() => w.store.get(K.basketC) === undefined, "close detected once HTTP is back");
    await waitFor(() => !(w.caches.er.current(w.clock.nowMs()) instanceof BlockhashUnavailable), "blockhash fresh");
    assert.equal(w.caches.er.latest()?.blockhash, w.replay.er.state.latestBlockhash().blockhash);
    await recovered(w, "HTTP errors");
    assert.equal(er.reconnects, 0, "the socket was never given up");
  } finally {
    await w.stop();
  }
});

Deno.test("fault: dropped WebSockets (chains and oracle): reconnect, reload, nothing lost", async () => {
  const w = await startWorld(recordingWithLaterUpdates(), { chain: FAST, oracle: true });
  try {
    w.replay.replayer.advanceTo(500);
    await waitFor(() => w.prices.size === 2, "first prices");
    const before = {
      base: { ...w.status.chains.base },
      er: { ...w.status.chains.er },
      oracle: { ...w.status.oracle },
    };
    w.replay.base.dropWebSockets();
    w.replay.er.dropWebSockets();
    w.replay.oracle.dropConnections();
    // Updates while the sockets are down (an ER basket closes among them).
    w.replay.replayer.advanceTo(4500);
    await waitFor(
      () =>
        w.status.chains.base.reconnects > before.base.reconnects &&
        w.status.chains.er.reconnects > before.er.reconnects,
      "chain reconnects",
    );
    await waitFor(() => w.status.oracle.reconnects >= before.oracle.reconnects + 2, "both oracle sockets reconnect");
    // One error per dropped socket, not one per symptom.
    assert.equal(w.status.chains.base.errors, before.base.errors + 1);
    assert.equal(w.status.chains.er.errors, before.er.errors + 1);
    assert.match(w.status.chains.er.lastError ?? "", /websocket closed/);
    await recovered(w, "dropped sockets");
  } finally {
    await w.stop();
  }
});

Deno.test("fault: stalled HTTP responses time out; the last state is served until the RPC answers again", async () => {
  const w = await startWorld(recordingWithLaterUpdates(), { chain: FAST });
  try {
    const base = w.status.chains.base;
    const errors = base.errors;
    w.replay.base.stallHttp(true);
    await waitFor(() => base.errors > errors && /after 300 ms/.test(base.lastError ?? ""), "a request timed out");
    w.replay.replayer.advanceTo(4500);
    // key(50) is created on base at 4000 and reaches the store through the (live) socket; basketA is delegated at
    // 4100, which only the (stalled) existence check can see: its last state is still served.
    await waitFor(() => w.store.get(key(50)) !== undefined, "socket notification during the stall");
    await new Promise((r) => setTimeout(r, 400));
    assert.ok(w.store.get(K.basketA), "basketA is served as last seen");
    assert.equal(base.connected, true);
    w.replay.base.stallHttp(false);
    await waitFor(() => w.store.get(K.basketA) === undefined, "the delegation is seen once HTTP answers");
    await recovered(w, "stalled HTTP");
  } finally {
    await w.stop();
  }
});

Deno.test("fault: a stalled WebSocket is detected (the chain moved on over HTTP) and replaced", async () => {
  const w = await startWorld(recordingWithLaterUpdates(), { chain: { ...FAST, wsSilenceTimeoutMs: 400 } });
  try {
    const base = w.status.chains.base;
    const reconnects = base.reconnects;
    w.replay.base.stallWebSockets(true);
    w.replay.replayer.advanceTo(4500); // the base chain moves on; its notifications are held
    await waitFor(() => base.reconnects > reconnects, "the watchdog ends the silent session");
    assert.match(base.lastError ?? "", /websocket silent|subscribing after/);
    w.replay.base.stallWebSockets(false);
    await waitFor(() => base.connected, "a new session");
    await recovered(w, "stalled socket");
  } finally {
    await w.stop();
  }
});

Deno.test("fault: a stalled oracle handshake times out and is retried; prices resume", async () => {
  const w = await startWorld(smallRecording(), { oracle: { handshakeTimeoutMs: 300 } });
  try {
    w.replay.replayer.advanceTo(500);
    await waitFor(() => w.prices.size === 2, "first prices");
    const errors = w.status.oracle.errors;
    w.replay.oracle.stallUpgrades(true);
    w.replay.oracle.dropConnections();
    w.replay.replayer.advanceTo(1500);
    await waitFor(() => w.status.oracle.errors >= errors + 3, "drops and handshake timeouts counted");
    // The last prices are served meanwhile.
    assert.equal(w.prices.get(1)?.price, 15_000_000_000n);
    w.replay.oracle.stallUpgrades(false);
    await waitFor(() => w.prices.get(1)?.price === 15_100_000_000n, "prices after the stall");
    await recovered(w, "stalled oracle");
  } finally {
    await w.stop();
  }
});

Deno.test("fault: oracle silence: prices age into staleness, and the stream's return brings the latest", async () => {
  const w = await startWorld(smallRecording(), { oracle: true });
  try {
    w.replay.replayer.advanceTo(500);
    await waitFor(() => w.prices.size === 2, "first prices");
    const lastFrame = w.status.oracle.lastFrameMs;
    w.replay.oracle.silence(true);
    w.replay.replayer.advanceTo(61_000); // the frame at 1500 is published into the silence
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(w.prices.get(1)?.price, 15_000_000_000n, "the last price is kept");
    assert.equal(w.status.oracle.lastFrameMs, lastFrame);
    // DECISIONS 5.9: no update for 60 s counts as missing for quotes (feed 1 was published at START + 490).
    assert.equal(w.prices.isStale(1, w.clock.nowMs(), 60_000), true);
    assert.ok(w.prices.ageMs(1, w.clock.nowMs())! > 60_000);
    assert.equal(w.status.oracle.connected, true, "silent, not down");
    w.replay.oracle.silence(false);
    await waitFor(() => w.prices.get(1)?.price === 15_100_000_000n, "the latest price after the silence");
    await recovered(w, "oracle silence");
  } finally {
    await w.stop();
  }
});

Deno.test("fault: a blockhash that stops refreshing is refused past 60 s, the rest keeps flowing", async () => {
  const w = await startWorld(smallRecording(), { chain: FAST });
  try {
    w.replay.base.failMethod("getLatestBlockhash", { code: -32005, message: "Node is behind" });
    const errors = w.status.chains.base.errors;
    await waitFor(() => w.status.chains.base.errors > errors, "refresh failures counted");
    assert.match(w.status.chains.base.lastError ?? "", /Node is behind/);
    w.replay.replayer.advanceTo(2000);
    await waitFor(() => w.store.get(K.basketD) !== undefined, "account updates still flow");
    const fresh = w.caches.base.current(w.clock.nowMs());
    assert.ok(!(fresh instanceof BlockhashUnavailable), "younger than 60 s: still served");
    w.replay.replayer.advanceTo(62_001);
    const refused = w.caches.base.current(w.clock.nowMs());
    assert.ok(refused instanceof BlockhashUnavailable);
    assert.equal(refused.reason, "stale");
    assert.ok(refused.ageMs! > 60_000);
    w.replay.base.failMethod("getLatestBlockhash", undefined);
    await waitFor(() => !(w.caches.base.current(w.clock.nowMs()) instanceof BlockhashUnavailable), "refreshed");
    assert.equal(w.caches.base.latest()?.blockhash, w.replay.base.state.latestBlockhash().blockhash);
    await recovered(w, "blockhash");
  } finally {
    await w.stop();
  }
});

Deno.test("fault: a WebSocket that cannot subscribe does not age the blockhash: it is refreshed over HTTP", async () => {
  const w = await startWorld(smallRecording(), { chain: FAST });
  try {
    const base = w.status.chains.base;
    const reconnects = base.reconnects;
    // Every new socket opens but never answers its subscriptions: each session fails before its steady state.
    w.replay.base.stallWebSockets(true);
    w.replay.base.dropWebSockets();
    await waitFor(() => base.reconnects >= reconnects + 2, "sessions failing to subscribe");
    assert.equal(base.connected, false);
    w.replay.replayer.advanceTo(70_000);
    await waitFor(
      () => w.caches.base.latest()?.blockhash === w.replay.base.state.latestBlockhash().blockhash,
      "the latest blockhash, fetched with no session up",
    );
    assert.ok(!(w.caches.base.current(w.clock.nowMs()) instanceof BlockhashUnavailable), "fresh, not refused");
    assert.equal(base.connected, false);
    w.replay.base.stallWebSockets(false);
    await waitFor(() => base.connected, "a session once the socket answers");
    await recovered(w, "socket that cannot subscribe");
  } finally {
    await w.stop();
  }
});

Deno.test("fault: an ER that lags the base chain shows as slot lag, is not mistaken for a dead socket, catches up", async () => {
  const w = await startWorld(recordingWithLaterUpdates(), { chain: { ...FAST, wsSilenceTimeoutMs: 300 } });
  try {
    const { base, er } = w.status.chains;
    const reconnects = er.reconnects;
    w.replay.replayer.chains.er.freeze();
    w.replay.replayer.advanceTo(4500);
    await waitFor(() => w.store.get(K.basketD) !== undefined && base.lastSlot >= 1041, "base moves on");
    const now = w.clock.nowMs();
    assert.ok(now - base.slotAdvancedAtMs! <= 500, "base is current");
    assert.ok(now - er.slotAdvancedAtMs! >= 4500, "the ER lags by the whole advance");
    // The ER serves its old state: the pool update at 3000 has not happened there.
    assert.equal(w.store.get(K.pool)?.data[8], 2);
    // The watchdog asked the ER's slot over HTTP: no newer slot, so the quiet socket is kept.
    await new Promise((r) => setTimeout(r, 800));
    assert.equal(er.reconnects, reconnects);
    assert.equal(er.connected, true);
    w.replay.replayer.chains.er.thaw();
    await waitFor(() => w.clock.nowMs() - er.slotAdvancedAtMs! === 0, "the ER catches up");
    await recovered(w, "ER lag");
  } finally {
    await w.stop();
  }
});
