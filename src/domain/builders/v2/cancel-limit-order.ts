/**
 * cancel-limit-order (PROTOCOL-v2 §3.9): `cancel_limit_order_er{market, order_id}` with the order's own reserve
 * custody (its `reserve_custody_uid`), which the reserved amount returns through; the slot becomes empty and the
 * other slots keep their ids.
 *
 * Choice (PROTOCOL-v2 §8 item 15): the dedicated `cancel_limit_order_er` (the SDK's), rather than the
 * `edit_limit_order_er` with price and size 0 the service's own text describes; both cancel and refund.
 */
import { cancelLimitOrderErInstruction } from "../../../protocol/instructions/v2/cancel-limit-order-er.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import type { ErTransactionPlan } from "../plan.ts";
import { locateLimit, type OrderMarketFields, requireBasket, requireOrderMarkets } from "./order-slots.ts";
import { custodyKeys, marketAccounts, rollupPlan, signerAccounts, type TradeSigner } from "./trade-accounts.ts";

export interface CancelLimitOrderRequest extends OrderMarketFields {
  orderId: number;
}

export function cancelLimitOrderTransaction(
  snapshot: DeploymentSnapshot,
  req: CancelLimitOrderRequest,
  signer: TradeSigner,
): ErTransactionPlan {
  const markets = requireOrderMarkets(snapshot, req);
  const basket = requireBasket(snapshot, signer.owner);
  const limit = locateLimit(snapshot, basket, markets, req.orderId);
  const instruction = cancelLimitOrderErInstruction(snapshot.programId, {
    ...signerAccounts(snapshot, signer),
    ...marketAccounts(snapshot, limit.market),
    reserveCustody: custodyKeys(snapshot, limit.reserve).custody,
  }, { market: limit.market.pubkey, orderId: req.orderId });
  return rollupPlan(signer, [instruction]);
}
