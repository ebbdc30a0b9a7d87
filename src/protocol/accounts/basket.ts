/**
 * Basket (v2 only; PDA `["basket", owner]`): one per wallet, positions and orders inline (PROTOCOL-v2 §4.2).
 * Variable length; accounts are allocated with spare capacity, so trailing bytes are ignored on decode.
 */
import {
  bool,
  bytes,
  type Codec,
  encodedEnd,
  encodePubkey,
  fieldOffset,
  fixedSize,
  i64,
  pubkey,
  struct,
  u32At,
  u64,
  u8,
  vec,
} from "../codec/mod.ts";
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

// Where the vectors start and where an open position's size sits, from the codecs (pool statistics scan every basket).
const DEBITS_AT = basketAccount.discriminator.length + fieldOffset(basketStruct.schema, "debits");
const POSITION_META_SIZE = fixedSize(positionMeta);
const SIZE_AMOUNT_IN_META = fieldOffset(positionMeta.schema, "position", "sizeAmount");
const LEDGERS = vec(ledger).schema;
const ORDERS = vec(orderMeta).schema;

/**
 * The markets of a basket's open positions (non-zero `sizeAmount`), in slot order, read from the account data without
 * decoding the basket: what pool statistics need of every basket, at a fraction of a decode's cost and allocations.
 * Throws a CodecError when the data ends inside any of its vectors (positions or orders), as a decode does; the
 * values of other fields are not checked (a decode also refuses, say, a bool byte of 2), so a basket whose position
 * vector reads but whose other fields are corrupt counts here while views skip it.
 */
export function basketOpenPositionMarkets(data: Uint8Array): string[] {
  let offset = encodedEnd(LEDGERS, data, encodedEnd(LEDGERS, data, DEBITS_AT)); // debits, pendingCredits
  const positions = u32At(data, offset);
  offset += 4;
  const ordersAt = offset + positions * POSITION_META_SIZE;
  encodedEnd(ORDERS, data, ordersAt);
  const markets: string[] = [];
  for (let i = 0; i < positions; i++, offset += POSITION_META_SIZE) {
    const size = offset + SIZE_AMOUNT_IN_META;
    if (u32At(data, size) !== 0 || u32At(data, size + 4) !== 0) markets.push(encodePubkey(data, offset));
  }
  return markets;
}
