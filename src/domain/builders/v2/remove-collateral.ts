/**
 * remove-collateral (PROTOCOL-v2 §3.7): the remove-collateral quote's terms → `remove_collateral_er` with the USD
 * amount (6 decimals), paid out to the basket through the custody `withdrawTokenSymbol` names, the market's
 * collateral (lock) custody by default (payout-custody.ts, DECISIONS 5.17). The quote already holds the amount
 * within the maximum withdrawable; the market must allow collateral withdrawal.
 */
import { removeCollateralErInstruction } from "../../../protocol/instructions/v2/remove-collateral-er.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import type { ErTransactionPlan } from "../plan.ts";
import type { RemoveCollateralQuote } from "../../quotes/collateral.ts";
import { dispensingAccounts, rollupPlan, type TradeSigner } from "./trade-accounts.ts";
import { requirePermission } from "./trade-checks.ts";
import { payoutCustody } from "./payout-custody.ts";

export function removeCollateralTransaction(
  snapshot: DeploymentSnapshot,
  terms: RemoveCollateralQuote["terms"],
  signer: TradeSigner,
  withdrawTokenSymbol: string | undefined,
): ErTransactionPlan {
  const { market } = terms.ref;
  const payout = payoutCustody(snapshot, market, withdrawTokenSymbol);
  requirePermission(snapshot, market, "collateralWithdrawal");
  const instruction = removeCollateralErInstruction(
    snapshot.programId,
    dispensingAccounts(snapshot, signer, market, payout),
    { collateralDeltaUsd: terms.collateralDeltaUsd },
  );
  return rollupPlan(signer, [instruction]);
}
