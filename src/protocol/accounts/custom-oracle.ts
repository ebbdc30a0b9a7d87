/** CustomOracle = internal oracle (PDA `["oracle_account", mint]`), 76 bytes, same layout in both versions. */
import { bytes, type Codec, i32, i64, struct, u32, u64 } from "../codec/mod.ts";
import { type AccountCodec, defineAccount } from "./common.ts";

export interface CustomOracle {
  /** Mantissa; value = price × 10^expo. */
  price: bigint;
  expo: number;
  conf: bigint;
  ema: bigint;
  /** Unix seconds. */
  publishTime: bigint;
  /** Pyth Lazer feed id (PoolConfig `lazerId`). */
  lazerFeedId: number;
  lazerPrice: bigint;
  /** `_reserved`, 20 bytes. */
  reserved: Uint8Array;
}
export const customOracleStruct: Codec<CustomOracle> = struct<CustomOracle>("CustomOracle", {
  price: u64,
  expo: i32,
  conf: u64,
  ema: u64,
  publishTime: i64,
  lazerFeedId: u32,
  lazerPrice: u64,
  reserved: bytes(20),
});

export const customOracleAccount: AccountCodec<CustomOracle> = defineAccount(
  "CustomOracle",
  "e3aaa4da7f1023df",
  customOracleStruct,
);
