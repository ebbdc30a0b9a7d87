/**
 * Position: the standalone `Position` account of the earlier program (PDA `["position", owner, market]`), and the
 * 240-byte struct that v2 baskets store inline in each `PositionMeta`.
 * Earlier layout (PROTOCOL-v1 §3): … bump @239, padding [u8;8] @240, 248 bytes with discriminator.
 * v2 layout (PROTOCOL-v2 §4.7): … bump @231 (struct-relative), migrate_flag @232, padding [u8;7] @233.
 */
import type { ProgramVersion } from "../vocabulary.ts";
import { array, bool, type BorshReader, bytes, type Codec, i64, pubkey, struct, u128, u64, u8 } from "../codec/mod.ts";
import {
  defineVersionedAccount,
  type OraclePrice,
  oraclePrice,
  readOraclePrice,
  type VersionedAccountCodec,
} from "./common.ts";

export interface Position {
  owner: string;
  market: string;
  delegate: string;
  /** Unix seconds. */
  openTime: bigint;
  /** Unix seconds; reference for the PnL delay window. */
  updateTime: bigint;
  /** Weighted-average entry price. */
  entryPrice: OraclePrice;
  /** Target-token native units. */
  sizeAmount: bigint;
  /** USD-6 valued at entry. */
  sizeUsd: bigint;
  /** Lock (collateral) custody native units reserved for the payout. */
  lockedAmount: bigint;
  lockedUsd: bigint;
  priceImpactUsd: bigint;
  collateralUsd: bigint;
  unsettledValueUsd: bigint;
  unsettledFeesUsd: bigint;
  /** RATE-scaled borrow index at the last update (u128). */
  cumulativeLockFeeSnapshot: bigint;
  degenSizeUsd: bigint;
  referencePrice: OraclePrice;
  isActive: boolean;
  buffer: number[];
  priceImpactSet: number;
  sizeDecimals: number;
  lockedDecimals: number;
  collateralDecimals: number;
  bump: number;
  /** v2 only. */
  migrateFlag?: boolean;
  /** 8 bytes (earlier) or 7 bytes (v2). */
  padding: Uint8Array;
}

const common = {
  owner: pubkey,
  market: pubkey,
  delegate: pubkey,
  openTime: i64,
  updateTime: i64,
  entryPrice: oraclePrice,
  sizeAmount: u64,
  sizeUsd: u64,
  lockedAmount: u64,
  lockedUsd: u64,
  priceImpactUsd: u64,
  collateralUsd: u64,
  unsettledValueUsd: u64,
  unsettledFeesUsd: u64,
  cumulativeLockFeeSnapshot: u128,
  degenSizeUsd: u64,
  referencePrice: oraclePrice,
  isActive: bool,
  buffer: array(u8, 2),
  priceImpactSet: u8,
  sizeDecimals: u8,
  lockedDecimals: u8,
  collateralDecimals: u8,
  bump: u8,
};

/** Hand-written reader of the 240-byte struct (hot path: every basket holds several). */
function readPosition(r: BorshReader, v2: boolean): Position {
  const p = {
    owner: r.pubkey(),
    market: r.pubkey(),
    delegate: r.pubkey(),
    openTime: r.i64(),
    updateTime: r.i64(),
    entryPrice: readOraclePrice(r),
    sizeAmount: r.u64(),
    sizeUsd: r.u64(),
    lockedAmount: r.u64(),
    lockedUsd: r.u64(),
    priceImpactUsd: r.u64(),
    collateralUsd: r.u64(),
    unsettledValueUsd: r.u64(),
    unsettledFeesUsd: r.u64(),
    cumulativeLockFeeSnapshot: r.u128(),
    degenSizeUsd: r.u64(),
    referencePrice: readOraclePrice(r),
    isActive: r.bool(),
    buffer: [r.u8(), r.u8()],
    priceImpactSet: r.u8(),
    sizeDecimals: r.u8(),
    lockedDecimals: r.u8(),
    collateralDecimals: r.u8(),
    bump: r.u8(),
  } as Position;
  // Added in wire order, so decoded objects list their keys exactly as the layout does.
  if (v2) p.migrateFlag = r.bool();
  p.padding = r.fixedBytes(v2 ? 7 : 8);
  return p;
}

/** The 240-byte Position struct (no discriminator), per program version. */
export const positionStruct: Readonly<Record<ProgramVersion, Codec<Position>>> = {
  earlier: struct<Position>("Position", { ...common, padding: bytes(8) }, (r) => readPosition(r, false)),
  v2: struct<Position>("Position", { ...common, migrateFlag: bool, padding: bytes(7) }, (r) => readPosition(r, true)),
};

export const positionAccount: VersionedAccountCodec<Position> = defineVersionedAccount(
  "Position",
  "aabc8fe47a40f7d0",
  positionStruct,
);
