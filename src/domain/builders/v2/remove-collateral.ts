/**
 * remove-collateral (PROTOCOL-v2 §3.7): the remove-collateral quote's plan → `remove_collateral_er` with the USD
 * amount (6 decimals); dispensing = the market's collateral (lock) custody, so the collateral is credited to the
 * basket in that token (`withdrawTokenSymbol` is a display hint). The quote already holds the amount within the
 * maximum withdrawable; the market must allow collateral withdrawal.
 */
import { removeCollateralErInstruction } from "../../../protocol/instructions/v2/remove-collateral-er.ts";
import type { DeploymentSnapshot } from "../../views/context.ts";
import type { ErTransactionPlan } from "../plan.ts";
import type { RemoveCollateralQuote } from "../../quotes/collateral.ts";
import { dispensingAccounts, rollupPlan, type TradeSigner } from "./trade-accounts.ts";
import { requirePermission } from "./trade-checks.ts";

export function removeCollateralTransaction(
  snapshot: DeploymentSnapshot,
  plan: RemoveCollateralQuote["plan"],
  signer: TradeSigner,
): ErTransactionPlan {
  const { market } = plan.ref;
  requirePermission(snapshot, market, "collateralWithdrawal");
  const instruction = removeCollateralErInstruction(
    snapshot.programId,
    dispensingAccounts(snapshot, signer, market, market.collateral),
    { collateralDeltaUsd: plan.collateralDeltaUsd },
  );
  return rollupPlan(signer, [instruction]);
}
