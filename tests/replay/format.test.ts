import assert from "node:assert/strict";
import {
  readRecording,
  readRecordingMeta,
  RecordingWriter,
  streamInitialAccounts,
  writeRecording,
} from "../../src/replay/format.ts";
import { smallRecording } from "./_helpers.ts";

Deno.test("recording format round trip", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "rec-" });
  try {
    for (const gzip of [false, true]) {
      await t.step(`write + read (gzip=${gzip})`, async () => {
        const rec = smallRecording();
        rec.chains.base.initialAccounts[0].lamports = 2n ** 60n; // beyond a JS number
        await writeRecording(dir, rec, { gzip });
        const names = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
        assert.ok(names.includes("meta.json"));
        assert.ok(names.includes(gzip ? "base.accounts.jsonl.gz" : "base.accounts.jsonl"));
        assert.ok(!names.includes(gzip ? "base.accounts.jsonl" : "base.accounts.jsonl.gz"));
        const back = await readRecording(dir);
        assert.deepEqual(back, rec);
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
      assert.deepEqual(back.chains.base, { initialAccounts: [], updates: [], blockhashes: [] });
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
