/**
 * Raw layouts of the non-perpetuals accounts the world needs: SPL Token / Token-2022 mints and token accounts, address
 * lookup tables, and MagicBlock delegation records (ORACLE-AND-CHAIN §2.1). Byte-exact encoders only.
 */
import { decodePubkey } from "../../src/protocol/codec/mod.ts";

/** Rent-exempt minimum for `len` bytes of data (the cluster's default rent: 3480 lamports/byte-year × 2 years). */
export function rentExempt(len: number): bigint {
  return BigInt((128 + len) * 3480 * 2);
}

class Bytes {
  readonly buf: Uint8Array;
  readonly view: DataView;
  o = 0;
  constructor(n: number) {
    this.buf = new Uint8Array(n);
    this.view = new DataView(this.buf.buffer);
  }
  u8(v: number) {
    this.buf[this.o++] = v;
  }
  u16(v: number) {
    this.view.setUint16(this.o, v, true);
    this.o += 2;
  }
  u32(v: number) {
    this.view.setUint32(this.o, v, true);
    this.o += 4;
  }
  u64(v: bigint) {
    this.view.setBigUint64(this.o, v, true);
    this.o += 8;
  }
  i64(v: bigint) {
    this.view.setBigInt64(this.o, v, true);
    this.o += 8;
  }
  f64(v: number) {
    this.view.setFloat64(this.o, v, true);
    this.o += 8;
  }
  key(k: string) {
    this.buf.set(decodePubkey(k), this.o);
    this.o += 32;
  }
  /** COption<Pubkey>: u32 tag + 32 bytes. */
  optKey(k: string | null) {
    this.u32(k ? 1 : 0);
    if (k) this.key(k);
    else this.o += 32;
  }
}

export interface MintInput {
  mintAuthority: string | null;
  supply: bigint;
  decimals: number;
  freezeAuthority: string | null;
}

/** Legacy SPL Token mint (82 bytes). */
export function encodeMint(m: MintInput): Uint8Array {
  const b = new Bytes(82);
  b.optKey(m.mintAuthority);
  b.u64(m.supply);
  b.u8(m.decimals);
  b.u8(1);
  b.optKey(m.freezeAuthority);
  return b.buf;
}

export const TOKEN_2022_ACCOUNT_TYPE_MINT = 1;
export const EXT_METADATA_POINTER = 18;
export const EXT_SCALED_UI_AMOUNT = 25;

/**
 * Token-2022 mint with the extensions of an xStocks-style equity token: MetadataPointer (to itself) and
 * ScaledUiAmountConfig (multiplier 1.0). Layout: 82-byte base, zero padding to 165, account type byte, then TLV
 * entries (u16 type, u16 length, value).
 */
export function encodeMint2022(mint: string, m: MintInput, scaledUiAuthority: string): Uint8Array {
  const b = new Bytes(166 + (4 + 64) + (4 + 56));
  b.buf.set(encodeMint(m), 0);
  b.o = 165;
  b.u8(TOKEN_2022_ACCOUNT_TYPE_MINT);
  b.u16(EXT_METADATA_POINTER);
  b.u16(64);
  b.key(m.mintAuthority ?? scaledUiAuthority);
  b.key(mint);
  b.u16(EXT_SCALED_UI_AMOUNT);
  b.u16(56);
  b.key(scaledUiAuthority);
  b.f64(1.0);
  b.i64(0n);
  b.f64(1.0);
  return b.buf;
}

export interface TokenAccountInput {
  mint: string;
  owner: string;
  amount: bigint;
  /** Rent reserve of a native (wrapped SOL) account; null for other mints. */
  nativeRentReserve: bigint | null;
}

/** SPL token account (165 bytes; same base layout under Token-2022). */
export function encodeTokenAccount(a: TokenAccountInput): Uint8Array {
  const b = new Bytes(165);
  b.key(a.mint);
  b.key(a.owner);
  b.u64(a.amount);
  b.optKey(null);
  b.u8(1); // AccountState::Initialized
  b.u32(a.nativeRentReserve === null ? 0 : 1);
  b.u64(a.nativeRentReserve ?? 0n);
  b.u64(0n);
  b.optKey(null);
  return b.buf;
}

/** Address lookup table: 56-byte meta (type 1, deactivation slot u64::MAX, last extended slot …) + addresses. */
export function encodeLookupTable(authority: string, lastExtendedSlot: bigint, addresses: string[]): Uint8Array {
  const b = new Bytes(56 + 32 * addresses.length);
  b.u32(1);
  b.u64(0xffff_ffff_ffff_ffffn);
  b.u64(lastExtendedSlot);
  b.u8(0);
  b.u8(1);
  b.key(authority);
  b.o = 56;
  for (const a of addresses) b.key(a);
  return b.buf;
}

/**
 * Delegation record under the delegation program (`["delegation", pda]`): discriminant 100 (u64), validator
 * authority, original owner program, delegation slot, lamports, commit frequency (ms).
 */
export function encodeDelegationRecord(
  validator: string,
  ownerProgram: string,
  delegationSlot: bigint,
  lamports: bigint,
  commitFrequencyMs: bigint,
): Uint8Array {
  const b = new Bytes(8 + 32 + 32 + 8 + 8 + 8);
  b.u64(100n);
  b.key(validator);
  b.key(ownerProgram);
  b.u64(delegationSlot);
  b.u64(lamports);
  b.u64(commitFrequencyMs);
  return b.buf;
}
