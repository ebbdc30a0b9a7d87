/**
 * DECISIONS 5.15 / issue 13 item 3: a realtime replay computes on the recording's timeline. The embedded world is
 * replayed in realtime mode (timers, loop on) on a wall clock the test holds still and moves by hand, so the replay's
 * position, and with it the service's clock, is known to the millisecond at every request. A recorded position's
 * borrow fee served at replay offset t must equal the fee computed by hand from the recorded accounts at recording
 * time t, in the first loop and again in the next one. Before the fix the service used the wall clock, so the fees
 * covered the months between the recording and the test run.
 */
import assert from "node:assert/strict";
import { loadConfig } from "../../src/config/env.ts";
import { createServiceApp } from "../../src/server.ts";
import { readRecording, type RecordedAccountData, type Recording } from "../../src/replay/format.ts";
import { ACCOUNT_CODECS } from "../../src/protocol/accounts/mod.ts";
import { VirtualClock } from "../../src/state/clock.ts";
import type { Chain } from "../../src/state/types.ts";
import { call } from "../helpers/contract.ts";
import { type ManifestOwner, readManifest } from "../helpers/manifest.ts";
import { eventually } from "../helpers/eventually.ts";

const WORLD = "fixtures/world";

/** An account as the recording has it at offset `atMs`: the last update at or before it, else the initial copy. */
function recordedAt(rec: Recording, chain: Chain, pubkey: string, atMs: number): RecordedAccountData | undefined {
  let state: RecordedAccountData | null | undefined = rec.chains[chain].initialAccounts.get(pubkey);
  for (const u of rec.chains[chain].updates) if (u.pubkey === pubkey && u.atMs <= atMs) state = u.account;
  return state ?? undefined;
}

/**
 * The borrow fee of a basket position at unix second `nowUnix`, written out (PROTOCOL-v2 §5.7):
 *   index(now) = cumulativeLockFee + ⌈(now − lastUpdate) × currentRate / 3600⌉   (unchanged when now ≤ lastUpdate)
 *   fee        = ⌊(index(now) − cumulativeLockFeeSnapshot) × sizeUsd / 10^9⌋ (0 when not positive) + unsettledFeesUsd
 */
function handComputedBorrowFee(
  position: { sizeUsd: bigint; cumulativeLockFeeSnapshot: bigint; unsettledFeesUsd: bigint },
  state: { cumulativeLockFee: bigint; lastUpdate: bigint; currentRate: bigint },
  nowUnix: bigint,
): bigint {
  const elapsed = nowUnix - state.lastUpdate;
  const accrued = elapsed > 0n ? (elapsed * state.currentRate + 3599n) / 3600n : 0n;
  const delta = state.cumulativeLockFee + accrued - position.cumulativeLockFeeSnapshot;
  const lockFee = delta > 0n ? (delta * position.sizeUsd) / 1_000_000_000n : 0n;
  return lockFee + position.unsettledFeesUsd;
}

Deno.test("replay clock: borrow fees at replay offset t are the recorded moment's, in every loop", async (t) => {
  const recording = await readRecording(WORLD);
  const manifest = await readManifest(WORLD);
  const owner: ManifestOwner = manifest.owners.find((o: ManifestOwner) =>
    o.owner === manifest.cases.v2.manyPositionsAndLimitOrder.owner
  )!;
  const startedAt = recording.meta.startedAtMs;
  const duration = recording.meta.durationMs;
  // The wall clock the realtime replay runs on; it moves only when this test says so.
  const WALL_START = 5_000_000;
  const wall = new VirtualClock(WALL_START);
  const service = await createServiceApp(loadConfig({ RATE_LIMIT_RPS: "0", REPLAY_DIR: WORLD }), { replayWall: wall });
  const { app, services } = service;
  try {
    wall.set(WALL_START + 1_000); // the first second of the recording, so there are prices to wait for
    await service.start();
    const v2 = services.deployments.v2;

    /** Every position of the owner: its fee from the API equals the hand computation at offset `atMs`. */
    const expectFeesAt = async (atMs: number) => {
      const basketRaw = recordedAt(recording, "er", owner.v2.basket!, atMs);
      assert.ok(basketRaw, "the owner's basket is recorded");
      const basket = ACCOUNT_CODECS.v2.Basket!.decode(basketRaw.data);
      const nowUnix = BigInt(Math.floor((startedAt + atMs) / 1000));
      const expected: Record<string, string> = {};
      for (const { market, position } of basket.positions) {
        if (position.sizeAmount === 0n) continue;
        const custodyKey = v2.index.market(market)!.collateralCustody;
        const custody = ACCOUNT_CODECS.v2.Custody!.decode(recordedAt(recording, "er", custodyKey, atMs)!.data);
        expected[market] = String(handComputedBorrowFee(position, custody.borrowRateState, nowUnix));
      }
      assert.ok(Object.keys(expected).length >= 3, "several open positions");
      // Ingestion of what the replay applied up to `atMs` is asynchronous; the clock itself stands still.
      const served = await eventually(async () => {
        const r = await call(app, "GET", `/v2/owner/${owner.owner}`);
        const fees = Object.fromEntries(
          Object.entries(r.body.positionMetrics as Record<string, { borrowFeeUsd: string }>)
            .map(([market, m]) => [market, m.borrowFeeUsd]),
        );
        return JSON.stringify(fees) === JSON.stringify(expected) ? fees : undefined;
      }, `borrow fees at offset ${atMs}`);
      assert.deepEqual(served, expected);
    };

    await t.step("at offset t in the first loop: the clock, and the fees of recording time t", async () => {
      const at = 30_000;
      wall.set(WALL_START + at);
      await expectFeesAt(at);
      const health = await call(app, "GET", "/v2/health");
      assert.equal(health.body.clockUnixMs, startedAt + at);
      assert.deepEqual(health.body.replay, {
        mode: "realtime",
        positionMs: at,
        durationMs: duration,
        speed: 1,
        loop: true,
        loops: 0,
      });
      const earlier = await call(app, "GET", "/health");
      assert.equal(earlier.body.clockUnixMs, startedAt + at);
      assert.equal(earlier.body.replay.positionMs, at);
    });

    await t.step("no position of the world reads Infinity leverage at the recorded moment", async () => {
      for (const o of manifest.owners as ManifestOwner[]) {
        const r = await call(app, "GET", `/v2/owner/${o.owner}`);
        for (const m of Object.values(r.body.positionMetrics as Record<string, { leverageUi: string }>)) {
          assert.notEqual(m.leverageUi, "Infinity", o.owner);
        }
      }
    });

    await t.step("the same offset in the next loop: the clock went back, the fees are t's again", async () => {
      const at = 30_000;
      wall.set(WALL_START + duration + at);
      await eventually(() => services.clock.replayPosition()?.loops === 1 ? true : undefined, "the loop");
      await expectFeesAt(at);
      const health = await call(app, "GET", "/v2/health");
      assert.equal(health.body.clockUnixMs, startedAt + at);
      assert.equal(health.body.replay.loops, 1);
      assert.equal(health.body.replay.positionMs, at);
      // Prices follow the timeline back: each feed shows the recording's latest frame at or before t.
      const feed = recording.oracle.filter((f) => f.atMs <= at).flatMap((f) => f.feeds).findLast((f) =>
        f.feedId === 1
      )!;
      await eventually(
        () => services.prices.get(1)?.timestampUs === feed.feedUpdateTimestampUs ? true : undefined,
        "the price of feed 1 at t",
      );
      assert.equal(services.prices.get(1)?.price, feed.price);
    });
  } finally {
    await service.stop();
  }
});
