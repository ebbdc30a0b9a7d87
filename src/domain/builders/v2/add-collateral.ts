/**
 * add-collateral (PROTOCOL-v2 §3.7): the add-collateral quote's terms → `add_collateral_er{collateral_delta}` with
 * the deposit token's native amount; receiving custody = the deposit token's custody (a token other than the
 * market's collateral is swapped in by the program, DECISIONS 5.12), lock = the market's collateral custody. The
 * quote already holds the deposit within the maximum addable; the owner's deposited balance must cover it.
 */
import { addCollateralErInstruction } from "../../../protocol/instructions/v2/add-collateral-er.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import type { ErTransactionPlan } from "../plan.ts";
import type { AddCollateralQuote } from "../../quotes/collateral.ts";
import { fail } from "../../quotes/result.ts";
import { receivingAccounts, rollupPlan, type TradeSigner } from "./trade-accounts.ts";
import { requireBalance } from "./trade-checks.ts";

export function addCollateralTransaction(
  snapshot: DeploymentSnapshot,
  terms: AddCollateralQuote["terms"],
  signer: TradeSigner,
): ErTransactionPlan {
  const deposit = snapshot.custody(terms.depositCustody) ??
    fail("COMPUTE_FAILED", `custody ${terms.depositCustody} is not available`);
  requireBalance(snapshot, signer.owner, deposit, terms.amountIn);
  const instruction = addCollateralErInstruction(
    snapshot.programId,
    receivingAccounts(snapshot, signer, terms.ref.market, deposit),
    { collateralDelta: terms.amountIn },
  );
  return rollupPlan(signer, [instruction]);
}
