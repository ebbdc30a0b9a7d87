import assert from "node:assert/strict";
import {
  BASKET_DISC,
  K,
  key,
  POOL_DISC,
  PROGRAM,
  smallRecording,
  START_MS,
  waitFor,
  withDisc,
} from "../replay/_helpers.ts";
import { assertAccountsMatchReplay, recordingWithLaterUpdates, startWorld } from "./_helpers.ts";
import { base58, fromHex } from "../../src/protocol/codec/bytes.ts";

Deno.test("ingest end to end: base + ER + oracle through the replay servers", async (t) => {
  const w = await startWorld(smallRecording(), { oracle: true });
  try {
    await t.step("initial state: ER wins, base fallback, extras loaded, slots and blockhashes", () => {
      const pool = w.store.get(K.pool)!;
      assert.equal(pool.chain, "er");
      assert.deepEqual([...pool.data.subarray(8, 11)], [2, 2, 2]);
      assert.equal(w.store.getFrom("base", K.pool)?.data[8], 1);
      assert.equal(w.store.get(K.basketA)?.chain, "base");
      assert.equal(w.store.get(K.basketB)?.chain, "er");
      // The delegated base copy (owner DELeGG) is outside the base program scan.
      assert.equal(w.store.getFrom("base", K.basketB), undefined);
      assert.equal(w.store.get(K.mint)?.lamports, 1_461_600n);
      assert.deepEqual(
        w.store.listByDiscriminator(BASKET_DISC).map((a) => a.pubkey).sort(),
        [K.basketA, K.basketB, K.basketC].sort(),
      );
      assert.equal(w.store.slot("base"), 1000);
      assert.equal(w.store.slot("er"), 5000);
      const bh = w.caches.er.current(w.clock.nowMs());
      assert.ok(!("reason" in bh));
      assert.equal(bh.blockhash, key(200));
      assert.equal(w.status.chains.base.connected, true);
      assert.equal(w.status.chains.er.fullLoads, 1);
    });

    await t.step("oracle frames update the PriceStore, unconfigured feeds ignored", async () => {
      w.replay.replayer.advanceTo(500);
      await waitFor(() => w.prices.get(1)?.price === 15_000_000_000n && w.prices.size === 2, "first frame");
      assert.equal(w.prices.get(999), undefined);
      const p2 = w.prices.get(2)!;
      assert.equal(p2.exponent, -8);
      assert.equal(p2.confidence, 5n);
      assert.equal(p2.timestampUs, BigInt(START_MS + 480) * 1000n);
      assert.equal(p2.marketSession, "regular");
      w.replay.replayer.advanceTo(1500);
      await waitFor(() => w.prices.get(1)?.price === 15_100_000_000n, "second frame");
      assert.equal(w.prices.get(1)?.timestampUs, BigInt(START_MS + 1490) * 1000n);
      assert.ok(w.status.oracle.frames >= 2);
      assert.equal(w.status.oracle.connected, true);
      assert.equal(w.prices.isStale(1, w.clock.nowMs(), 60_000), false);
      assert.equal(w.prices.isStale(1, w.clock.nowMs() + 61_000, 60_000), true);
    });
    await t.step("recorded updates reach the store after advanceTo", async () => {
      w.replay.replayer.advanceTo(2000);
      await waitFor(
        () =>
          w.store.get(K.basketD) !== undefined && w.store.get(K.basketB)?.data[9] === 2 &&
          w.store.get(K.mint)?.lamports === 2_000_000n,
        "account notifications",
      );
      assert.equal(w.store.get(K.basketD)?.slot, 1020);
      await waitFor(() => w.caches.base.latest()?.blockhash === key(101), "blockhash refresh");
      w.replay.replayer.advanceTo(3000);
      await waitFor(() => w.store.get(K.pool)?.data[8] === 3, "pool update");
      assertAccountsMatchReplay(w);
    });
  } finally {
    await w.stop();
  }
});

Deno.test("reconnect: dropped WebSockets reload, the store matches the recording afterwards", async () => {
  const w = await startWorld(recordingWithLaterUpdates());
  try {
    w.replay.replayer.advanceTo(3000);
    await waitFor(() => w.store.get(K.pool)?.data[8] === 3, "pre-drop update");
    const before = { base: w.status.chains.base.reconnects, er: w.status.chains.er.reconnects };
    // Drop the sockets, then let updates happen while the sources are reconnecting.
    w.replay.base.dropWebSockets();
    w.replay.er.dropWebSockets();
    w.replay.replayer.advanceTo(4500);
    await waitFor(
      () => w.status.chains.base.reconnects > before.base && w.status.chains.er.reconnects > before.er,
      "reconnect",
    );
    await waitFor(() => w.status.chains.base.connected && w.status.chains.er.connected, "reconnected");
    await waitFor(() => w.store.get(K.basketC) === undefined && w.store.get(key(50)) !== undefined, "reload");
    assertAccountsMatchReplay(w);
    // Updates after the reconnect arrive through the new subscriptions.
    w.replay.replayer.chains.er.setAccount(K.basketB, {
      owner: PROGRAM,
      lamports: 6n,
      executable: false,
      data: withDisc(BASKET_DISC, [0xb, 6]),
    }, 6000);
    await waitFor(() => w.store.get(K.basketB)?.data[9] === 6, "post-reconnect notification");
    assertAccountsMatchReplay(w);
    assert.ok(w.status.chains.er.fullLoads >= 2);
  } finally {
    await w.stop();
  }
});

Deno.test("upstream down: the store keeps its last state, status says disconnected, nothing throws", async () => {
  const w = await startWorld(smallRecording());
  let stopped = false;
  try {
    w.replay.replayer.advanceTo(2000);
    await waitFor(() => w.store.get(K.basketD) !== undefined, "update before outage");
    const snapshot = [...w.store.keys("base")].sort();
    const erKeys = [...w.store.keys("er")].sort();
    await w.replay.stop();
    stopped = true;
    await waitFor(() => !w.status.chains.base.connected && !w.status.chains.er.connected, "disconnected");
    const errors = w.status.chains.base.errors;
    await waitFor(() => w.status.chains.base.errors > errors + 1, "retries keep failing");
    assert.deepEqual([...w.store.keys("base")].sort(), snapshot);
    assert.deepEqual([...w.store.keys("er")].sort(), erKeys);
    assert.equal(w.store.get(K.pool)?.chain, "er");
    assert.ok(w.status.chains.base.lastError);
    // The cached blockhash stays usable until it ages out (DECISIONS 5.5).
    assert.ok(!("reason" in w.caches.base.current(w.clock.nowMs())));
    assert.equal(w.caches.base.current(w.clock.nowMs() + 61_000).constructor.name, "BlockhashUnavailable");
  } finally {
    await Promise.all([w.sources.base.stop(), w.sources.er.stop()]);
    if (!stopped) await w.replay.stop();
  }
});

/**
 * The three baskets are in and match the replay; then a reload into a store that holds accounts removes what the
 * chain no longer has and keeps the rest. The close is not notified (the sockets are held), so only the reload can tell.
 */
async function assertLoadedThenReloaded(w: Awaited<ReturnType<typeof startWorld>>): Promise<void> {
  assertAccountsMatchReplay(w);
  assert.deepEqual(
    w.store.listByDiscriminator(BASKET_DISC).map((a) => a.pubkey).sort(),
    [K.basketA, K.basketB, K.basketC].sort(),
  );
  w.replay.er.stallWebSockets(true);
  w.replay.replayer.chains.er.setAccount(K.basketB, null, w.replay.replayer.chains.er.slot + 1);
  const fullLoads = w.status.chains.er.fullLoads;
  w.sources.er.requestReload();
  await waitFor(() => w.status.chains.er.fullLoads > fullLoads, "a reload");
  assert.equal(w.store.getFrom("er", K.basketB), undefined);
  assert.ok(w.store.getFrom("er", K.basketC) !== undefined);
  w.replay.er.stallWebSockets(false);
  assertAccountsMatchReplay(w);
}

Deno.test("streamed full load: one getProgramAccounts per kind, nothing listed or batched, and a reload removes", async () => {
  const w = await startWorld(smallRecording(), { chain: { batchedKinds: [BASKET_DISC], batchThreshold: 1 } });
  try {
    // Each chain: one getProgramAccounts per kind (baskets, pools), whatever the number of baskets; getMultipleAccounts
    // only for the extra accounts (the base chain's mints), never for a kind.
    assert.equal(w.replay.er.calls.get("getProgramAccounts"), 2);
    assert.equal(w.replay.base.calls.get("getProgramAccounts"), 2);
    assert.equal(w.replay.er.calls.get("getMultipleAccounts") ?? 0, 0);
    // Each account holds the context slot of the answer it came in.
    for (const a of w.store.values("er")) assert.equal(a.slot, w.replay.replayer.chains.er.slot);
    await assertLoadedThenReloaded(w);
    assert.equal(w.replay.er.calls.get("getProgramAccounts"), 4, "the reload: two more");
    assert.equal(w.replay.er.calls.get("getMultipleAccounts") ?? 0, 0);
  } finally {
    await w.stop();
  }
});

Deno.test("a streamed load the RPC fails falls back to batches, for that load and every later one", async () => {
  // The ER fails a basket getProgramAccounts that asks for data (a size limit of its own), not a key-only listing.
  const basketFilter = base58(fromHex(BASKET_DISC));
  let refused = 0;
  const asksBasketData = (params: unknown) => {
    const cfg = (params as [string, { dataSlice?: unknown; filters?: { memcmp?: { bytes?: string } }[] }])[1];
    const hit = cfg?.dataSlice === undefined && cfg?.filters?.[0]?.memcmp?.bytes === basketFilter;
    if (hit) refused++;
    return hit;
  };
  const w = await startWorld(smallRecording(), {
    chain: { batchedKinds: [BASKET_DISC], batchThreshold: 1 },
    beforeStart: (replay) =>
      replay.er.failMethod("getProgramAccounts", { code: -32600, message: "response too large", when: asksBasketData }),
  });
  try {
    assert.equal(refused, 1);
    assert.match(w.status.chains.er.lastError ?? "", /streamed getProgramAccounts .*response too large/);
    assert.ok((w.replay.er.calls.get("getMultipleAccounts") ?? 0) >= 1, "the baskets fetched by key");
    // The reload lists and batches at once: the refused request is not sent again.
    await assertLoadedThenReloaded(w);
    assert.equal(refused, 1);
  } finally {
    await w.stop();
  }
});

Deno.test("a refused stream: the later numerous kinds of the same load are listed by key at once", async () => {
  // Baskets and pools both numerous; the ER refuses every getProgramAccounts that asks for data of either.
  const numerousFilters = [BASKET_DISC, POOL_DISC].map((d) => base58(fromHex(d)));
  const refusedKinds: string[] = [];
  const asksData = (params: unknown) => {
    const cfg = (params as [string, { dataSlice?: unknown; filters?: { memcmp?: { bytes?: string } }[] }])[1];
    const kind = cfg?.filters?.[0]?.memcmp?.bytes ?? "";
    const hit = cfg?.dataSlice === undefined && numerousFilters.includes(kind);
    if (hit) refusedKinds.push(kind);
    return hit;
  };
  const w = await startWorld(smallRecording(), {
    chain: { batchedKinds: [BASKET_DISC, POOL_DISC], batchThreshold: 1 },
    beforeStart: (replay) =>
      replay.er.failMethod("getProgramAccounts", { code: -32600, message: "response too large", when: asksData }),
  });
  try {
    assert.equal(refusedKinds.length, 1, "only the first numerous kind's stream is asked for, and refused");
    assertAccountsMatchReplay(w);
    assert.ok(w.store.getFrom("er", K.pool) !== undefined, "the pool, listed and fetched by key");
  } finally {
    await w.stop();
  }
});

Deno.test("batched full load: a numerous kind is listed by key, then fetched by key, and nothing is missed", async () => {
  const w = await startWorld(smallRecording(), {
    chain: { bulkLoad: "batches", batchedKinds: [BASKET_DISC], batchThreshold: 1 },
  });
  try {
    // The ER holds two baskets, over the threshold of 1: a key-only listing, then getMultipleAccounts (+ the pool).
    assert.equal(w.replay.er.calls.get("getProgramAccounts"), 2);
    assert.ok((w.replay.er.calls.get("getMultipleAccounts") ?? 0) >= 1);
    // The base chain holds one, under the threshold: the listing, one basket request, the pool request.
    assert.equal(w.replay.base.calls.get("getProgramAccounts"), 3);
    await assertLoadedThenReloaded(w);
  } finally {
    await w.stop();
  }
});

Deno.test("received bytes are held packed; a reload of unchanged bytes keeps the packed form held", async () => {
  const w = await startWorld(recordingWithLaterUpdates());
  try {
    await Promise.all([w.sources.base.firstLoad(), w.sources.er.firstLoad()]);
    const before = new Map([...w.store.values("er")].map((a) => [a.pubkey, a.packed]));
    assert.ok(before.size > 0 && [...before.values()].every((p) => p !== undefined), "every received account packed");
    w.sources.er.requestReload();
    await waitFor(() => w.status.chains.er.fullLoads >= 2, "a reload");
    for (const a of w.store.values("er")) assert.equal(a.packed, before.get(a.pubkey), `${a.pubkey}: the same form`);
    assertAccountsMatchReplay(w);
  } finally {
    await w.stop();
  }
});
