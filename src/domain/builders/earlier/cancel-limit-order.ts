/**
 * POST /transaction-builder/cancel-limit-order (DECISIONS 5.19, PROTOCOL-v1 §8.2): `cancel_limit_order` of the limit
 * order in slot `orderId` of the owner's order account on the market of (`marketSymbol`, `side`). The reserve returns
 * through the reserve custody (the slot's `reserve_custody_uid`) into the owner's token account of the reserve token,
 * created idempotently first; a SOL reserve is unwrapped after, as every SOL payout of this interface.
 *
 * The market: the one where the owner has an order account, else the first configured (trigger-target.ts).
 * Refused before building: no order account (404), a slot holding no limit order (ORDER_NOT_FOUND).
 */
import { cancelLimitOrderInstruction } from "../../../protocol/instructions/earlier/cancel-limit-order.ts";
import type { RequestSide } from "../../../protocol/vocabulary.ts";
import { fail, type QuoteResult, runQuote } from "../../quotes/result.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import { isLimitSlotEmpty } from "../../views/order-metrics.ts";
import type { BaseTransactionPlan } from "../plan.ts";
import { custodySlots, poolPlan } from "./common.ts";
import { around, receivingAccount } from "./token-accounts.ts";
import { requireOrderAccount, resolveTriggerTarget } from "./trigger-target.ts";

export interface EarlierCancelLimitOrderRequest {
  owner: string;
  marketSymbol: string;
  side: RequestSide;
  orderId: number;
}

export function cancelLimitOrderTransaction(
  snapshot: DeploymentSnapshot,
  req: EarlierCancelLimitOrderRequest,
): QuoteResult<BaseTransactionPlan> {
  return runQuote(() => {
    const target = resolveTriggerTarget(snapshot, req, "none");
    const { owner, market } = target;
    const slot = requireOrderAccount(target).limitOrders[req.orderId];
    if (slot === undefined || isLimitSlotEmpty(slot)) fail("ORDER_NOT_FOUND", `no limit order in slot ${req.orderId}`);
    const reserve = snapshot.custodyByUid(market.pool.poolAddress, slot.reserveCustodyUid) ??
      fail("COMPUTE_FAILED", `the reserve custody (uid ${slot.reserveCustodyUid}) of slot ${req.orderId} is unknown`);
    const receive = receivingAccount(owner, reserve.token);
    const vault = custodySlots(reserve);
    const cancel = cancelLimitOrderInstruction(snapshot.programId, {
      owner,
      receivingAccount: receive.account,
      pool: market.pool.poolAddress,
      order: target.orderKey,
      targetCustody: market.target.pubkey,
      collateralCustody: market.collateral.pubkey,
      reserveCustody: vault.custody,
      reserveCustodyTokenAccount: vault.tokenAccount,
      reserveTokenProgram: vault.tokenProgram,
      reserveMint: vault.mint,
    }, { orderId: req.orderId });
    return poolPlan(owner, market.pool, around([receive], [cancel]));
  });
}
