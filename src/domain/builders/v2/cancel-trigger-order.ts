/**
 * cancel-trigger-order (PROTOCOL-v2 §3.8): `cancel_trigger_order_er{market, order_id, is_stop_loss}` (the market is
 * an argument; no market accounts). `orderId` 0..4 cancels that slot of the take-profit or stop-loss list, which
 * must hold a trigger; 255 cancels every take-profit and stop-loss of the market and side, sent with the caller's
 * `isStopLoss` as the vendor SDK passes it (DECISIONS 5.18) — one instruction per market of that target and side
 * that holds any trigger (SOL long has two markets). Nothing to cancel is ORDER_NOT_FOUND (400).
 */
import { cancelTriggerOrderErInstruction } from "../../../protocol/instructions/v2/cancel-trigger-order-er.ts";
import { CANCEL_ALL_TRIGGERS_ORDER_ID } from "../../../protocol/constants.ts";
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import type { DeploymentSnapshot, MarketContext } from "../../deployment-snapshot.ts";
import type { ErTransactionPlan } from "../plan.ts";
import { fail } from "../../quotes/result.ts";
import {
  hasTriggers,
  isEmptyTrigger,
  marketLabel,
  marketOrders,
  marketWithOrders,
  type OrderMarketFields,
  requireBasket,
  requireOrderMarkets,
  requireSlotId,
  requireTrigger,
} from "./order-slots.ts";
import { rollupPlan, signerAccounts, type TradeSigner } from "./trade-accounts.ts";

export interface CancelTriggerOrderRequest extends OrderMarketFields {
  orderId: number;
  isStopLoss: boolean;
}

export function cancelTriggerOrderTransaction(
  snapshot: DeploymentSnapshot,
  req: CancelTriggerOrderRequest,
  signer: TradeSigner,
): ErTransactionPlan {
  const markets = requireOrderMarkets(snapshot, req);
  const basket = requireBasket(snapshot, signer.owner);
  const orderId = requireSlotId(req.orderId, true);
  const cancel = (market: MarketContext): Instruction =>
    cancelTriggerOrderErInstruction(snapshot.programId, signerAccounts(snapshot, signer), {
      market: market.pubkey,
      orderId,
      isStopLoss: req.isStopLoss,
    });
  if (orderId === CANCEL_ALL_TRIGGERS_ORDER_ID) {
    const withTriggers = markets.filter((m) => hasTriggers(marketOrders(basket, m)));
    if (withTriggers.length === 0) {
      fail("ORDER_NOT_FOUND", `the ${marketLabel(markets[0])} market has no take-profit or stop-loss to cancel`);
    }
    return rollupPlan(signer, withTriggers.map((m) => cancel(m)));
  }
  const list = req.isStopLoss ? "stopLossOrders" : "takeProfitOrders";
  const market = marketWithOrders(basket, markets, (o) => {
    const entry = o?.[list][orderId];
    return entry !== undefined && !isEmptyTrigger(entry);
  }) ?? markets[0];
  requireTrigger(marketOrders(basket, market), orderId, req.isStopLoss, market);
  return rollupPlan(signer, [cancel(market)]);
}
