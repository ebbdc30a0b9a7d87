/** What reaches the store from a notification, a bulk load and a held state, and what the status says after. */
import assert from "node:assert/strict";
import { PublicKey } from "@solana/web3.js";
import { AccountWriter } from "../../src/ingest/account-writer.ts";
import { IngestStatus } from "../../src/ingest/status.ts";
import { AccountStore } from "../../src/state/account-store.ts";
import { VirtualClock } from "../../src/state/clock.ts";
import { packAlone } from "../../src/state/packed-bytes.ts";

const KEY = "11111111111111111111111111111112";
const OWNER = new PublicKey(new Uint8Array(32).fill(7)).toBase58();

function writer(shareData?: (pubkey: string, data: Uint8Array) => Uint8Array | ReturnType<typeof packAlone>) {
  const store = new AccountStore();
  const status = new IngestStatus().chains.base;
  const clock = new VirtualClock(1_000);
  return { store, status, clock, w: new AccountWriter({ chain: "base", store, status, clock, shareData }) };
}

const rpcAccount = (bytes: number[], lamports = 5) => ({
  data: [btoa(String.fromCharCode(...bytes)), "base64"] as [string, "base64"],
  owner: OWNER,
  lamports,
  executable: false,
});

Deno.test("a notification writes the account, a zero-lamport one deletes it; the status follows", () => {
  const { store, status, clock, w } = writer();
  const info = { data: new Uint8Array([1, 2, 3]), owner: new PublicKey(OWNER), lamports: 9, executable: false };
  w.applyAccount(KEY, info, 10);
  const held = store.getFrom("base", KEY)!;
  assert.deepEqual([...held.data], [1, 2, 3]);
  assert.equal(held.lamports, 9n);
  assert.equal(held.owner, OWNER);
  assert.equal(status.accounts, 1);
  assert.equal(status.lastUpdateMs, 1_000);
  clock.advance(5);
  w.applyAccount(KEY, { ...info, lamports: 0 }, 11);
  assert.equal(store.getFrom("base", KEY), undefined);
  assert.equal(status.accounts, 0);
  assert.equal(status.lastUpdateMs, 1_005);
});

Deno.test("a loaded account leaves the load's unseen set; equal bytes keep the packed form held", () => {
  const { store, w } = writer();
  const unseen = new Set([KEY, "other"]);
  w.applyLoaded(KEY, rpcAccount([4, 5, 6]), 20, unseen);
  assert.deepEqual([...unseen], ["other"]);
  const first = store.getFrom("base", KEY)!.packed;
  assert.ok(first, "packed");
  w.applyLoaded(KEY, rpcAccount([4, 5, 6], 6), 21, new Set([KEY]));
  assert.equal(store.getFrom("base", KEY)!.packed, first, "unchanged bytes: the held packed form, no new copy");
  assert.equal(store.getFrom("base", KEY)!.lamports, 6n);
  w.applyLoaded(KEY, null, 22, new Set([KEY]));
  assert.equal(store.getFrom("base", KEY), undefined);
});

Deno.test("shared bytes are asked for first with the account's key; a held state's bytes are written as given", () => {
  const asked: [string, number[]][] = [];
  const shared = packAlone(new Uint8Array([8, 8]));
  const { store, w } = writer((pubkey, data) => {
    asked.push([pubkey, [...data]]);
    return shared;
  });
  w.applyLoaded(KEY, rpcAccount([8, 8]), 30, new Set());
  assert.deepEqual(asked, [[KEY, [8, 8]]]);
  assert.deepEqual([...store.getFrom("base", KEY)!.data], [8, 8]);
  w.applyHeld({ pubkey: "held", owner: OWNER, lamports: 1n, executable: false }, new Uint8Array([1]), 31);
  assert.deepEqual([...store.getFrom("base", "held")!.data], [1]);
  assert.equal(store.getFrom("base", "held")!.slot, 31);
});

Deno.test("slots: data moves the data slot (and when), a load counts a full load", () => {
  const { store, status, clock, w } = writer();
  w.noteDataSlot(40);
  assert.equal(w.dataSlot, 40);
  assert.equal(status.slotAdvancedAtMs, 1_000);
  clock.advance(10);
  w.noteDataSlot(39); // older data: nothing moves
  assert.equal(w.dataSlot, 40);
  assert.equal(status.slotAdvancedAtMs, 1_000);
  store.noteSlot("base", 45);
  w.noteFullLoad();
  assert.equal(status.lastSlot, 45);
  assert.equal(status.fullLoads, 1);
  assert.equal(status.lastFullLoadMs, 1_010);
});
