import assert from "node:assert/strict";
import {
  BinaryAccountDecoder,
  BinaryAccountEncoder,
  concatBytes,
  readBinaryAccountBatches,
  storedLength,
  writeBinaryAccounts,
} from "../../src/replay/binary-accounts.ts";
import { readRecording, type RecordedAccount, streamInitialAccounts, writeRecording } from "../../src/replay/format.ts";
import { convertRecording } from "../../tools/convert-recording.ts";
import { BUNDLED_WORLD_DIR } from "../../src/runtime/boot.ts";
import { CHAINS } from "../../src/state/types.ts";
import { type PackedBytes, PackSlab } from "../../src/state/packed-bytes.ts";
import { key, plainRecording, PROGRAM, samePlace, smallRecording } from "./_helpers.ts";

/** Accounts that exercise every field: trailing zeros, all zeros, empty data, a rentEpoch, large lamports. */
function edgeAccounts(): RecordedAccount[] {
  const trailing = new Uint8Array(4000);
  trailing.set([9, 8, 7, 0, 5], 0);
  return [
    { pubkey: key(1), owner: PROGRAM, lamports: 1n, executable: false, data: trailing },
    { pubkey: key(2), owner: PROGRAM, lamports: (1n << 64n) - 1n, executable: true, data: new Uint8Array(300) },
    { pubkey: key(3), owner: key(200), lamports: 0n, executable: false, data: new Uint8Array(0), rentEpoch: 2 ** 64 },
    { pubkey: key(4), owner: PROGRAM, lamports: 2n ** 60n, executable: false, data: Uint8Array.of(1, 2, 3) },
  ];
}

function encodeAll(accounts: RecordedAccount[]): Uint8Array {
  const encoder = new BinaryAccountEncoder();
  return concatBytes([encoder.header(), ...accounts.flatMap((a) => encoder.encode(a))]);
}

function decodeInChunks(bytes: Uint8Array, chunk: number): RecordedAccount[] {
  const decoder = new BinaryAccountDecoder();
  const out: RecordedAccount[] = [];
  for (let at = 0; at < bytes.length; at += chunk) decoder.push(bytes.subarray(at, at + chunk), (a) => out.push(a));
  decoder.finish();
  return out;
}

Deno.test("binary accounts: encode → decode gives the same accounts, byte for byte", async (t) => {
  const accounts = edgeAccounts();
  const bytes = encodeAll(accounts);
  await t.step("trailing zeros are left out of the file and restored", () => {
    assert.equal(storedLength(accounts[0].data), 5);
    assert.equal(storedLength(accounts[1].data), 0);
    assert.ok(bytes.length < 600, `${bytes.length} bytes for 4,300 bytes of data, mostly zeros`);
  });
  for (const chunk of [1, 7, 64, 1 << 20]) {
    await t.step(`fed in chunks of ${chunk} bytes`, () => assert.deepEqual(decodeInChunks(bytes, chunk), accounts));
  }
  await t.step("bytes held as `hold` packs them: given the stored bytes and the full length", () => {
    const slab = new PackSlab();
    const held: { stored: number[]; length: number; packed: PackedBytes }[] = [];
    const decoder = new BinaryAccountDecoder("test", (_pubkey, stored, length) => {
      const packed = slab.pack(stored, length);
      held.push({ stored: [...stored], length, packed });
      return packed;
    });
    const out: RecordedAccount[] = [];
    decoder.push(bytes, (a) => out.push(a));
    assert.deepEqual(held.map((h) => h.stored), accounts.map((a) => [...a.data.subarray(0, storedLength(a.data))]));
    assert.deepEqual(held.map((h) => h.length), accounts.map((a) => a.data.length));
    assert.deepEqual(out.map((a) => a.packed), held.map((h) => h.packed), "each account holds its packed form");
    assert.deepEqual(out.map((a) => a.data), accounts.map((a) => a.data), "and reads as the full bytes");
    assert.deepEqual(
      out.map(({ pubkey, owner, lamports, executable, rentEpoch }) => ({
        pubkey,
        owner,
        lamports,
        executable,
        rentEpoch,
      })),
      accounts.map(({ pubkey, owner, lamports, executable, rentEpoch }) => ({
        pubkey,
        owner,
        lamports,
        executable,
        rentEpoch,
      })),
    );
  });
  await t.step("one owner string per owner", () => {
    const out = decodeInChunks(bytes, 1 << 20);
    assert.equal(out[0].owner, out[1].owner);
  });
});

Deno.test("binary accounts: malformed input is refused with a clear error", () => {
  const bytes = encodeAll(edgeAccounts());
  assert.throws(() => decodeInChunks(bytes.subarray(0, bytes.length - 1), 100), /truncated/);
  assert.throws(() => decodeInChunks(new Uint8Array(0), 100), /truncated/);
  const badMagic = bytes.slice();
  badMagic[0] ^= 1;
  assert.throws(() => decodeInChunks(badMagic, 100), /not FLRACC1/);
  const badKind = bytes.slice();
  badKind[8 + 4] = 9; // the first record's kind
  assert.throws(() => decodeInChunks(badKind, 100), /unknown record kind 9/);
  const encoder = new BinaryAccountEncoder();
  assert.throws(() => encoder.encode({ ...edgeAccounts()[0], lamports: -1n }), /lamports/);
  assert.throws(() => encoder.encode({ ...edgeAccounts()[0], pubkey: "é" }), /pubkey/);
});

Deno.test("binary accounts: a file (plain or gzipped) reads back as written", async () => {
  const dir = await Deno.makeTempDir({ prefix: "binacc-" });
  try {
    for (const name of ["a.bin", "a.bin.gz"]) {
      const path = `${dir}/${name}`;
      assert.equal(await writeBinaryAccounts(path, edgeAccounts()), 4);
      const back: RecordedAccount[] = [];
      for await (const batch of readBinaryAccountBatches(path)) back.push(...batch);
      assert.deepEqual(back, edgeAccounts());
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("recording with binary accounts: written and read back like the JSONL form", async () => {
  const dir = await Deno.makeTempDir({ prefix: "rec-bin-" });
  try {
    const rec = smallRecording();
    for (const account of edgeAccounts()) rec.chains.base.initialAccounts.add(account);
    await writeRecording(dir, rec, { gzip: true, binaryAccounts: true });
    const names = [...Deno.readDirSync(dir)].map((e) => e.name);
    assert.ok(names.includes("base.accounts.bin") && names.includes("er.accounts.bin"));
    assert.ok(!names.some((n) => n.includes("accounts.jsonl")));
    assert.deepEqual(plainRecording(await readRecording(dir)), plainRecording(rec));
    // Written again as JSONL into the same directory: the binary files go, so the two forms never mix.
    await writeRecording(dir, rec, { gzip: true });
    assert.ok(![...Deno.readDirSync(dir)].some((e) => e.name.includes(".bin")));
    assert.deepEqual(plainRecording(await readRecording(dir)), plainRecording(rec));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("tools/convert-recording.ts: the committed world converted reads back byte for byte", async (t) => {
  const out = await Deno.makeTempDir({ prefix: "world-bin-" });
  try {
    const counts = await convertRecording(BUNDLED_WORLD_DIR, out);
    const jsonl = await readRecording(BUNDLED_WORLD_DIR);
    const binary = await readRecording(out);
    await t.step("every account of both chains, in order, with the same bytes", () => {
      for (const chain of CHAINS) {
        assert.equal(counts[chain], jsonl.chains[chain].initialAccounts.size);
        assert.ok(counts[chain] > 0);
      }
      assert.deepEqual(plainRecording(binary), plainRecording(jsonl));
    });
    await t.step("the twin copies share one packed form in both forms", () => {
      const twins = (r: typeof jsonl) => {
        const er = r.chains.er.initialAccounts;
        return [...r.chains.base.initialAccounts].filter((a) => samePlace(a.packed, er.get(a.pubkey)?.packed)).length;
      };
      assert.ok(twins(jsonl) > 0);
      assert.equal(twins(binary), twins(jsonl));
    });
    await t.step("the other files are copied, the JSONL accounts are not", async () => {
      const names = [...Deno.readDirSync(out)].map((e) => e.name);
      for (const name of ["meta.json", "manifest.json", "pool-config.v2.json", "er.updates.jsonl.gz"]) {
        assert.ok(names.includes(name), name);
      }
      assert.ok(!names.some((n) => n.includes("accounts.jsonl") || n.endsWith(".partial")));
      let n = 0;
      for await (const _ of streamInitialAccounts(out, "er")) n++;
      assert.equal(n, counts.er);
    });
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});
