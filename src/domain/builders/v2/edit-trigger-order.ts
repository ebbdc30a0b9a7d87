/**
 * edit-trigger-order (PROTOCOL-v2 §3.8): `edit_trigger_order_er` replacing both the price and the size of the
 * take-profit or stop-loss in slot `orderId` (no keep-existing behaviour). Validation (400): a slot id 0..4 holding
 * a trigger, the new price on the right side of the mark, a size of at most the position.
 *
 * The order is addressed on the market it is in (of the markets of that target and side), and keeps its payout
 * custody: the receive custody passed is the one the order stores (`receive_custody_uid`), since a live
 * integrator saw the service's edit move an order's settlement custody otherwise (§3.8).
 */
import { editTriggerOrderErInstruction } from "../../../protocol/instructions/v2/edit-trigger-order-er.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import type { ErTransactionPlan } from "../plan.ts";
import { requirePrice } from "../../quotes/market-lookup.ts";
import { fail } from "../../quotes/result.ts";
import { parseOrderPrice } from "../../quotes/order-price.ts";
import {
  isEmptyTrigger,
  marketOrders,
  marketWithOrders,
  type OrderMarketFields,
  requireBasket,
  requireOrderMarkets,
  requireSlotId,
  requireTrigger,
  triggerKind,
} from "./order-slots.ts";
import { custodyKeys, marketAccounts, rollupPlan, signerAccounts, type TradeSigner } from "./trade-accounts.ts";
import { parseOrderSize, requireSizeWithin, requireTriggerSide } from "./trade-checks.ts";

export interface EditTriggerOrderRequest extends OrderMarketFields {
  orderId: number;
  isStopLoss: boolean;
  triggerPriceUi: string;
  sizeAmountUi: string;
}

export function editTriggerOrderTransaction(
  snapshot: DeploymentSnapshot,
  req: EditTriggerOrderRequest,
  signer: TradeSigner,
): ErTransactionPlan {
  const markets = requireOrderMarkets(snapshot, req);
  const basket = requireBasket(snapshot, signer.owner);
  const orderId = requireSlotId(req.orderId);
  const list = req.isStopLoss ? "stopLossOrders" : "takeProfitOrders";
  const market = marketWithOrders(basket, markets, (o) => {
    const entry = o?.[list][orderId];
    return entry !== undefined && !isEmptyTrigger(entry);
  }) ?? markets[0];
  const existing = requireTrigger(marketOrders(basket, market), orderId, req.isStopLoss, market);
  const position = basket.positions.find((p) => p.market === market.pubkey && p.position.sizeAmount !== 0n) ??
    fail("POSITION_NOT_FOUND", `the ${triggerKind(req.isStopLoss)} in slot ${orderId} has no open position`);

  const mark = requirePrice(snapshot, market.target.token).price;
  const trigger = parseOrderPrice(req.triggerPriceUi, mark.exponent, "triggerPriceUi");
  requireTriggerSide(market, req.isStopLoss, trigger, mark, "triggerPriceUi");
  const size = parseOrderSize(req.sizeAmountUi, market.target.account.decimals, "sizeAmountUi");
  requireSizeWithin(size, position.position.sizeAmount, market, "sizeAmountUi");
  const receive = snapshot.custodyByUid(market.pool.poolAddress, existing.receiveCustodyUid) ?? market.collateral;

  const instruction = editTriggerOrderErInstruction(snapshot.programId, {
    ...signerAccounts(snapshot, signer),
    ...marketAccounts(snapshot, market),
    receiveCustody: custodyKeys(snapshot, receive).custody,
  }, { orderId, triggerPrice: trigger, deltaSizeAmount: size, isStopLoss: req.isStopLoss });
  return rollupPlan(signer, [instruction]);
}
