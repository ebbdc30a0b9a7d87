/**
 * Basket (v2 only; PDA `["basket", owner]`): one per wallet, positions and orders inline (PROTOCOL-v2 §4.2).
 * Variable length; accounts are allocated with spare capacity, so trailing bytes are ignored on decode.
 */
import { bool, bytes, type Codec, i64, pubkey, struct, u64, u8, vec } from "../codec/mod.ts";
import { type AccountCodec, defineAccount, type Ledger, ledger } from "./common.ts";
import { type LimitOrder, limitOrder, type TriggerOrder, triggerOrder } from "./order.ts";
import { type Position, positionStruct } from "./position.ts";

/** Orders of one market inside a basket: vectors of slots (`orderId` = index) plus counters. */
export interface BasketOrder {
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
  referenceTimestamp: bigint;
  executionCount: bigint;
  /** `[u64;6]` as 48 raw bytes. */
  padding: Uint8Array;
}
export const basketOrder: Codec<BasketOrder> = struct<BasketOrder>("BasketOrder", {
  limitOrders: vec(limitOrder),
  takeProfitOrders: vec(triggerOrder),
  stopLossOrders: vec(triggerOrder),
  isInitialised: bool,
  isActive: bool,
  openSl: u8,
  openTp: u8,
  inactiveSl: u8,
  inactiveTp: u8,
  activeOrders: u8,
  referenceTimestamp: i64,
  executionCount: u64,
  padding: bytes(48),
});

/** A position slot: the market PDA and the (v2) position struct. Open iff `position.sizeAmount !== 0n`. */
export interface PositionMeta {
  market: string;
  position: Position;
}
export const positionMeta: Codec<PositionMeta> = struct<PositionMeta>("PositionMeta", {
  market: pubkey,
  position: positionStruct.v2,
});

export interface OrderMeta {
  market: string;
  order: BasketOrder;
}
export const orderMeta: Codec<OrderMeta> = struct<OrderMeta>("OrderMeta", { market: pubkey, order: basketOrder });

export interface Basket {
  owner: string;
  /** Legacy delegate (session keys are used instead). */
  delegate: string;
  basketBump: number;
  /** 5 bytes. */
  padding: Uint8Array;
  positionsActive: boolean;
  ordersActive: boolean;
  /** Cumulative amounts pulled from the deposit ledger into trades, per mint. */
  debits: Ledger[];
  /** Cumulative amounts credited back from trades, per mint. */
  pendingCredits: Ledger[];
  positions: PositionMeta[];
  orders: OrderMeta[];
}
export const basketStruct: Codec<Basket> = struct<Basket>("Basket", {
  owner: pubkey,
  delegate: pubkey,
  basketBump: u8,
  padding: bytes(5),
  positionsActive: bool,
  ordersActive: bool,
  debits: vec(ledger),
  pendingCredits: vec(ledger),
  positions: vec(positionMeta),
  orders: vec(orderMeta),
});

export const basketAccount: AccountCodec<Basket> = defineAccount("Basket", "db4f6b87e7f3daf8", basketStruct);
