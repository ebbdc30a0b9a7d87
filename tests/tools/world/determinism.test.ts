/** Same seed ⇒ byte-identical world; a different seed ⇒ a different world. */
import assert from "node:assert/strict";
import { bytesEqual, generateInTemp, listFiles } from "./_helpers.ts";
import { readRecording } from "../../../src/replay/format.ts";
import { plainRecording } from "../../replay/_helpers.ts";

Deno.test("world generation is deterministic per seed", async (t) => {
  const opts = { owners: 12, durationS: 20 };
  const a = await generateInTemp({ ...opts, seed: 7 });
  const b = await generateInTemp({ ...opts, seed: 7 });
  const c = await generateInTemp({ ...opts, seed: 8 });
  try {
    const files = await listFiles(a.dir);
    await t.step("the same files are written", async () => {
      assert.deepEqual(await listFiles(b.dir), files);
      for (
        const f of [
          "meta.json",
          "manifest.json",
          "pool-config.v2.json",
          "pool-config.earlier.json",
          "base.accounts.jsonl.gz",
          "er.accounts.jsonl.gz",
          "base.updates.jsonl.gz",
          "er.updates.jsonl.gz",
          "base.blockhashes.jsonl.gz",
          "er.blockhashes.jsonl.gz",
          "oracle.jsonl.gz",
        ]
      ) assert.ok(files.includes(f), `missing ${f}`);
      assert.ok(!files.some((f) => f.endsWith(".tmp")), "no temporary file left behind");
    });

    await t.step("same seed: every file byte-identical", async () => {
      for (const f of files) {
        assert.ok(bytesEqual(await Deno.readFile(`${a.dir}/${f}`), await Deno.readFile(`${b.dir}/${f}`)), f);
      }
    });

    await t.step("different seed: the world differs", async () => {
      const differing: string[] = [];
      for (const f of files) {
        if (!bytesEqual(await Deno.readFile(`${a.dir}/${f}`), await Deno.readFile(`${c.dir}/${f}`))) differing.push(f);
      }
      for (const f of ["manifest.json", "er.accounts.jsonl.gz", "base.accounts.jsonl.gz", "oracle.jsonl.gz"]) {
        assert.ok(differing.includes(f), `${f} should depend on the seed`);
      }
      // The deployments (addresses, tokens, markets) do not depend on the seed; only the version string does.
      for (const f of ["pool-config.v2.json", "pool-config.earlier.json"]) {
        const pa = JSON.parse(await Deno.readTextFile(`${a.dir}/${f}`));
        const pc = JSON.parse(await Deno.readTextFile(`${c.dir}/${f}`));
        assert.deepEqual(pa.pools, pc.pools);
        assert.notEqual(pa.version, pc.version);
      }
      const ma = JSON.parse(await Deno.readTextFile(`${a.dir}/manifest.json`));
      const mc = JSON.parse(await Deno.readTextFile(`${c.dir}/manifest.json`));
      assert.notEqual(ma.owners[0].owner, mc.owners[0].owner);
    });

    await t.step("uncompressed output is deterministic too", async () => {
      const p = await generateInTemp({ ...opts, seed: 7, gzip: false });
      const q = await generateInTemp({ ...opts, seed: 7, gzip: false });
      try {
        const names = await listFiles(p.dir);
        assert.ok(names.includes("er.accounts.jsonl"));
        for (const f of names) {
          assert.ok(bytesEqual(await Deno.readFile(`${p.dir}/${f}`), await Deno.readFile(`${q.dir}/${f}`)), f);
        }
      } finally {
        await p.cleanup();
        await q.cleanup();
      }
    });

    await t.step("binary accounts: the same world, its initial accounts in the binary form", async () => {
      const p = await generateInTemp({ ...opts, seed: 7, binaryAccounts: true });
      try {
        const names = await listFiles(p.dir);
        assert.ok(names.includes("base.accounts.bin") && names.includes("er.accounts.bin"));
        assert.ok(!names.some((f) => f.includes("accounts.jsonl")));
        assert.deepEqual(plainRecording(await readRecording(p.dir)), plainRecording(await readRecording(a.dir)));
        for (const f of files.filter((f) => !f.includes(".accounts."))) {
          assert.ok(bytesEqual(await Deno.readFile(`${p.dir}/${f}`), await Deno.readFile(`${a.dir}/${f}`)), f);
        }
      } finally {
        await p.cleanup();
      }
    });
  } finally {
    await a.cleanup();
    await b.cleanup();
    await c.cleanup();
  }
});
