/**
 * With the replay in the process (boot's embedded mode), a chain source's first load reads the replay's state in
 * place instead of over the RPC, and keeps the replay's byte arrays. It must load exactly what the RPC load loads,
 * and every later load must go over the RPC, as against a live endpoint.
 */
import assert from "node:assert/strict";
import type { Chain, RawAccount } from "../../src/state/types.ts";
import { assertAccountsMatchReplay, recordingWithLaterUpdates, startWorld, type World } from "./_helpers.ts";
import { waitFor } from "../replay/_helpers.ts";

const CHAINS: readonly Chain[] = ["base", "er"];
const LOAD_METHODS = ["getProgramAccounts", "getMultipleAccounts"];
const loadCalls = (w: World, chain: Chain) => LOAD_METHODS.reduce((n, m) => n + (w.replay[chain].calls.get(m) ?? 0), 0);

/** Every copy the store holds, per chain, as comparable values. */
function held(w: World) {
  const out: Record<string, Omit<RawAccount, "data"> & { data: number[] }> = {};
  for (const chain of CHAINS) {
    for (const a of w.store.values(chain)) {
      const { pubkey, owner, lamports, executable, slot } = a;
      out[`${chain} ${pubkey}`] = { pubkey, owner, lamports, executable, slot, chain: a.chain, data: [...a.data] };
    }
  }
  return out;
}

Deno.test("in-process first load: the same accounts, slots and status as the RPC load, the replay's own bytes", async () => {
  const overRpc = await startWorld(recordingWithLaterUpdates());
  const inProcess = await startWorld(recordingWithLaterUpdates(), { inProcess: true });
  try {
    assert.deepEqual(held(inProcess), held(overRpc));
    assertAccountsMatchReplay(inProcess);
    for (const chain of CHAINS) {
      assert.equal(inProcess.store.slot(chain), overRpc.store.slot(chain), chain);
      assert.equal(inProcess.status.chains[chain].accounts, overRpc.status.chains[chain].accounts, chain);
      assert.equal(inProcess.status.chains[chain].fullLoads, 1, chain);
      assert.ok(loadCalls(overRpc, chain) > 0, `${chain}: the RPC load asks the RPC`);
      assert.equal(loadCalls(inProcess, chain), 0, `${chain}: the in-process load does not`);
      const replayed = inProcess.replay.replayer.chains[chain].accounts;
      for (const a of inProcess.store.values(chain)) {
        assert.equal(a.data, replayed.get(a.pubkey)?.data, `${chain} ${a.pubkey}: one copy of the bytes`);
      }
    }
  } finally {
    await overRpc.stop();
    await inProcess.stop();
  }
});

Deno.test("in-process first load: later changes arrive as notifications, and a reload goes over the RPC", async () => {
  const w = await startWorld(recordingWithLaterUpdates(), { inProcess: true });
  try {
    w.replay.replayer.advanceTo(4500); // an ER basket changes and another closes; a base basket appears
    w.sources.base.requestReload();
    w.sources.er.requestReload();
    await waitFor(() => w.status.chains.base.fullLoads >= 2 && w.status.chains.er.fullLoads >= 2, "reloads");
    for (const chain of CHAINS) assert.ok(loadCalls(w, chain) > 0, `${chain}: the reload asked the RPC`);
    assertAccountsMatchReplay(w);
    // Received bytes equal to the replay's are kept as the replay's array, not as a second copy.
    for (const chain of CHAINS) {
      const replayed = w.replay.replayer.chains[chain].accounts;
      for (const a of w.store.values(chain)) assert.equal(a.data, replayed.get(a.pubkey)?.data, a.pubkey);
    }
  } finally {
    await w.stop();
  }
});
