/**
 * Closed accounts disappear (issue 14 item 3). The embedded world records earlier-interface positions being closed
 * (their accounts are deleted on the base chain). No subscription reports a close (program subscriptions never
 * do, as on Agave), and the full reload runs only every 300 s, so it is the existence check of held accounts that must
 * remove them: within EXISTENCE_CHECK_INTERVAL_MS (here the default, 2 s), with the store's change notification
 * (what the owner streams rely on), in listings and raw reads alike. An order account closed the same way goes too.
 */
import assert from "node:assert/strict";
import { loadConfig } from "../../src/config/env.ts";
import { createServiceApp } from "../../src/server.ts";
import { readRecording } from "../../src/replay/format.ts";
import { DISCRIMINATORS } from "../../src/protocol/accounts/mod.ts";
import { encodePubkey } from "../../src/protocol/codec/base58.ts";
import { hex } from "../../src/protocol/codec/bytes.ts";
import type { AccountChange } from "../../src/state/account-store.ts";
import { call } from "../helpers/contract.ts";
import { eventually } from "../helpers/eventually.ts";
import { scrape } from "../helpers/metrics.ts";

const WORLD = "fixtures/world";

Deno.test("recorded closes: closed earlier positions and orders leave every listing within seconds", async (t) => {
  const recording = await readRecording(WORLD);
  const initial = recording.chains.base.initialAccounts;
  // The recording's closes of accounts present from the start, with the wallet that owned them.
  const closes = recording.chains.base.updates.filter((u) => u.account === null && initial.has(u.pubkey)).map((u) => {
    const data = initial.get(u.pubkey)!.data;
    return { ...u, kind: hex(data.subarray(0, 8)), wallet: encodePubkey(data, 8) };
  });
  assert.ok(closes.length >= 3, "the world records closes");
  assert.ok(closes.every((c) => c.kind === DISCRIMINATORS.Position.hex), "they are earlier-interface positions");

  const service = await createServiceApp(loadConfig({ RATE_LIMIT_RPS: "0", REPLAY_DIR: WORLD }), {
    replayMode: "virtual",
  });
  const { app, services } = service;
  const removed: AccountChange[] = [];
  services.accounts.subscribe((change) => {
    if (change.after === null) removed.push(change);
  });
  const listed = async (wallet: string) => {
    const r = await call(app, "GET", `/positions/owner/${wallet}?includePnlInLeverageDisplay=false`);
    assert.equal(r.status, 200);
    return (r.body as { key: string }[]).map((p) => p.key);
  };
  try {
    await service.start();
    const base = services.ingest.chains.base;
    const reloads = base.fullLoads;

    for (const close of closes.slice(0, 3)) {
      await t.step(`position ${close.pubkey} closed at ${close.atMs} ms`, async () => {
        assert.ok((await listed(close.wallet)).includes(close.pubkey), "listed before its close");
        service.replay!.replayer.advanceTo(close.atMs);
        await eventually(async () => (await listed(close.wallet)).includes(close.pubkey) ? undefined : true, "gone");
        assert.equal((await call(app, "GET", `/raw/positions/${close.pubkey}`)).status, 404);
        const legacy = await call(app, "GET", `/positions?owner=${close.wallet}`);
        assert.ok(!(legacy.body as { pubkey: string }[]).some((p) => p.pubkey === close.pubkey));
        // The store told its listeners: the account, as it was, then nothing.
        const change = removed.find((c) => c.pubkey === close.pubkey);
        assert.ok(change?.before, "a change notification for the close");
        assert.equal(change.before.owner, services.deployments.earlier.accounts.programId);
      });
    }

    await t.step("an order account closed on the chain goes the same way", async () => {
      const order = services.deployments.earlier.accounts.list("Order")[0];
      assert.ok(order, "the world has order accounts");
      const wallet = order.value.owner;
      const orders = async () =>
        ((await call(app, "GET", `/orders/owner/${wallet}`)).body as { key: string }[]).map((o) => o.key);
      assert.ok((await orders()).includes(order.pubkey));
      const chain = service.replay!.replayer.chains.base;
      chain.setAccount(order.pubkey, null, chain.slot + 1);
      await eventually(async () => (await orders()).includes(order.pubkey) ? undefined : true, "order gone");
      assert.ok(removed.some((c) => c.pubkey === order.pubkey));
    });

    // It was the existence check, not a full reload, and it counted what it removed.
    assert.equal(base.fullLoads, reloads);
    assert.ok(base.closesDetected >= 4);
    const metrics = await scrape(services);
    assert.match(metrics, new RegExp(`ingest_closes_detected_total\\{chain="base"\\} ${base.closesDetected}`));
  } finally {
    await service.stop();
  }
});
