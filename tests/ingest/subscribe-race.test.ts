/**
 * Regression: rpc-websockets (under web3.js) registered a call's reply handler only once the frame was flushed, so a
 * fast RPC in another process could answer first and the subscription never completed (8 of 8 sessions lost some of
 * their 51 subscriptions against tools/replay-serve.ts). ChainSource installs acknowledgeSendsImmediately; with it
 * every session subscribes and syncs at its first attempt.
 */
import assert from "node:assert/strict";
import { ChainSource } from "../../src/ingest/chain-source.ts";
import { IngestStatus } from "../../src/ingest/status.ts";
import { AccountStore } from "../../src/state/account-store.ts";
import { createBlockhashCaches } from "../../src/state/blockhash-cache.ts";
import { DISCRIMINATORS } from "../../src/protocol/accounts/mod.ts";
import { spawnReplayServe } from "../../tools/replay-serve-process.ts";

const PROGRAMS = ["FTv2RxXarPfNta45HTTMVaGvjzsGg27FXJ3hEKWBhrzV", "FLASH6Lo6h3iasJKWDs2F8TkW2UKf3s15C8PMGuVfgBn"];

Deno.test("chain source: many subscriptions against an RPC in another process all complete at the first attempt", async () => {
  const replay = await spawnReplayServe(["--no-loop"]);
  try {
    const { RPC_URL } = replay.endpoints;
    for (let attempt = 0; attempt < 4; attempt++) {
      const status = new IngestStatus();
      const source = new ChainSource({
        chain: "base",
        rpcUrl: RPC_URL,
        programIds: PROGRAMS,
        discriminatorFilters: Object.values(DISCRIMINATORS).map((d) => d.hex),
        subscribeTimeoutMs: 5_000,
      }, { store: new AccountStore(), blockhash: createBlockhashCaches().base, status: status.chains.base });
      source.start();
      await source.firstLoad();
      await source.stop();
      assert.equal(status.chains.base.reconnects, 0, `attempt ${attempt}: ${status.chains.base.lastError}`);
      assert.equal(status.chains.base.errors, 0, `attempt ${attempt}: ${status.chains.base.lastError}`);
    }
  } finally {
    await replay.stop();
  }
});
