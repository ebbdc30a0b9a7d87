import assert from "node:assert/strict";
import { BorshReader, CodecError, string } from "../../../src/protocol/codec/mod.ts";
import { decode } from "./_helpers.ts";

Deno.test("short buffers throw CodecError (not RangeError) for every read", () => {
  const reads: [string, (r: BorshReader) => unknown, number][] = [
    ["u8", (r) => r.u8(), 1],
    ["u16", (r) => r.u16(), 2],
    ["u32", (r) => r.u32(), 4],
    ["i16", (r) => r.i16(), 2],
    ["i32", (r) => r.i32(), 4],
    ["u64", (r) => r.u64(), 8],
    ["i64", (r) => r.i64(), 8],
    ["u128", (r) => r.u128(), 16],
    ["i128", (r) => r.i128(), 16],
    ["bool", (r) => r.bool(), 1],
    ["pubkey", (r) => r.pubkey(), 32],
    ["bytes", (r) => r.fixedBytes(5), 5],
  ];
  for (const [name, read, n] of reads) {
    for (let len = 0; len < n; len++) {
      assert.throws(() => read(new BorshReader(new Uint8Array(len))), CodecError, `${name} from ${len} bytes`);
    }
    // A view into a larger buffer must not read past its own end.
    const backing = new Uint8Array(64);
    assert.throws(() => read(new BorshReader(backing.subarray(10, 10 + n - 1))), CodecError, name);
    assert.doesNotThrow(() => read(new BorshReader(backing.subarray(10, 10 + n))));
  }
  assert.throws(() => decode(string, Uint8Array.of(5, 0, 0, 0, 65)), /unexpected end of data/);
});
