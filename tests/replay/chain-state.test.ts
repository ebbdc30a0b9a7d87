import assert from "node:assert/strict";
import { type ChainStateEvent, ReplayChainState } from "../../src/replay/chain-state.ts";
import { fromHex } from "../../src/protocol/codec/bytes.ts";
import { acct, BASKET_DISC, DELEGATION, K, key, POOL_DISC, PROGRAM, withDisc } from "./_helpers.ts";

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

Deno.test("ReplayChainState keysOwnedBy: by owner, or by owner and kind; kept right as accounts change kind, owner, or close", () => {
  const state = new ReplayChainState("base");
  const keysOf = (owner: string, disc?: string) =>
    [...state.keysOwnedBy(owner, disc === undefined ? undefined : fromHex(disc))].sort();
  state.reset([
    acct(key(1), PROGRAM, withDisc(BASKET_DISC, [1])),
    acct(key(2), PROGRAM, withDisc(BASKET_DISC, [2])),
    acct(key(3), PROGRAM, withDisc(POOL_DISC, [3])),
    acct(key(4), DELEGATION, withDisc(BASKET_DISC, [4])),
    acct(key(5), PROGRAM, Uint8Array.of(1, 2, 3)), // shorter than a discriminator
  ], 100);
  assert.deepEqual(keysOf(PROGRAM), [key(1), key(2), key(3), key(5)].sort());
  assert.deepEqual(keysOf(PROGRAM, BASKET_DISC), [key(1), key(2)].sort());
  assert.deepEqual(keysOf(PROGRAM, POOL_DISC), [key(3)]);
  assert.deepEqual(keysOf(DELEGATION, BASKET_DISC), [key(4)]);
  assert.deepEqual(keysOf(DELEGATION, POOL_DISC), []);
  assert.deepEqual(keysOf(key(99)), [], "an owner with no accounts");

  const as = (owner: string, data: Uint8Array) => ({ owner, lamports: 1n, executable: false, data });
  state.setAccount(key(1), as(PROGRAM, withDisc(POOL_DISC, [1])), 101); // same owner, other kind
  state.setAccount(key(2), as(DELEGATION, withDisc(BASKET_DISC, [2])), 102); // delegated: other owner, same kind
  state.setAccount(key(3), null, 103); // closed
  state.setAccount(key(4), as(DELEGATION, withDisc(BASKET_DISC, [44])), 104); // new bytes, same owner and kind
  state.setAccount(key(6), as(PROGRAM, withDisc(BASKET_DISC, [6])), 105); // created
  assert.deepEqual(keysOf(PROGRAM), [key(1), key(5), key(6)].sort());
  assert.deepEqual(keysOf(PROGRAM, BASKET_DISC), [key(6)]);
  assert.deepEqual(keysOf(PROGRAM, POOL_DISC), [key(1)]);
  assert.deepEqual(keysOf(DELEGATION, BASKET_DISC), [key(2), key(4)].sort());
  assert.deepEqual(keysOf(DELEGATION), [key(2), key(4)].sort());
  assert.equal(state.accounts.has(key(3)), false);
  state.setAccount(key(2), null, 106);
  state.setAccount(key(4), null, 107);
  assert.deepEqual(keysOf(DELEGATION), [], "emptied owners leave the index");
});

Deno.test("ReplayChainState keysOwnedBy after changes made before anyone asked (the index is built on first use)", () => {
  const state = new ReplayChainState("er");
  state.reset([acct(key(1), PROGRAM, withDisc(BASKET_DISC, [1])), acct(key(2), PROGRAM, withDisc(POOL_DISC, [2]))], 1);
  const as = (owner: string, data: Uint8Array) => ({ owner, lamports: 1n, executable: false, data });
  state.setAccount(key(1), as(DELEGATION, withDisc(BASKET_DISC, [1])), 2);
  state.setAccount(key(2), null, 3);
  state.setAccount(key(3), as(PROGRAM, withDisc(BASKET_DISC, [3])), 4);
  assert.deepEqual([...state.keysOwnedBy(PROGRAM)], [key(3)]);
  assert.deepEqual([...state.keysOwnedBy(PROGRAM, fromHex(BASKET_DISC))], [key(3)]);
  assert.deepEqual([...state.keysOwnedBy(DELEGATION, fromHex(BASKET_DISC))], [key(1)]);
  state.reset([acct(key(4), PROGRAM, withDisc(POOL_DISC, [4]))], 5);
  assert.deepEqual([...state.keysOwnedBy(PROGRAM)], [key(4)], "a reset starts over");
  assert.deepEqual([...state.keysOwnedBy(DELEGATION)], []);
});
