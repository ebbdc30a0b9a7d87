/**
 * The Position account (240-byte struct; offsets relative to the struct start, PROTOCOL-v2 §4.7). Built byte by byte from the reference layout tables (PROTOCOL-v2 §4.2/§4.4/§4.7, PROTOCOL-v1 §3): the bytes are
 * written at the documented offsets with a DataView; the codec under test only decodes them (and re-encodes, which
 * must give the same bytes back), and every decoded field is checked.
 */
import assert from "node:assert/strict";
import { positionAccount } from "../../../src/protocol/accounts/mod.ts";
import { Bytes } from "../_bytes.ts";
import { checkPosition, writePosition } from "./_helpers.ts";

Deno.test("Position account decoded from hand-built bytes", async (t) => {
  await t.step("earlier layout: 248 bytes, padding [u8;8] @240", () => {
    const b = new Bytes(248).hex(0, "aabc8fe47a40f7d0");
    writePosition(b, 8, 3n, false);
    b.fill(240, 8, 0xee); // padding bytes are kept and re-encoded as they are
    const p = positionAccount.earlier.decode(b.bytes);
    checkPosition(p, 3n, false);
    assert.deepEqual(p.padding, new Uint8Array(8).fill(0xee));
    assert.deepEqual(positionAccount.earlier.encode(p), b.bytes);
  });
  await t.step("v2 layout: migrate_flag @240 (raw), padding [u8;7]", () => {
    const b = new Bytes(248).hex(0, "aabc8fe47a40f7d0");
    writePosition(b, 8, 4n, true);
    const p = positionAccount.v2.decode(b.bytes);
    checkPosition(p, 4n, true);
    assert.deepEqual(positionAccount.v2.encode(p), b.bytes);
  });
  await t.step("the same bytes read differently by version (byte @240)", () => {
    const b = new Bytes(248).hex(0, "aabc8fe47a40f7d0");
    writePosition(b, 8, 0n, true);
    const earlier = positionAccount.earlier.decode(b.bytes);
    assert.equal(earlier.padding[0], 1);
    assert.equal(positionAccount.v2.decode(b.bytes).migrateFlag, true);
  });
});
