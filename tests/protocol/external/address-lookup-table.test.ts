import assert from "node:assert/strict";
import { AddressLookupTableAccount, PublicKey } from "@solana/web3.js";
import {
  ACTIVE_LOOKUP_TABLE_SLOT,
  addressLookupTableAccount,
  LOOKUP_TABLE_META_SIZE,
  LOOKUP_TABLE_TYPE,
} from "../../../src/protocol/external/address-lookup-table.ts";
import { CodecError } from "../../../src/protocol/codec/errors.ts";

const AUTHORITY = "FLAshCJGr4SWk23bDVy7yeZecfND8h5Cingy1u2XE6HQ";
const KEYS = [
  "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
  "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",
  "So11111111111111111111111111111111111111112",
];

const meta = (authority: string | null) => ({
  typeIndex: LOOKUP_TABLE_TYPE,
  deactivationSlot: ACTIVE_LOOKUP_TABLE_SLOT,
  lastExtendedSlot: 250_000_000n,
  lastExtendedSlotStartIndex: 1,
  authority,
  padding: new Uint8Array(2),
});

Deno.test("lookup table: a 56-byte header then 32-byte addresses, as web3.js deserializes it", () => {
  assert.equal(LOOKUP_TABLE_META_SIZE, 56);
  for (const authority of [AUTHORITY, null]) {
    const table = { meta: meta(authority), addresses: KEYS };
    const bytes = addressLookupTableAccount.encode(table);
    assert.equal(bytes.length, 56 + 32 * KEYS.length);
    const theirs = AddressLookupTableAccount.deserialize(bytes);
    assert.equal(theirs.deactivationSlot, ACTIVE_LOOKUP_TABLE_SLOT);
    assert.equal(theirs.lastExtendedSlot, 250_000_000);
    assert.equal(theirs.lastExtendedSlotStartIndex, 1);
    assert.equal(theirs.authority?.toBase58() ?? null, authority);
    assert.deepEqual(theirs.addresses.map((a: PublicKey) => a.toBase58()), KEYS);
    assert.deepEqual(addressLookupTableAccount.decode(bytes), table);
  }
});

Deno.test("lookup table: an uninitialized state or a partial address is a CodecError", () => {
  const bytes = addressLookupTableAccount.encode({ meta: meta(AUTHORITY), addresses: KEYS });
  assert.throws(() => addressLookupTableAccount.decode(bytes.subarray(0, bytes.length - 1)), CodecError);
  const uninitialized = bytes.slice();
  uninitialized[0] = 0;
  assert.throws(() => addressLookupTableAccount.decode(uninitialized), CodecError);
});
