/**
 * Which position and order account a trigger-order request addresses (earlier.yaml PlaceTriggerOrderRequest and
 * siblings): `positionKey` (its account gives the owner and market), or `owner` + `marketSymbol` + `side`. For the
 * latter, among the markets of (symbol, side) the one where the owner holds what the request needs is taken, else
 * the first configured one (for SOL longs the SOL-collateral market, as the contract says).
 *
 * Failures are NOT_FOUND with the contract's 404 texts (`position account <pubkey> not found`, `order account
 * <pubkey> not found`), or the symbol/market codes of the quotes.
 */
import type { Order, Position } from "../../../protocol/accounts/mod.ts";
import * as pda from "../../../protocol/pda.ts";
import { type RequestSide, tradeSide } from "../../../protocol/vocabulary.ts";
import { requireCustodyInPool, requireMarkets, requirePrice } from "../../quotes/market-lookup.ts";
import { parseAmount } from "../../quotes/request-numbers.ts";
import { parsePrice } from "../../math/oracle.ts";
import type { OraclePrice } from "../../math/types.ts";
import { fail } from "../../quotes/result.ts";
import type { DeploymentSnapshot, MarketContext } from "../../deployment-snapshot.ts";
import { requireTriggerSide } from "./trigger-rules.ts";

export interface TriggerTargetFields {
  positionKey?: string;
  owner?: string;
  marketSymbol?: string;
  side?: RequestSide;
}

/**
 * What the request needs of the position: `open` (a non-empty position: placing or editing an order that closes part
 * of it), `account` (the account, empty or not: `cancel_all_trigger_orders` names it), or `none` (cancelling one
 * order touches only the order account).
 */
export type PositionNeed = "open" | "account" | "none";

export interface TriggerTarget {
  owner: string;
  market: MarketContext;
  positionKey: string;
  position?: Position;
  orderKey: string;
  order?: Order;
}

export function resolveTriggerTarget(
  snapshot: DeploymentSnapshot,
  fields: TriggerTargetFields,
  need: PositionNeed,
): TriggerTarget {
  const target = fields.positionKey !== undefined ? byPositionKey(snapshot, fields.positionKey) : byOwner(
    snapshot,
    fields.owner ?? fail("COMPUTE_FAILED", "owner is required without positionKey"),
    fields.marketSymbol ?? fail("COMPUTE_FAILED", "marketSymbol is required without positionKey"),
    fields.side ?? fail("COMPUTE_FAILED", "side is required without positionKey"),
    need,
  );
  const missing = need === "open"
    ? !target.position || target.position.sizeAmount === 0n
    : need === "account"
    ? !target.position
    : false;
  if (missing) fail("NOT_FOUND", `position account ${target.positionKey} not found`);
  return target;
}

/** The order account, which editing and cancelling need (NOT_FOUND otherwise). */
export function requireOrderAccount(target: TriggerTarget): Order {
  return target.order ?? fail("NOT_FOUND", `order account ${target.orderKey} not found`);
}

function byPositionKey(snapshot: DeploymentSnapshot, positionKey: string): TriggerTarget {
  const position = snapshot.accounts.get("Position", positionKey) ??
    fail("NOT_FOUND", `position account ${positionKey} not found`);
  const market = snapshot.market(position.market) ??
    fail("UNKNOWN_MARKET", `market ${position.market} of position ${positionKey} is not configured`);
  const orderKey = pda.order(snapshot.programId, position.owner, market.pubkey);
  return {
    owner: position.owner,
    market,
    positionKey,
    position,
    orderKey,
    order: snapshot.accounts.get("Order", orderKey),
  };
}

function byOwner(
  snapshot: DeploymentSnapshot,
  owner: string,
  marketSymbol: string,
  side: RequestSide,
  need: PositionNeed,
): TriggerTarget {
  const candidates = requireMarkets(snapshot, marketSymbol, tradeSide(side)).map((market) => {
    const positionKey = pda.position(snapshot.programId, owner, market.pubkey);
    const orderKey = pda.order(snapshot.programId, owner, market.pubkey);
    return {
      owner,
      market,
      positionKey,
      position: snapshot.accounts.get("Position", positionKey),
      orderKey,
      order: snapshot.accounts.get("Order", orderKey),
    };
  });
  const holds = (t: TriggerTarget) =>
    need === "open" ? (t.position?.sizeAmount ?? 0n) > 0n : need === "account" ? t.position !== undefined : !!t.order;
  return candidates.find(holds) ?? candidates[0];
}

/** A trigger price at the target's oracle exponent; zero (or not a price) is TRIGGER_PRICE_INVALID. */
export function parseTriggerPrice(text: string, exponent: number): OraclePrice {
  let price: OraclePrice | undefined;
  try {
    price = parsePrice(text, exponent);
  } catch {
    // falls through to the refusal below
  }
  if (!price || price.price <= 0n) fail("TRIGGER_PRICE_INVALID", "triggerPriceUi must be a price greater than zero");
  return price;
}

/** A trigger size in target-token native units: above zero and at most the position's size (ORDER_SIZE_INVALID). */
export function parseTriggerSize(text: string, market: MarketContext, position: Position | undefined): bigint {
  const size = parseAmount(text, market.target.account.decimals, "sizeAmountUi");
  const held = position?.sizeAmount ?? 0n;
  if (size <= 0n) fail("ORDER_SIZE_INVALID", "sizeAmountUi must be greater than zero");
  if (size > held) fail("ORDER_SIZE_INVALID", "sizeAmountUi is larger than the position size");
  return size;
}

/** What a placed or edited trigger order says. */
export interface TriggerFields {
  triggerPriceUi: string;
  sizeAmountUi: string;
  isStopLoss: boolean;
  /** Default: the market's collateral token. */
  receiveTokenSymbol?: string;
}

/**
 * The order a place or edit request describes, refused where the program would refuse it: an unknown payout token,
 * no current price (PRICE_UNAVAILABLE), a trigger price on the wrong side of it, a size of zero or above the
 * position.
 */
export function triggerOrderOf(snapshot: DeploymentSnapshot, target: TriggerTarget, fields: TriggerFields) {
  const { market } = target;
  const receive = fields.receiveTokenSymbol === undefined
    ? market.collateral
    : requireCustodyInPool(snapshot, fields.receiveTokenSymbol, market.pool);
  const mark = requirePrice(snapshot, market.target.token).price;
  const triggerPrice = parseTriggerPrice(fields.triggerPriceUi, mark.exponent);
  requireTriggerSide(market.side, fields.isStopLoss, triggerPrice, mark, "current price");
  return { receive, triggerPrice, sizeAmount: parseTriggerSize(fields.sizeAmountUi, market, target.position) };
}
