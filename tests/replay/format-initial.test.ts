/**
 * How a recording's initial accounts are held: one byte array for an account whose bytes are the same on both chains,
 * account bytes carved out of shared buffers (`ByteSlab`), and a large gzip file inflated by a worker.
 */
import assert from "node:assert/strict";
import { ByteSlab, readLines, readRecording, writeRecording } from "../../src/replay/format.ts";
import { gunzipStream } from "../../src/replay/gunzip.ts";
import { acct, BASKET_DISC, DELEGATION, key, PROGRAM, smallRecording, withDisc } from "./_helpers.ts";

Deno.test("readRecording: a delegated account's base and ER copies share one array when their bytes are equal", async () => {
  const dir = await Deno.makeTempDir({ prefix: "rec-twins-" });
  try {
    const rec = smallRecording();
    const same = withDisc(BASKET_DISC, [1, 2, 3], 3000);
    const differs = withDisc(BASKET_DISC, [4], 3000);
    rec.chains.base.initialAccounts.push(acct(key(90), DELEGATION, same), acct(key(91), DELEGATION, differs));
    rec.chains.er.initialAccounts.push(
      acct(key(90), PROGRAM, same.slice()),
      acct(key(91), PROGRAM, withDisc(BASKET_DISC, [5], 3000)),
    );
    await writeRecording(dir, rec, { gzip: true });
    const back = await readRecording(dir);
    assert.deepEqual(back, rec, "the same values as written");
    const find = (chain: "base" | "er", k: string) => back.chains[chain].initialAccounts.find((a) => a.pubkey === k)!;
    assert.equal(find("base", key(90)).data, find("er", key(90)).data, "equal bytes: one array");
    assert.notEqual(find("base", key(91)).data, find("er", key(91)).data);
    assert.deepEqual(find("base", key(91)).data, differs);
    assert.equal(find("base", key(90)).owner, DELEGATION);
    assert.equal(find("er", key(90)).owner, find("er", key(91)).owner, "owner strings interned");
    for (const a of [...back.chains.base.initialAccounts, ...back.chains.er.initialAccounts]) {
      assert.equal(a.data.byteOffset % 8, 0, "8-byte aligned views");
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("ByteSlab: views side by side in one buffer, aligned; the last one can be given back; large ones alone", () => {
  const slab = new ByteSlab(1024);
  const a = slab.take(10);
  const b = slab.take(5);
  assert.equal(a.buffer, b.buffer);
  assert.equal(b.byteOffset, 16);
  slab.giveBack(b);
  const c = slab.take(3);
  assert.equal(c.byteOffset, 16, "the given-back bytes are reused");
  slab.giveBack(a); // not the last one: kept
  assert.equal(slab.take(1).byteOffset, 24);
  const big = slab.take(1000);
  assert.equal(big.byteOffset, 0);
  assert.notEqual(big.buffer, a.buffer);
  assert.equal(big.length, 1000);
  const next = slab.take(1020);
  assert.notEqual(next.buffer, a.buffer, "a full buffer is followed by a new one");
});

Deno.test("a large gzip file is inflated by a worker into the same lines as a plain read", async () => {
  const dir = await Deno.makeTempDir({ prefix: "rec-gz-" });
  try {
    // Incompressible lines, so the compressed file passes the worker threshold (4 MiB).
    const lines = Array.from({ length: 4000 }, (_, i) => {
      const noise = crypto.getRandomValues(new Uint8Array(1200)).toBase64();
      return JSON.stringify({ i, noise });
    });
    const text = lines.join("\n") + "\n";
    await Deno.writeTextFile(`${dir}/plain.jsonl`, text);
    const gz = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
    await Deno.writeFile(`${dir}/big.jsonl.gz`, gz);
    assert.ok((await Deno.stat(`${dir}/big.jsonl.gz`)).size > 4 << 20);
    const read = async (path: string) => {
      const out: string[] = [];
      for await (const line of readLines(path)) out.push(line);
      return out;
    };
    assert.deepEqual(await read(`${dir}/big.jsonl.gz`), lines);
    assert.deepEqual(await read(`${dir}/plain.jsonl`), lines);
    // Cancelling early stops the worker (the test would report a leaked worker otherwise).
    const reader = (await gunzipStream(`${dir}/big.jsonl.gz`)).getReader();
    assert.ok((await reader.read()).value!.length > 0);
    await reader.cancel();
    // A file that is not gzip fails with its path.
    await Deno.writeFile(`${dir}/bad.gz`, new Uint8Array(5 << 20).fill(0x5a));
    await assert.rejects(() => read(`${dir}/bad.gz`), /bad\.gz/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
