import assert from "node:assert/strict";
import { ExistenceCheck, type MultipleAccountsRequest } from "../../src/ingest/existence-check.ts";
import { AccountStore } from "../../src/state/account-store.ts";
import { IngestStatus } from "../../src/ingest/status.ts";
import { BASKET_DISC, DELEGATION, key, PROGRAM, TOKEN_PROGRAM, withDisc } from "../replay/_helpers.ts";

type Answer = { owner: string; lamports: number } | null;

/** A fake getMultipleAccounts over a key → answer map, recording the batches it was asked. */
function fakeRpc(answers: Map<string, Answer>, slot = 100) {
  const batches: string[][] = [];
  let failNext = false;
  const request: MultipleAccountsRequest = (keys) => {
    batches.push(keys);
    if (failNext) {
      failNext = false;
      return Promise.reject(new Error("503"));
    }
    return Promise.resolve({ context: { slot }, value: keys.map((k) => answers.get(k) ?? null) });
  };
  return { request, batches, failOnce: () => failNext = true };
}

function held(store: AccountStore, pubkey: string, owner = PROGRAM, slot = 50) {
  store.set({ pubkey, owner, lamports: 1n, data: withDisc(BASKET_DISC, [1]), executable: false, slot, chain: "base" });
}

Deno.test("ExistenceCheck removes what is closed or left the program, keeps the rest", async () => {
  const store = new AccountStore();
  const [alive, closed, drained, delegated, mint, recreated] = [1, 2, 3, 4, 5, 6].map(key);
  for (const k of [alive, closed, drained, delegated, recreated]) held(store, k);
  held(store, mint, TOKEN_PROGRAM);
  held(store, recreated, PROGRAM, 150); // written after the answer's slot (100): must survive
  const answers = new Map<string, Answer>([
    [alive, { owner: PROGRAM, lamports: 1 }],
    [drained, { owner: PROGRAM, lamports: 0 }],
    [delegated, { owner: DELEGATION, lamports: 1 }],
    [mint, { owner: TOKEN_PROGRAM, lamports: 1 }],
  ]);
  const removedEvents: string[] = [];
  store.subscribe((c) => c.after === null && removedEvents.push(c.pubkey));
  const check = new ExistenceCheck({
    chain: "base",
    store,
    programIds: [PROGRAM],
    extraAccounts: new Set([mint]),
  });
  const rpc = fakeRpc(answers);
  const result = await check.run(rpc.request);
  assert.equal(result.checked, 6);
  assert.equal(result.sweepDone, true);
  assert.deepEqual(result.removed.sort(), [closed, drained, delegated].sort());
  assert.deepEqual(removedEvents.sort(), [closed, drained, delegated].sort(), "listeners heard every close");
  assert.ok(store.get(alive) && store.get(mint) && store.get(recreated));
  // A closed key stays closed: an older copy cannot come back.
  held(store, closed, PROGRAM, 99);
  assert.equal(store.get(closed), undefined);
});

Deno.test("ExistenceCheck sweeps in bounded runs of 100-key batches, and retries a failed run", async () => {
  const store = new AccountStore();
  const keys = Array.from({ length: 250 }, (_, i) => key(1000 + i));
  for (const k of keys) held(store, k);
  const answers = new Map<string, Answer>(keys.map((k) => [k, { owner: PROGRAM, lamports: 1 }]));
  answers.set(keys[249], null);
  const rpc = fakeRpc(answers);
  const check = new ExistenceCheck({
    chain: "base",
    store,
    programIds: [PROGRAM],
    extraAccounts: new Set(),
    maxKeysPerRun: 200,
    concurrency: 2,
  });
  const first = await check.run(rpc.request);
  assert.deepEqual([first.checked, first.sweepDone, first.removed.length], [200, false, 0]);
  assert.deepEqual(rpc.batches.map((b) => b.length), [100, 100]);
  rpc.failOnce();
  await assert.rejects(check.run(rpc.request), /503/);
  const second = await check.run(rpc.request); // the failed run's keys again
  assert.deepEqual([second.checked, second.sweepDone, second.removed], [50, true, [keys[249]]]);
  const third = await check.run(rpc.request); // a new sweep over what is held now (249 keys)
  assert.deepEqual([third.checked, third.sweepDone], [200, false]);
  const fourth = await check.run(rpc.request);
  assert.deepEqual([fourth.checked, fourth.sweepDone], [49, true]);
});

Deno.test("IngestStatus.shiftReadings moves every clock reading, and nothing else", () => {
  const status = new IngestStatus();
  Object.assign(status.chains.base, {
    slotAdvancedAtMs: 10_000,
    lastUpdateMs: 11_000,
    lastFullLoadMs: 12_000,
    lastBlockhashMs: 13_000,
    lastExistenceCheckMs: null,
    lastSlot: 7,
  });
  status.oracle.lastFrameMs = 14_000;
  status.shiftReadings(-10_000);
  const base = status.chains.base;
  assert.deepEqual(
    [base.slotAdvancedAtMs, base.lastUpdateMs, base.lastFullLoadMs, base.lastBlockhashMs, base.lastExistenceCheckMs],
    [0, 1_000, 2_000, 3_000, null],
  );
  assert.equal(base.lastSlot, 7);
  assert.equal(status.oracle.lastFrameMs, 4_000);
  assert.equal(status.chains.er.lastUpdateMs, null);
});
