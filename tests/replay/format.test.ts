import assert from "node:assert/strict";
import {
  readRecording,
  readRecordingMeta,
  RecordingWriter,
  streamInitialAccounts,
  writeRecording,
} from "../../src/replay/format.ts";
import {
  acct,
  BASKET_DISC,
  DELEGATION,
  K,
  key,
  plainAccount,
  plainRecording,
  PROGRAM,
  samePlace,
  smallRecording,
  withDisc,
} from "./_helpers.ts";
import { RecordedAccounts } from "../../src/replay/recorded-accounts.ts";

Deno.test("recording format round trip", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "rec-" });
  try {
    for (const gzip of [false, true]) {
      await t.step(`write + read (gzip=${gzip})`, async () => {
        const rec = smallRecording();
        const pool = plainAccount(rec.chains.base.initialAccounts.get(K.pool)!);
        rec.chains.base.initialAccounts.add({ ...pool, lamports: 2n ** 60n }); // beyond a JS number
        await writeRecording(dir, rec, { gzip });
        const names = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
        assert.ok(names.includes("meta.json"));
        assert.ok(names.includes(gzip ? "base.accounts.jsonl.gz" : "base.accounts.jsonl"));
        assert.ok(!names.includes(gzip ? "base.accounts.jsonl" : "base.accounts.jsonl.gz"));
        const back = await readRecording(dir);
        assert.deepEqual(plainRecording(back), plainRecording(rec));
        const meta = await readRecordingMeta(dir);
        assert.equal(meta.format, "flash-replay/1");
        let n = 0;
        for await (const _a of streamInitialAccounts(dir, "er")) n++;
        assert.equal(n, 3);
      });
    }

    await t.step("streaming writer: unsorted updates are sorted on read, missing files are empty", async () => {
      const w = await RecordingWriter.create(dir);
      const data = new Uint8Array([1, 2, 3]);
      await w.writeUpdate("er", { atMs: 20, slot: 2, pubkey: "B", account: null });
      await w.writeUpdate("er", {
        atMs: 10,
        slot: 1,
        pubkey: "A",
        account: { owner: "O", lamports: 1n, executable: false, data },
      });
      assert.deepEqual(w.counts(), { "er.updates.jsonl": 2 });
      await w.close({ ...smallRecording().meta, name: "partial" });
      const back = await readRecording(dir);
      assert.deepEqual(back.chains.er.updates.map((u) => u.pubkey), ["A", "B"]);
      assert.deepEqual(plainRecording(back).chains.base, { initialAccounts: [], updates: [], blockhashes: [] });
      assert.equal(back.oracle.length, 0);
      assert.deepEqual(back.chains.er.updates[0].account?.data, data);
    });

    await t.step("a directory without meta.json or with another format is refused", async () => {
      await Deno.writeTextFile(`${dir}/meta.json`, JSON.stringify({ format: "other/9" }));
      await assert.rejects(() => readRecording(dir), /unsupported recording format/);
      const empty = await Deno.makeTempDir({ prefix: "rec-empty-" });
      await assert.rejects(() => readRecording(empty));
      await Deno.remove(empty, { recursive: true });
    });

    await t.step("100,000 accounts stream through without a giant string", async () => {
      const w = await RecordingWriter.create(dir, { gzip: true });
      const data = new Uint8Array(200).fill(7);
      for (let i = 0; i < 100_000; i++) {
        await w.writeInitialAccount("er", { pubkey: `k${i}`, owner: "O", lamports: 1n, executable: false, data });
      }
      await w.close({ ...smallRecording().meta, name: "big" });
      let n = 0;
      let bytes = 0;
      for await (const a of streamInitialAccounts(dir, "er")) {
        n++;
        bytes += a.data.length;
      }
      assert.equal(n, 100_000);
      assert.equal(bytes, 20_000_000);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

// How initial accounts are read and held: packed (state/packed-bytes.ts), one packed form for an account whose bytes
// are the same on both chains, the data member decoded without a JSON parse.

Deno.test("readRecording: a delegated account's base and ER copies share one array when their bytes are equal", async (t) => {
  for (const binaryAccounts of [false, true]) {
    await t.step(binaryAccounts ? "binary accounts" : "JSONL accounts", () => twinsShareBytes(binaryAccounts));
  }
});

async function twinsShareBytes(binaryAccounts: boolean): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "rec-twins-" });
  try {
    const rec = smallRecording();
    const same = withDisc(BASKET_DISC, [1, 2, 3], 3000);
    const differs = withDisc(BASKET_DISC, [4], 3000);
    rec.chains.base.initialAccounts.add(acct(key(90), DELEGATION, same));
    rec.chains.base.initialAccounts.add(acct(key(91), DELEGATION, differs));
    rec.chains.er.initialAccounts.add(acct(key(90), PROGRAM, same.slice()));
    rec.chains.er.initialAccounts.add(acct(key(91), PROGRAM, withDisc(BASKET_DISC, [5], 3000)));
    await writeRecording(dir, rec, { gzip: true, binaryAccounts });
    const back = await readRecording(dir);
    assert.deepEqual(plainRecording(back), plainRecording(rec), "the same values as written");
    const find = (chain: "base" | "er", k: string) => back.chains[chain].initialAccounts.get(k)!;
    assert.ok(find("base", key(90)).packed, "held packed");
    assert.ok(samePlace(find("base", key(90)).packed, find("er", key(90)).packed), "equal bytes: one packed copy");
    assert.ok(!samePlace(find("base", key(91)).packed, find("er", key(91)).packed));
    assert.deepEqual(find("base", key(91)).data, differs);
    assert.equal(find("base", key(90)).owner, DELEGATION);
    assert.equal(find("er", key(90)).owner, find("er", key(91)).owner, "owner strings interned");
    const packed = [...back.chains.base.initialAccounts, ...back.chains.er.initialAccounts].map((a) => a.packed!);
    assert.ok(packed.every((p) => p.slab.buffer === packed[0].slab.buffer), "packed side by side in one slab");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("initial account lines: the data member taken out before parsing reads as a whole JSON parse does", async () => {
  const dir = await Deno.makeTempDir({ prefix: "rec-lines-" });
  try {
    const rec = smallRecording();
    rec.chains.base.initialAccounts = new RecordedAccounts("base");
    rec.chains.er.initialAccounts = new RecordedAccounts("er");
    await writeRecording(dir, rec);
    const bytes = Uint8Array.from({ length: 40 }, (_, i) => (i * 37) & 0xff); // holds '/' and '+' in base64
    const b64 = bytes.toBase64();
    assert.match(b64, /\//);
    const lines = [
      `{"pubkey":"${key(1)}","owner":"${PROGRAM}","lamports":5,"executable":false,"data":"${b64}"}`,
      // Escaped slashes, spaces, members after data, data first: each still one account.
      `{"pubkey":"${key(2)}","owner":"${PROGRAM}","lamports":5,"executable":false,"data":"${
        b64.replaceAll("/", "\\/")
      }"}`,
      `{ "pubkey": "${key(3)}", "owner": "${PROGRAM}", "lamports": 5, "executable": true, "data": "${b64}" }`,
      `{"pubkey":"${key(4)}","owner":"${PROGRAM}","lamports":"18446744073709551615","data":"${b64}","rentEpoch":7}`,
      `{"data":"${b64}","pubkey":"${key(5)}","owner":"${PROGRAM}","lamports":5,"executable":false}`,
    ];
    await Deno.writeTextFile(`${dir}/base.accounts.jsonl`, lines.join("\n") + "\n");
    const back = [...(await readRecording(dir)).chains.base.initialAccounts];
    assert.deepEqual(back.map((a) => a.pubkey), [1, 2, 3, 4, 5].map(key));
    for (const a of back) assert.deepEqual(a.data, bytes, a.pubkey);
    assert.equal(back[2].executable, true);
    assert.equal(back[3].lamports, 18446744073709551615n);
    assert.equal(back[3].rentEpoch, 7);
    // A broken line names its file and line.
    await Deno.writeTextFile(`${dir}/base.accounts.jsonl`, lines[0] + "\n" + lines[0].replace(b64, "*not base64*"));
    await assert.rejects(() => readRecording(dir), /base\.accounts\.jsonl:2: .*base64/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
