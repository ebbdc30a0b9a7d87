/**
 * The UserDepositLedger (v2). Built byte by byte from the reference layout tables (PROTOCOL-v2 §4.2/§4.4/§4.7, PROTOCOL-v1 §3): the bytes are
 * written at the documented offsets with a DataView; the codec under test only decodes them (and re-encodes, which
 * must give the same bytes back), and every decoded field is checked.
 */
import assert from "node:assert/strict";
import { userDepositLedgerAccount } from "../../../src/protocol/accounts/mod.ts";
import { Bytes, K } from "../_bytes.ts";

Deno.test("UserDepositLedger decoded from hand-built bytes (852-byte allocation, owner @16)", () => {
  const b = new Bytes(852).hex(0, "3363adbe15330782").u8(8, 254).pubkey(16, K.owner);
  b.u32(48, 2).pubkey(52, K.usdcMint).u64(84, 1_000_000_000n).pubkey(92, K.solMint).u64(124, 2_500_000_000n);
  const l = userDepositLedgerAccount.decode(b.bytes);
  assert.equal(l.bump, 254);
  assert.equal(l.owner, K.owner);
  assert.deepEqual(l.deposits, [
    { mint: K.usdcMint, amount: 1_000_000_000n },
    { mint: K.solMint, amount: 2_500_000_000n },
  ]);
  assert.deepEqual(userDepositLedgerAccount.encode(l), b.bytes.subarray(0, 132));
});
