/**
 * reverse-position (PROTOCOL-v2 §2.1, §3.6, DECISIONS 5.7): the reverse quote's terms → one ER transaction:
 *
 *   1. `close_position_er` of the current position, paying out through the *opposite* market's collateral (lock)
 *      custody, exit bound around the close fill;
 *   2. when the closed market holds any take-profit or stop-loss: `cancel_all_trigger_orders_er` of it;
 *   3. `open_position_er` on the opposite market with receiving = lock = that custody and `collateral_amount` = 98 %
 *      of the close payout (native, rounded down: the quote's figure), entry bound around the new leg's fill. When
 *      the owner already holds a position on the opposite market the leg is `increase_position_size_er` instead
 *      (an open onto an existing position is an increase, as in open-position).
 *
 * The new leg must pass what an open passes: the market's permission, at least the minimum collateral after fees,
 * the available liquidity. Its collateral comes from the close in the same transaction, so no deposited balance is
 * needed.
 */
import { increasePositionSizeErInstruction } from "../../../protocol/instructions/v2/increase-position-size-er.ts";
import { openPositionErInstruction } from "../../../protocol/instructions/v2/open-position-er.ts";
import { priceWithSlippage } from "../../math/spread.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import type { ErTransactionPlan } from "../plan.ts";
import { requireReverseLiquidity, type ReversePositionTerms } from "../../quotes/reverse.ts";
import { cancelAllTriggers, closeInstruction } from "./close-position.ts";
import { hasTriggers, marketOrders, requireBasket } from "./order-slots.ts";
import { receivingAccounts, rollupPlan, type TradeSigner } from "./trade-accounts.ts";
import { requirePermission } from "./trade-checks.ts";
import { requireMinimumCollateral } from "../../quotes/program-rules.ts";

export function reversePositionTransaction(
  snapshot: DeploymentSnapshot,
  terms: ReversePositionTerms,
  signer: TradeSigner,
  slippageBps: bigint,
): ErTransactionPlan {
  const old = terms.ref.market;
  const next = terms.newMarket;
  const basket = requireBasket(snapshot, signer.owner);
  requirePermission(snapshot, old, "close");
  requirePermission(snapshot, next, terms.increases ? "sizeChange" : "open");
  requireMinimumCollateral(next, terms.newPosition.collateralUsd, { subject: "the reversed position" });
  requireReverseLiquidity(snapshot, terms);

  const instructions = [
    closeInstruction(
      snapshot,
      signer,
      old,
      next.collateral,
      priceWithSlippage(false, old.side, terms.closeExitPrice, slippageBps),
    ),
  ];
  if (hasTriggers(marketOrders(basket, old))) instructions.push(cancelAllTriggers(snapshot, signer, old));

  const accounts = receivingAccounts(snapshot, signer, next, next.collateral);
  const bound = priceWithSlippage(true, next.side, terms.openEntryPrice, slippageBps);
  instructions.push(
    terms.increases
      ? increasePositionSizeErInstruction(snapshot.programId, accounts, {
        priceWithSlippage: bound,
        sizeDelta: terms.sizeAmount,
        deltaCollateralAmount: terms.collateralAmount,
        privilege: "None",
      })
      : openPositionErInstruction(snapshot.programId, accounts, {
        priceWithSlippage: bound,
        collateralAmount: terms.collateralAmount,
        sizeAmount: terms.sizeAmount,
        privilege: "None",
      }),
  );
  return rollupPlan(signer, instructions);
}
