/**
 * close-position (PROTOCOL-v2 §2.1, §3.5, DECISIONS 5.6): the close quote's terms → the ER instructions.
 *
 * - Full close (`closeAll`, "0", or ≥ 97 % of the size): `close_position_er`, then — when the market holds any
 *   take-profit or stop-loss — one cleanup `cancel_all_trigger_orders_er` of that market (the live service appends
 *   this or the equivalent `cancel_trigger_order_er` with id 255; the dedicated instruction is used here).
 * - Partial close: `decrease_position_size_er` of the quoted size delta; the rest must keep the market's minimum
 *   collateral (choice: the program's MinCollateral applies to what stays open).
 *
 * The payout goes to the basket through the custody `withdrawTokenSymbol` names, the market's collateral by
 * default (payout-custody.ts, DECISIONS 5.17). The exit bound is taken around the quoted exit fill of the closed part.
 */
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import { closePositionErInstruction } from "../../../protocol/instructions/v2/close-position-er.ts";
import { decreasePositionSizeErInstruction } from "../../../protocol/instructions/v2/decrease-position-size-er.ts";
import { cancelAllTriggerOrdersErInstruction } from "../../../protocol/instructions/v2/cancel-all-trigger-orders-er.ts";
import { priceWithSlippage } from "../../math/spread.ts";
import type { OraclePrice } from "../../math/types.ts";
import type { CustodyContext, DeploymentSnapshot, MarketContext } from "../../deployment-snapshot.ts";
import type { ErTransactionPlan } from "../plan.ts";
import type { ClosePositionTerms } from "../../quotes/close.ts";
import { fail } from "../../quotes/result.ts";
import { hasTriggers, marketOrders, requireBasket } from "./order-slots.ts";
import { payoutCustody } from "./payout-custody.ts";
import { dispensingAccounts, rollupPlan, signerAccounts, type TradeSigner } from "./trade-accounts.ts";
import { requirePermission } from "./trade-checks.ts";
import { requireMinimumCollateral } from "../../quotes/program-rules.ts";

export function closePositionTransaction(
  snapshot: DeploymentSnapshot,
  terms: ClosePositionTerms,
  signer: TradeSigner,
  slippageBps: bigint,
  withdrawTokenSymbol: string | undefined,
): ErTransactionPlan {
  const { market } = terms.ref;
  const basket = requireBasket(snapshot, signer.owner);
  const payout = payoutCustody(snapshot, market, withdrawTokenSymbol);
  const bound = priceWithSlippage(false, market.side, terms.exitPrice, slippageBps);
  if (!terms.full) {
    requirePermission(snapshot, market, "sizeChange");
    if (terms.sizeDeltaAmount === 0n) fail("ORDER_SIZE_INVALID", "inputUsdUi closes less than one unit of size");
    requireMinimumCollateral(market, terms.remaining.collateralUsd, { subject: "the position left open" });
    return rollupPlan(signer, [
      decreaseInstruction(snapshot, signer, market, payout, bound, terms.sizeDeltaAmount),
    ]);
  }
  requirePermission(snapshot, market, "close");
  const instructions = [closeInstruction(snapshot, signer, market, payout, bound)];
  if (hasTriggers(marketOrders(basket, market))) instructions.push(cancelAllTriggers(snapshot, signer, market));
  return rollupPlan(signer, instructions);
}

/** `close_position_er` of `market`, paying out through `dispensing`. */
export function closeInstruction(
  snapshot: DeploymentSnapshot,
  signer: TradeSigner,
  market: MarketContext,
  dispensing: CustodyContext,
  bound: OraclePrice,
): Instruction {
  return closePositionErInstruction(snapshot.programId, dispensingAccounts(snapshot, signer, market, dispensing), {
    priceWithSlippage: bound,
    privilege: "None",
  });
}

/** `decrease_position_size_er` of `sizeDelta` (target native) of `market`, paying out through `dispensing`. */
export function decreaseInstruction(
  snapshot: DeploymentSnapshot,
  signer: TradeSigner,
  market: MarketContext,
  dispensing: CustodyContext,
  bound: OraclePrice,
  sizeDelta: bigint,
): Instruction {
  return decreasePositionSizeErInstruction(
    snapshot.programId,
    dispensingAccounts(snapshot, signer, market, dispensing),
    { priceWithSlippage: bound, sizeDelta, privilege: "None" },
  );
}

/** `cancel_all_trigger_orders_er` of `market` (the market is an argument, not an account). */
export function cancelAllTriggers(
  snapshot: DeploymentSnapshot,
  signer: TradeSigner,
  market: MarketContext,
): Instruction {
  return cancelAllTriggerOrdersErInstruction(snapshot.programId, signerAccounts(snapshot, signer), {
    market: market.pubkey,
  });
}
