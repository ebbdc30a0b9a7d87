/**
 * Types and codecs shared by several accounts, plus the helper that turns a struct codec into an Anchor account
 * codec (8-byte discriminator + Borsh body).
 */
import type { ProgramVersion } from "../vocabulary.ts";
import {
  bool,
  BorshReader,
  BorshWriter,
  type Codec,
  CodecError,
  enumeration,
  i32,
  pubkey,
  struct,
  u64,
} from "../codec/mod.ts";
import { base58, fromHex, hex } from "../codec/bytes.ts";

export function checkVersion(version: ProgramVersion): ProgramVersion {
  if (version !== "earlier" && version !== "v2") {
    throw new CodecError(`unknown program version ${JSON.stringify(version)} (expected "earlier" or "v2")`);
  }
  return version;
}

/** A price mantissa with its decimal exponent: value = price × 10^exponent. */
export interface OraclePrice {
  price: bigint;
  exponent: number;
}
export const readOraclePrice = (r: BorshReader): OraclePrice => ({ price: r.u64(), exponent: r.i32() });
export const oraclePrice: Codec<OraclePrice> = struct<OraclePrice>(
  "OraclePrice",
  { price: u64, exponent: i32 },
  readOraclePrice,
);

/** Position side; on the wire a 1-byte variant index (None = 0, Long = 1, Short = 2). */
export type Side = "None" | "Long" | "Short";
export const SIDES = ["None", "Long", "Short"] as const;
export const side: Codec<Side> = enumeration("Side", SIDES);

export type OracleType = "None" | "Custom" | "Pyth";
export const oracleType: Codec<OracleType> = enumeration("OracleType", ["None", "Custom", "Pyth"] as const);

export type FeesMode = "Fixed" | "Linear";
export const feesMode: Codec<FeesMode> = enumeration("FeesMode", ["Fixed", "Linear"] as const);

/** Protocol-, pool- and custody-level switches (13 bools). */
export interface Permissions {
  allowSwap: boolean;
  allowAddLiquidity: boolean;
  allowRemoveLiquidity: boolean;
  allowOpenPosition: boolean;
  allowClosePosition: boolean;
  allowCollateralWithdrawal: boolean;
  allowSizeChange: boolean;
  allowLiquidation: boolean;
  allowLpStaking: boolean;
  allowFeeDistribution: boolean;
  allowUngatedTrading: boolean;
  allowFeeDiscounts: boolean;
  allowReferralRebates: boolean;
}
export const permissions: Codec<Permissions> = struct<Permissions>("Permissions", {
  allowSwap: bool,
  allowAddLiquidity: bool,
  allowRemoveLiquidity: bool,
  allowOpenPosition: bool,
  allowClosePosition: bool,
  allowCollateralWithdrawal: bool,
  allowSizeChange: bool,
  allowLiquidation: bool,
  allowLpStaking: bool,
  allowFeeDistribution: bool,
  allowUngatedTrading: bool,
  allowFeeDiscounts: bool,
  allowReferralRebates: bool,
});

/** `{mint, amount}` line of the basket debit/credit ledgers and of the user deposit ledger (40 bytes). */
export interface Ledger {
  mint: string;
  /** Cumulative native units of `mint`. */
  amount: bigint;
}
export const ledger: Codec<Ledger> = struct<Ledger>(
  "Ledger",
  { mint: pubkey, amount: u64 },
  (r) => ({ mint: r.pubkey(), amount: r.u64() }),
);

/** Codec of an Anchor account: discriminator plus Borsh body. */
export interface AccountCodec<T> {
  /** The Anchor account struct name (`sha256("account:" + name)[0..8]` is the discriminator). */
  readonly name: string;
  readonly discriminator: Uint8Array;
  readonly discriminatorHex: string;
  /** Base58 of the discriminator, the `bytes` of a `memcmp` filter at offset 0. */
  readonly discriminatorBase58: string;
  /** Full account size (discriminator included) when fixed, else `undefined`. */
  readonly size: number | undefined;
  readonly body: Codec<T>;
  decode(data: Uint8Array): T;
  encode(value: T): Uint8Array;
}

/** Codecs of an account whose layout differs between program versions. */
export type VersionedAccountCodec<T> = Readonly<Record<ProgramVersion, AccountCodec<T>>>;

/** Builds the codec of an account from its name, discriminator (hex) and body codec. */
export function defineAccount<T>(name: string, discriminatorHex: string, body: Codec<T>): AccountCodec<T> {
  const disc = fromHex(discriminatorHex, 8);
  const d = Array.from(disc);
  return {
    name,
    discriminator: disc,
    discriminatorHex,
    discriminatorBase58: base58(disc),
    size: body.size === undefined ? undefined : 8 + body.size,
    body,
    decode(data: Uint8Array): T {
      if (!(data instanceof Uint8Array)) throw new CodecError(`${name}: expected Uint8Array account data`);
      if (data.length < 8) {
        throw new CodecError(`${name}: account data is ${data.length} byte(s), shorter than the 8-byte discriminator`);
      }
      if (
        data[0] !== d[0] || data[1] !== d[1] || data[2] !== d[2] || data[3] !== d[3] ||
        data[4] !== d[4] || data[5] !== d[5] || data[6] !== d[6] || data[7] !== d[7]
      ) {
        throw new CodecError(
          `${name}: discriminator mismatch (expected ${discriminatorHex}, got ${hex(data.subarray(0, 8))})`,
        );
      }
      const r = new BorshReader(data, 8);
      try {
        // Trailing bytes are ignored: accounts may be allocated larger than their current Borsh length.
        return body.read(r);
      } catch (e) {
        throw e instanceof CodecError ? e.within(name) : e;
      }
    },
    encode(value: T): Uint8Array {
      const w = new BorshWriter(body.size === undefined ? 512 : 8 + body.size);
      w.raw(disc);
      try {
        body.write(w, value);
      } catch (e) {
        throw e instanceof CodecError ? e.within(name) : e;
      }
      return w.toBytes();
    },
  };
}

/**
 * Zero-extends encoded account data to `space` bytes, as the chain stores an account allocated with spare capacity
 * (baskets and deposit ledgers are created with room for several entries). Throws if `data` is already longer.
 */
export function padAccountData(data: Uint8Array, space: number): Uint8Array {
  if (data.length > space) throw new CodecError(`account data is ${data.length} bytes, larger than space ${space}`);
  if (data.length === space) return data;
  const out = new Uint8Array(space);
  out.set(data);
  return out;
}

/** Builds the per-version codecs of an account whose discriminator is the same in both versions. */
export function defineVersionedAccount<T>(
  name: string,
  discriminatorHex: string,
  bodies: Readonly<Record<ProgramVersion, Codec<T>>>,
): VersionedAccountCodec<T> {
  return {
    earlier: defineAccount(name, discriminatorHex, bodies.earlier),
    v2: defineAccount(name, discriminatorHex, bodies.v2),
  };
}
