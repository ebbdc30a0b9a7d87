import assert from "node:assert/strict";
import { type ChainStateEvent, ReplayChainState } from "../../src/replay/chain-state.ts";
import { acct, BASKET_DISC, K, key, PROGRAM, withDisc } from "./_helpers.ts";

Deno.test("ReplayChainState freeze: a lagging chain holds its changes, then catches up in order", () => {
  const state = new ReplayChainState("er");
  state.reset([acct(K.basketB, PROGRAM, withDisc(BASKET_DISC, [0xb, 1]))], 5000);
  const events: ChainStateEvent[] = [];
  state.subscribe((e) => events.push(e));
  state.freeze();
  assert.equal(state.frozen, true);
  const data = { owner: PROGRAM, lamports: 1n, executable: false, data: withDisc(BASKET_DISC, [0xb, 2]) };
  state.setAccount(K.basketB, data, 5010);
  state.setBlockhash({ atMs: 0, slot: 5011, blockhash: key(201), lastValidBlockHeight: 7_161 });
  state.setAccount(K.basketC, null, 5012);
  // The state as it was: no event, same slot, same data, same blockhash.
  assert.equal(events.length, 0);
  assert.equal(state.slot, 5000);
  assert.equal(state.accounts.get(K.basketB)?.data[9], 1);
  assert.notEqual(state.latestBlockhash().blockhash, key(201));
  state.thaw();
  assert.equal(state.frozen, false);
  assert.equal(state.slot, 5012);
  assert.equal(state.accounts.get(K.basketB)?.data[9], 2);
  assert.equal(state.latestBlockhash().blockhash, key(201));
  assert.deepEqual(
    events.map((e) => e.type === "slot" ? `slot ${e.slot}` : `account ${e.pubkey === K.basketB ? "B" : "C"}`),
    ["slot 5010", "account B", "slot 5011", "slot 5012", "account C"],
  );
});
