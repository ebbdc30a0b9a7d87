/**
 * Basket (v2 only; PDA `["basket", owner]`): one per wallet, positions and orders inline (PROTOCOL-v2 §4.2).
 * Variable length; accounts are allocated with spare capacity, so trailing bytes are ignored on decode.
 */
import { bool, bytes, type Codec, CodecError, encodePubkey, i64, pubkey, struct, u64, u8, vec } from "../codec/mod.ts";
import { type AccountCodec, defineAccount, type Ledger, ledger, oraclePrice } from "./common.ts";
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

// Offsets for reading a basket's position slots without decoding it (pool statistics scan every basket).
const POSITIONS_HEADER = 8 + pubkey.size! * 2 + u8.size! + 5 + bool.size! * 2; // discriminator … ordersActive
const POSITION_META_SIZE = pubkey.size! + positionStruct.v2.size!;
/** `sizeAmount` inside a PositionMeta: market, then owner, market, delegate, openTime, updateTime, entryPrice. */
const SIZE_AMOUNT_IN_META = pubkey.size! * 4 + i64.size! * 2 + oraclePrice.size!;

/**
 * The markets of a basket's open positions (non-zero `sizeAmount`), read from the account data without decoding
 * the basket: what pool statistics need of every basket, at a fraction of a decode's cost and allocations. Throws a
 * CodecError when the data is shorter than its own vectors say.
 */
export function basketOpenPositionMarkets(data: Uint8Array): string[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const need = (end: number) => {
    if (end > data.length) throw new CodecError("basket data ends inside its position vector");
  };
  let offset = POSITIONS_HEADER;
  for (let i = 0; i < 2; i++) { // debits, then pendingCredits: Vec<Ledger>
    need(offset + 4);
    offset += 4 + view.getUint32(offset, true) * ledger.size!;
  }
  need(offset + 4);
  const count = view.getUint32(offset, true);
  offset += 4;
  need(offset + count * POSITION_META_SIZE);
  const markets: string[] = [];
  for (let i = 0; i < count; i++, offset += POSITION_META_SIZE) {
    if (view.getBigUint64(offset + SIZE_AMOUNT_IN_META, true) !== 0n) markets.push(encodePubkey(data, offset));
  }
  return markets;
}
