/**
 * Orders: the `LimitOrder` / `TriggerOrder` entries shared by the earlier standalone `Order` account
 * (PDA `["order", owner, market]`, 5 fixed slots of each kind) and the v2 basket's `BasketOrder` (vectors).
 * Earlier layout (PROTOCOL-v1 §3, 624 bytes): … bump @559, reference_timestamp @560, execution_count @568,
 * padding [u64;6] @576.
 * v2 layout (same size; the v2 IDL of flash-sdk-v2 — PROTOCOL-v2 does not tabulate it): … execution_count @568,
 * migrate_flag @576, padding [u8;7] @577, padding_u64 [u64;5] @584.
 */
import type { ProgramVersion } from "../vocabulary.ts";
import { array, bool, bytes, type Codec, i64, pubkey, struct, u64, u8 } from "../codec/mod.ts";
import {
  defineVersionedAccount,
  type OraclePrice,
  oraclePrice,
  readOraclePrice,
  type VersionedAccountCodec,
} from "./common.ts";

/** Slots per kind (limit, take-profit, stop-loss) in an order account or basket order. */
export const ORDER_SLOTS = 5;

/** A pending limit order (54 bytes). An empty slot has `sizeAmount = 0`; unset TP/SL prices have `price = 0`. */
export interface LimitOrder {
  limitPrice: OraclePrice;
  /** Native units of the reserve (paid-in) token. */
  reserveAmount: bigint;
  /** `Custody.uid` of the reserve token. */
  reserveCustodyUid: number;
  /** `Custody.uid` of the token paid out by the attached TP/SL. */
  receiveCustodyUid: number;
  /** Target-token native units. */
  sizeAmount: bigint;
  stopLossPrice: OraclePrice;
  takeProfitPrice: OraclePrice;
}
export const limitOrder: Codec<LimitOrder> = struct<LimitOrder>("LimitOrder", {
  limitPrice: oraclePrice,
  reserveAmount: u64,
  reserveCustodyUid: u8,
  receiveCustodyUid: u8,
  sizeAmount: u64,
  stopLossPrice: oraclePrice,
  takeProfitPrice: oraclePrice,
}, (r) => ({
  limitPrice: readOraclePrice(r),
  reserveAmount: r.u64(),
  reserveCustodyUid: r.u8(),
  receiveCustodyUid: r.u8(),
  sizeAmount: r.u64(),
  stopLossPrice: readOraclePrice(r),
  takeProfitPrice: readOraclePrice(r),
}));

/** A take-profit or stop-loss trigger (21 bytes). An empty slot has `triggerSize = 0`. */
export interface TriggerOrder {
  triggerPrice: OraclePrice;
  /** Target-token native units to close. */
  triggerSize: bigint;
  receiveCustodyUid: number;
}
export const triggerOrder: Codec<TriggerOrder> = struct<TriggerOrder>("TriggerOrder", {
  triggerPrice: oraclePrice,
  triggerSize: u64,
  receiveCustodyUid: u8,
}, (r) => ({ triggerPrice: readOraclePrice(r), triggerSize: r.u64(), receiveCustodyUid: r.u8() }));

export interface Order {
  owner: string;
  market: string;
  /** Always 5 slots. */
  limitOrders: LimitOrder[];
  takeProfitOrders: TriggerOrder[];
  stopLossOrders: TriggerOrder[];
  isInitialised: boolean;
  isActive: boolean;
  openSl: number;
  openTp: number;
  inactiveSl: number;
  inactiveTp: number;
  activeOrders: number;
  bump: number;
  referenceTimestamp: bigint;
  executionCount: bigint;
  /** v2 only. */
  migrateFlag?: boolean;
  /** 48 bytes (earlier: `[u64;6]`) or 7 bytes (v2: `[u8;7]`). */
  padding: Uint8Array;
  /** v2 only: `[u64;5]` as 40 raw bytes. */
  paddingU64?: Uint8Array;
}

const common = {
  owner: pubkey,
  market: pubkey,
  limitOrders: array(limitOrder, ORDER_SLOTS),
  takeProfitOrders: array(triggerOrder, ORDER_SLOTS),
  stopLossOrders: array(triggerOrder, ORDER_SLOTS),
  isInitialised: bool,
  isActive: bool,
  openSl: u8,
  openTp: u8,
  inactiveSl: u8,
  inactiveTp: u8,
  activeOrders: u8,
  bump: u8,
  referenceTimestamp: i64,
  executionCount: u64,
};

export const orderStruct: Readonly<Record<ProgramVersion, Codec<Order>>> = {
  earlier: struct<Order>("Order", { ...common, padding: bytes(48) }),
  v2: struct<Order>("Order", { ...common, migrateFlag: bool, padding: bytes(7), paddingU64: bytes(40) }),
};

export const orderAccount: VersionedAccountCodec<Order> = defineVersionedAccount(
  "Order",
  "86addfb94d561c33",
  orderStruct,
);
