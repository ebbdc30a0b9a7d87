/**
 * cancel-all-trigger-orders (ext; PROTOCOL-v2 §3.8): `cancel_all_trigger_orders_er{market}` for each market of the
 * target and side on which the owner holds any take-profit or stop-loss (SOL long has two markets). Nothing to
 * cancel is ORDER_NOT_FOUND (400): the program has no order entry to clear.
 */
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import type { ErTransactionPlan } from "../plan.ts";
import { fail } from "../../quotes/result.ts";
import { cancelAllTriggers } from "./close-position.ts";
import {
  hasTriggers,
  marketLabel,
  marketOrders,
  type OrderMarketFields,
  requireBasket,
  requireOrderMarkets,
} from "./order-slots.ts";
import { rollupPlan, type TradeSigner } from "./trade-accounts.ts";

export type CancelAllTriggerOrdersRequest = OrderMarketFields;

export function cancelAllTriggerOrdersTransaction(
  snapshot: DeploymentSnapshot,
  req: CancelAllTriggerOrdersRequest,
  signer: TradeSigner,
): ErTransactionPlan {
  const markets = requireOrderMarkets(snapshot, req);
  const basket = requireBasket(snapshot, signer.owner);
  const withTriggers = markets.filter((m) => hasTriggers(marketOrders(basket, m)));
  if (withTriggers.length === 0) {
    fail("ORDER_NOT_FOUND", `the ${marketLabel(markets[0])} market has no take-profit or stop-loss to cancel`);
  }
  return rollupPlan(signer, withTriggers.map((m) => cancelAllTriggers(snapshot, signer, m)));
}
