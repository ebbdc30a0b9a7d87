/**
 * The recording parses with the replay format's readers; atMs and slots increase; the oracle tape has every feed in
 * every frame with per-feed exponents, increasing update timestamps and the equity session changes.
 */
import assert from "node:assert/strict";
import bs58 from "bs58";
import {
  readRecordingMeta,
  RECORDING_FORMAT,
  streamBlockhashes,
  streamInitialAccounts,
  streamOracleFrames,
  streamUpdates,
} from "../../../src/replay/format.ts";
import { Replayer } from "../../../src/replay/replayer.ts";
import { defaultWorld } from "./_helpers.ts";

Deno.test("the recording parses with the replay readers, in time order", async (t) => {
  const { dir, rec } = await defaultWorld();
  const meta = await readRecordingMeta(dir);

  await t.step("meta", () => {
    assert.equal(meta.format, RECORDING_FORMAT);
    assert.equal(meta.durationMs, 180_000);
    assert.equal(meta.startedAtMs, Date.UTC(2026, 0, 15, 20, 59, 0));
    assert.equal(meta.seed, 1);
    assert.deepEqual(meta.oracle?.feedIds.slice().sort((a, b) => a - b), [1, 2, 6, 7, 327, 346, 458, 1314, 1398, 1435]);
  });

  for (const chain of ["base", "er"] as const) {
    await t.step(`${chain}: accounts, updates and blockhashes stream`, async () => {
      let n = 0;
      const keys = new Set<string>();
      for await (const a of streamInitialAccounts(dir, chain)) {
        assert.ok(!keys.has(a.pubkey), `duplicate initial account ${a.pubkey}`);
        keys.add(a.pubkey);
        n++;
      }
      assert.equal(n, rec.chains[chain].initialAccounts.size);
      let lastAt = 0;
      let lastSlot = meta.chains[chain].startSlot;
      let updates = 0;
      for await (const u of streamUpdates(dir, chain)) {
        assert.ok(u.atMs >= lastAt && u.atMs > 0 && u.atMs < meta.durationMs, `update atMs ${u.atMs}`);
        assert.ok(u.slot > meta.chains[chain].startSlot && u.slot >= lastSlot, `update slot ${u.slot}`);
        lastAt = u.atMs;
        lastSlot = u.slot;
        updates++;
      }
      assert.ok(updates > 50, `${chain}: ${updates} updates`);
      lastAt = -1;
      lastSlot = 0;
      let hashes = 0;
      const seen = new Set<string>();
      for await (const b of streamBlockhashes(dir, chain)) {
        assert.ok(b.atMs > lastAt && b.slot > lastSlot, "blockhashes move forward");
        assert.equal(bs58.decode(b.blockhash).length, 32);
        assert.ok(!seen.has(b.blockhash));
        seen.add(b.blockhash);
        assert.ok(b.lastValidBlockHeight > (b.blockHeight ?? 0));
        lastAt = b.atMs;
        lastSlot = b.slot;
        hashes++;
      }
      assert.equal(hashes, chain === "base" ? 450 : 900);
    });
  }

  await t.step("oracle frames", async () => {
    const exponents = new Map<number, number>();
    const last = new Map<number, { ts: bigint; price: bigint | null; session: string }>();
    const sessions = new Map<number, string[]>();
    let frames = 0;
    let lastAt = -1;
    for await (const f of streamOracleFrames(dir)) {
      assert.ok(f.atMs > lastAt, "frames strictly increase");
      assert.equal(f.atMs % 200, 0);
      lastAt = f.atMs;
      assert.equal(f.timestampUs, BigInt(meta.startedAtMs + f.atMs) * 1000n);
      assert.equal(f.feeds.length, 10);
      for (const feed of f.feeds) {
        assert.ok(feed.price !== null && feed.price > 0n);
        assert.equal(feed.confidence, 0n);
        const e = exponents.get(feed.feedId) ?? feed.exponent;
        assert.equal(feed.exponent, e, "exponent is fixed per feed");
        exponents.set(feed.feedId, e);
        const prev = last.get(feed.feedId);
        if (prev) {
          if (feed.marketSession === "closed") {
            // No publisher update once the market closed: the last price and its timestamp repeat.
            assert.equal(feed.price, prev.price, "a closed market repeats its last price");
            assert.equal(feed.feedUpdateTimestampUs, prev.ts);
          } else {
            assert.ok(feed.feedUpdateTimestampUs > prev.ts, "feed timestamps increase while open");
          }
        }
        assert.ok(feed.feedUpdateTimestampUs <= f.timestampUs!);
        last.set(feed.feedId, { ts: feed.feedUpdateTimestampUs, price: feed.price, session: feed.marketSession });
        const s = sessions.get(feed.feedId) ?? [];
        if (s[s.length - 1] !== feed.marketSession) s.push(feed.marketSession);
        sessions.set(feed.feedId, s);
      }
      frames++;
    }
    assert.equal(frames, 900);
    for (const id of [1398, 1314, 1435]) assert.deepEqual(sessions.get(id), ["regular", "postMarket", "closed"]);
    for (const id of [1, 2, 6, 7, 327, 346, 458]) assert.deepEqual(sessions.get(id), ["regular"]);
    assert.equal(exponents.get(6), -8);
    assert.equal(exponents.get(327), -10, "EUR uses a −10 exponent (never hard-code −8)");
    // Prices near the brief's levels.
    const first = rec.oracle[0].feeds;
    const ui = (id: number) => {
      const f = first.find((x) => x.feedId === id)!;
      return Number(f.price) * 10 ** f.exponent;
    };
    for (
      const [id, p] of [[6, 150], [1, 95_000], [2, 3_300], [458, 180], [7, 1], [346, 2_650], [327, 1.05], [1398, 600], [
        1314,
        140,
      ], [1435, 350]] as const
    ) {
      assert.ok(Math.abs(ui(id) / p - 1) < 0.03, `feed ${id} starts near ${p}: ${ui(id)}`);
    }
  });

  await t.step("the replayer plays it to the end", () => {
    const r = new Replayer(rec, { mode: "virtual" });
    const basket = rec.chains.er.updates.find((u) => u.account && u.account.data.length > 1000)!;
    r.advanceTo(rec.meta.durationMs);
    assert.ok(r.finished);
    assert.ok(r.chains.er.accounts.has(basket.pubkey));
    assert.ok(r.chains.base.slot > meta.chains.base.startSlot);
    assert.ok(r.chains.er.slot > meta.chains.er.startSlot);
  });
});
