/** Packed account bytes: every read gives exactly the bytes packed, and the packed form is smaller where zeros are. */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  bytesIdentity,
  dataLength,
  dataRange,
  dataTransient,
  fromBase64Transient,
  PackSlab,
  prefixHex8,
  pubkeyAt,
  sameBytes,
  unpacked,
  withoutTrailingZeros,
} from "../../src/state/packed-bytes.ts";
import { PackedRawAccount } from "../../src/state/packed-account.ts";
import { PrefaultedSlabs } from "../../src/state/prefaulted-slabs.ts";
import { CodecError } from "../../src/protocol/codec/errors.ts";
import { hex, hexPrefix8 } from "../../src/protocol/codec/bytes.ts";
import { encodePubkey } from "../../src/protocol/codec/base58.ts";

/** Bytes shaped like accounts: runs of zeros of every length between runs of other bytes, and trailing zeros. */
const accountLike = fc.array(
  fc.oneof(
    fc.integer({ min: 1, max: 40 }).map((n) => new Uint8Array(n)),
    fc.uint8Array({ minLength: 1, maxLength: 40 }),
  ),
  { maxLength: 30 },
).map((parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) out.set(part, (at += part.length) - part.length);
  return out;
});

Deno.test("packed bytes: full-length reads equal the original, byte for byte", () => {
  const slab = new PackSlab(4096);
  fc.assert(fc.property(accountLike, (data) => {
    const packed = slab.pack(data);
    assert.equal(packed.length, data.length);
    assert.deepEqual(packed.unpack(), data);
    assert.deepEqual(unpacked(packed), data);
    assert.ok(packed.equals(data));
    assert.equal(packed.prefix, hexPrefix8(data), "the kind: hex of the first 8 bytes");
  }));
});

Deno.test("packed bytes: ranges, including past the last stored byte and past the end", () => {
  const slab = new PackSlab(4096);
  fc.assert(fc.property(accountLike, fc.nat(400), fc.nat(400), (data, a, b) => {
    const packed = slab.pack(data);
    const [from, to] = a <= b ? [a, b] : [b, a];
    const expected = data.slice(Math.min(from, data.length), Math.min(to, data.length));
    assert.deepEqual(packed.readRange(from, to), expected);
    const into = new Uint8Array(to - from).fill(0xee);
    packed.readInto(into, from);
    const padded = new Uint8Array(to - from);
    padded.set(expected);
    assert.deepEqual(into, padded, "readInto: zeros past the end, nothing left from before");
  }));
});

Deno.test("packed bytes: a stored prefix and a length stand for the prefix then zeros", () => {
  const slab = new PackSlab(4096);
  const full = new Uint8Array(3000);
  full.set([1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3], 100);
  const packed = slab.pack(full.subarray(0, 112), 3000);
  assert.deepEqual(packed.unpack(), full);
  assert.ok(packed.equals(full));
  assert.ok(packed.sameAs(slab.pack(full)), "equal bytes pack alike");
  assert.ok(packed.equals(full.subarray(0, 112), 3000), "a prefix and the length");
  assert.ok(!packed.equals(full.subarray(0, 112)), "another length");
  assert.ok(!packed.equals(full.subarray(0, 111), 3000), "a prefix missing a byte that is not zero");
  const other = full.slice();
  other[2999] = 1;
  assert.ok(!packed.equals(other), "a byte of the zero tail differs");
  other[2999] = 0;
  other[105] = 1;
  assert.ok(!packed.equals(other), "a byte of a zero run inside differs");
  assert.throws(() => slab.pack(full, 10), RangeError);
  assert.equal(slab.pack(Uint8Array.of(1, 2, 3), 5).prefix, "0102030000", "a prefix shorter than 8 bytes");
  assert.equal(slab.pack(Uint8Array.of(1, 2, 3), 20).prefix, "0102030000000000");
});

Deno.test("packed bytes: sizes: zero runs and trailing zeros are left out", () => {
  const slab = new PackSlab();
  const basket = new Uint8Array(4000);
  for (let i = 0; i < 600; i += 30) basket.fill(7, i, i + 10); // 20 fields of 10 bytes, 20 zero bytes between
  const packed = slab.pack(basket);
  assert.ok(packed.size <= 200 + 20 * 2, `${packed.size} bytes for 200 bytes that are not zero`);
  assert.equal(slab.pack(new Uint8Array(10_000)).size, 0, "all zeros: nothing held");
  const dense = Uint8Array.from({ length: 300 }, (_, i) => (i % 7) + 1);
  assert.equal(slab.pack(dense).size, 300 + 3, "no zeros: the bytes and one segment header");
  const short = Uint8Array.of(5, 0, 0, 0, 6); // a zero run shorter than a segment header's worth is kept
  assert.equal(slab.pack(short).size, 5 + 2);
});

Deno.test("packed bytes: packs share a slab; a large one gets its own buffer", () => {
  const slab = new PackSlab(1024);
  const a = slab.pack(Uint8Array.of(1, 2, 3));
  const b = slab.pack(Uint8Array.of(4, 5));
  assert.equal(a.slab, b.slab);
  assert.equal(b.offset, (a.offset + a.size + 3) & ~3, "next, at a multiple of 4");
  const big = slab.pack(Uint8Array.from({ length: 500 }, () => 9));
  assert.notEqual(big.slab, a.slab);
  assert.equal(big.slab.length, big.size, "exactly its size");
  assert.deepEqual(a.unpack(), Uint8Array.of(1, 2, 3), "earlier packs stay intact");
});

Deno.test("packed bytes: packed while prefaulting, into the worker's slabs, the bytes read back the same", async () => {
  const slab = new PackSlab(16 * 1024);
  let arrivals = 0;
  let arrived = () => {};
  const supply = new PrefaultedSlabs(16 * 1024, {
    onEvent: (event) => {
      if (event === "slab") arrivals++;
      arrived();
    },
  });
  const packs: { data: Uint8Array; packed: ReturnType<PackSlab["pack"]> }[] = [];
  const sample = fc.sample(accountLike.filter((d) => d.length > 0), { numRuns: 2_000, seed: 7 });
  await slab.prefaulting(async () => {
    for (const data of sample) {
      packs.push({ data, packed: slab.pack(data) });
      // Now and then the packing waits for the worker, as a load waits for the next piece of an answer.
      if (packs.length % 50 === 0 && supply.running && arrivals === 0) {
        await new Promise<void>((resolve) => arrived = resolve);
      }
    }
  }, supply);
  assert.equal(supply.running, false, "the worker stops with the work");
  assert.ok(supply.prefaulted > 0, "some slabs came from the worker");
  assert.ok(packs.some(({ packed }) => packed.slab.buffer instanceof SharedArrayBuffer));
  for (const { data, packed } of packs) assert.deepEqual(packed.unpack(), data);
  const after = slab.pack(Uint8Array.of(1, 2, 3));
  assert.deepEqual(after.unpack(), Uint8Array.of(1, 2, 3), "and the slab packs on after it");
});

Deno.test("packed bytes: reads of a hot account return one array; packed accounts read like plain ones", () => {
  const slab = new PackSlab();
  const data = new Uint8Array(200);
  data.set([0xdb, 0x4f, 0x6b, 0x87, 0xe7, 0xf3, 0xda, 0xf8], 0);
  data.fill(3, 8, 40);
  data[150] = 1;
  const packed = slab.pack(data);
  const account = new PackedRawAccount("k", "o", 5n, packed, false, 1, "base");
  const plain = { data };
  assert.equal(account.data, account.data, "the same array while it is read");
  assert.deepEqual(account.data, data);
  assert.equal(account.packed, packed);
  assert.equal(dataLength(account), 200);
  assert.deepEqual(dataRange(account, 140, 160), data.subarray(140, 160));
  assert.deepEqual(dataRange(account, 190, 300), data.subarray(190));
  assert.deepEqual(dataRange(plain, 140, 160), data.subarray(140, 160));
  assert.equal(prefixHex8(account), hex(data.subarray(0, 8)));
  assert.equal(prefixHex8(plain), hex(data.subarray(0, 8)));
  assert.equal(pubkeyAt(account, 8), encodePubkey(data, 8));
  assert.deepEqual(dataTransient(account), data);
  assert.equal(dataTransient(plain), data);
  assert.equal(bytesIdentity(account), packed);
  assert.equal(bytesIdentity(plain), data);
  assert.ok(sameBytes(account, plain) && sameBytes(plain, account));
  assert.ok(sameBytes(account, new PackedRawAccount("k", "o", 5n, slab.pack(data), false, 2, "er")));
  const changed = data.slice();
  changed[199] = 1;
  assert.ok(!sameBytes(account, { data: changed }));
  assert.deepEqual({ ...account }, {
    pubkey: "k",
    owner: "o",
    lamports: 5n,
    executable: false,
    slot: 1,
    chain: "base",
  });
});

Deno.test("packed bytes: a pack equal to its twin is the twin, and takes no room in the slab", () => {
  const slab = new PackSlab(4096);
  const data = new Uint8Array(300);
  data.set([1, 2, 3], 0);
  data.set([7, 8], 200);
  const twin = slab.pack(data);
  const same = slab.pack(data.subarray(0, 202), 300, twin);
  assert.equal(same, twin, "equal bytes (trailing zeros left out): the twin itself");
  const next = slab.pack(Uint8Array.of(9));
  assert.equal(next.offset, (twin.offset + twin.size + 3) & ~3, "the dropped segments left no gap");
  const changed = data.slice();
  changed[201] = 1;
  const other = slab.pack(changed, 300, twin);
  assert.notEqual(other, twin);
  assert.deepEqual(other.unpack(), changed);
  assert.notEqual(slab.pack(data, 301, twin), twin, "another length is other bytes");
  const big = new Uint8Array(2000).fill(5);
  const bigTwin = slab.pack(big);
  assert.equal(slab.pack(big.slice(), 2000, bigTwin), bigTwin, "also for bytes packed into a buffer of their own");
  // Segments of 64 bytes and more are compared a word at a time: a difference in any word, or in the tail, is seen.
  const words = Uint8Array.from({ length: 203 }, (_, i) => i % 251 + 1);
  const wordsTwin = slab.pack(words);
  assert.equal(slab.pack(words.slice(), 203, wordsTwin), wordsTwin);
  for (const at of [0, 100, 201, 202]) {
    const changed = words.slice();
    changed[at] ^= 0x80;
    assert.notEqual(slab.pack(changed, 203, wordsTwin), wordsTwin, `a difference at byte ${at}`);
  }
});

Deno.test("fromBase64Transient decodes as fromBase64 does, into one reused buffer, and packs the same bytes", () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 5000 }), fc.uint8Array({ maxLength: 300 }), (bytes, next) => {
      const text = bytes.toBase64();
      const decoded = fromBase64Transient(text);
      assert.deepEqual(decoded, Uint8Array.from(bytes));
      const slab = new PackSlab(4096);
      assert.deepEqual(slab.pack(decoded).unpack(), slab.pack(Uint8Array.fromBase64(text)).unpack());
      // Valid until the next call: the next decode writes into the same memory.
      const again = fromBase64Transient(next.toBase64());
      assert.deepEqual(again, Uint8Array.from(next));
      if (again.length > 0 && decoded.length > 0) assert.equal(again.buffer, decoded.buffer, "one reused buffer");
    }),
  );
  assert.throws(() => fromBase64Transient("not base64!"), CodecError);
  assert.deepEqual(fromBase64Transient(""), new Uint8Array());
});

Deno.test("withoutTrailingZeros: the length up to the last non-zero byte, at any alignment and length", () => {
  const byteByByte = (bytes: Uint8Array) => {
    let end = bytes.length;
    while (end > 0 && bytes[end - 1] === 0) end--;
    return end;
  };
  fc.assert(
    fc.property(
      accountLike,
      fc.integer({ min: 0, max: 300 }),
      fc.integer({ min: 0, max: 7 }),
      (bytes, zeros, shift) => {
        // The same bytes, trailing zeros added, seen through views starting at every offset of a word.
        const buffer = new Uint8Array(shift + bytes.length + zeros + 5).fill(0xff);
        const view = buffer.subarray(shift, shift + bytes.length + zeros);
        view.set(bytes);
        view.fill(0, bytes.length);
        assert.equal(withoutTrailingZeros(view), byteByByte(view));
      },
    ),
    { numRuns: 500 },
  );
  assert.equal(withoutTrailingZeros(new Uint8Array(0)), 0);
  assert.equal(withoutTrailingZeros(new Uint8Array(4096)), 0);
  const last = new Uint8Array(4096);
  last[4095] = 1;
  assert.equal(withoutTrailingZeros(last), 4096);
  const first = new Uint8Array(4097);
  first[0] = 1;
  assert.equal(withoutTrailingZeros(first), 1);
});
