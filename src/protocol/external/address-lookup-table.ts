/**
 * Address lookup table (ORACLE-AND-CHAIN §2.1; base chain only): a 56-byte header, then the table's addresses, 32
 * bytes each, to the end of the data. The transaction builders resolve a pool's tables
 * (`addressLookupTableAddresses`) with it to compile base-chain v0 messages; the fixture generator writes them.
 */
import { BorshReader, BorshWriter, bytes, type Codec, CodecError, pubkey, struct, u32, u64, u8 } from "../codec/mod.ts";
import { type ExternalAccountCodec, fixedOptionPubkey, fixedSize } from "./layout.ts";

/** `deactivationSlot` of a table that was never deactivated. */
export const ACTIVE_LOOKUP_TABLE_SLOT = 0xffff_ffff_ffff_ffffn;
/** The state tag of an initialized table (0 is Uninitialized). */
export const LOOKUP_TABLE_TYPE = 1;

export interface LookupTableMeta {
  /** {@link LOOKUP_TABLE_TYPE} for a table. */
  typeIndex: number;
  deactivationSlot: bigint;
  lastExtendedSlot: bigint;
  lastExtendedSlotStartIndex: number;
  /** The table's authority; null once frozen. */
  authority: string | null;
  padding: Uint8Array;
}
export const lookupTableMeta: Codec<LookupTableMeta> = struct<LookupTableMeta>("LookupTableMeta", {
  typeIndex: u32,
  deactivationSlot: u64,
  lastExtendedSlot: u64,
  lastExtendedSlotStartIndex: u8,
  authority: fixedOptionPubkey,
  padding: bytes(2),
});
/** Where the addresses start. */
export const LOOKUP_TABLE_META_SIZE = fixedSize(lookupTableMeta);

export interface AddressLookupTable {
  meta: LookupTableMeta;
  addresses: string[];
}

export const addressLookupTableAccount: ExternalAccountCodec<AddressLookupTable> = {
  name: "AddressLookupTable",
  size: undefined,
  decode(data) {
    const r = new BorshReader(data);
    let meta: LookupTableMeta;
    try {
      meta = lookupTableMeta.read(r);
    } catch (e) {
      throw e instanceof CodecError ? e.within("AddressLookupTable") : e;
    }
    if (meta.typeIndex !== LOOKUP_TABLE_TYPE) {
      throw new CodecError(`AddressLookupTable: state ${meta.typeIndex} is not an initialized table`);
    }
    if (r.remaining % 32 !== 0) throw new CodecError(`AddressLookupTable: ${r.remaining} address bytes`);
    const addresses: string[] = [];
    while (r.remaining > 0) addresses.push(pubkey.read(r));
    return { meta, addresses };
  },
  encode({ meta, addresses }) {
    const w = new BorshWriter(LOOKUP_TABLE_META_SIZE + 32 * addresses.length);
    lookupTableMeta.write(w, meta);
    for (const a of addresses) pubkey.write(w, a);
    return w.toBytes();
  },
};
