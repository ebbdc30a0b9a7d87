/**
 * The CustomOracle account. Built byte by byte from the reference layout tables (PROTOCOL-v2 §4.2/§4.4/§4.7, PROTOCOL-v1 §3): the bytes are
 * written at the documented offsets with a DataView; the codec under test only decodes them (and re-encodes, which
 * must give the same bytes back), and every decoded field is checked.
 */
import assert from "node:assert/strict";
import { customOracleAccount } from "../../../src/protocol/accounts/mod.ts";
import { Bytes } from "../_bytes.ts";

Deno.test("CustomOracle decoded from hand-built bytes", () => {
  const b = new Bytes(76).hex(0, "e3aaa4da7f1023df").u64(8, 14_512_345_678n).i32(16, -8).u64(20, 1_000n)
    .u64(28, 14_500_000_000n).i64(36, 1_726_000_000n).u32(44, 6).u64(48, 14_512_345_679n);
  const o = customOracleAccount.decode(b.bytes);
  assert.deepEqual({ ...o, reserved: undefined }, {
    price: 14_512_345_678n,
    expo: -8,
    conf: 1_000n,
    ema: 14_500_000_000n,
    publishTime: 1_726_000_000n,
    lazerFeedId: 6,
    lazerPrice: 14_512_345_679n,
    reserved: undefined,
  });
  assert.equal(o.reserved.length, 20);
  assert.deepEqual(customOracleAccount.encode(o), b.bytes);
});
