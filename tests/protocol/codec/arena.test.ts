import assert from "node:assert/strict";
import { arenaBytes, SLAB_BYTES } from "../../../src/protocol/codec/arena.ts";
import { BorshReader, BorshWriter } from "../../../src/protocol/codec/mod.ts";

Deno.test("arenaBytes: zeroed, exactly sized, never overlapping, across slab boundaries", () => {
  const arrays: Uint8Array[] = [];
  // Enough to fill several slabs, with sizes that do not divide the slab.
  for (let i = 0; i < (3 * SLAB_BYTES) / 40; i++) {
    const length = 1 + (i % 77);
    const a = arenaBytes(length);
    assert.equal(a.length, length);
    assert.ok(a.every((b) => b === 0), "a fresh array is zeroed");
    a.fill(i % 251);
    arrays.push(a);
  }
  arrays.forEach((a, i) => assert.ok(a.every((b) => b === i % 251), `array ${i} kept its own bytes`));
  const big = arenaBytes(SLAB_BYTES);
  assert.equal(big.byteOffset, 0);
  assert.equal(big.buffer.byteLength, SLAB_BYTES, "a large array has its own buffer");
});

Deno.test("toArenaBytes: the written bytes, readable through their offset like any array", () => {
  const w = new BorshWriter(8);
  w.u8(7);
  w.u64(0x0102_0304_0506_0708n);
  w.pubkey("11111111111111111111111111111111");
  const bytes = w.toArenaBytes();
  assert.deepEqual(bytes, w.toBytes());
  const r = new BorshReader(bytes);
  assert.equal(r.u8(), 7);
  assert.equal(r.u64(), 0x0102_0304_0506_0708n);
  w.reset();
  w.u8(9);
  assert.deepEqual([...w.toArenaBytes()], [9], "reset starts over");
  assert.equal(bytes[0], 7, "earlier bytes are not overwritten");
});
