/**
 * POST /transaction-builder/add-collateral, the transaction half (PROTOCOL-v1 §8.6): `add_collateral` of the deposit
 * when it is the collateral token, else `swap_and_add_collateral` (receiving custody = the deposited token's; the
 * program swaps it into the collateral). The deposit comes from the owner's token account (`SOL`: wrapped into the
 * wrapped-SOL ATA first). `add_collateral` has no fee-payer slot: the owner pays the transaction fee.
 */
import { addCollateralInstruction } from "../../../protocol/instructions/earlier/add-collateral.ts";
import { swapAndAddCollateralInstruction } from "../../../protocol/instructions/earlier/swap-and-add-collateral.ts";
import { addCollateralQuote, type AddCollateralQuoteDto } from "../../quotes/collateral.ts";
import { requireToken } from "../../quotes/market-lookup.ts";
import { type QuoteResult, runQuote, unwrapQuote } from "../../quotes/result.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import {
  custodySlots,
  marketSlots,
  ownerSlots,
  poolPlan,
  type QuotedPlan,
  requireCustody,
  requirePositionOwner,
} from "./common.ts";
import { around, payingAccount } from "./token-accounts.ts";

export interface EarlierAddCollateralRequest {
  positionKey: string;
  depositAmountUi: string;
  depositTokenSymbol: string;
  owner: string;
}

export function addCollateralTransaction(
  snapshot: DeploymentSnapshot,
  req: EarlierAddCollateralRequest,
): QuoteResult<QuotedPlan<AddCollateralQuoteDto>> {
  return runQuote(() => {
    requirePositionOwner(snapshot, req.positionKey, req.owner);
    const { dto, terms } = unwrapQuote(addCollateralQuote(snapshot, {
      position: { positionKey: req.positionKey },
      depositAmountUi: req.depositAmountUi,
      depositTokenSymbol: req.depositTokenSymbol,
    }));
    const { market } = terms.ref;
    const deposit = custodySlots(requireCustody(snapshot, terms.depositCustody));
    const pay = payingAccount(req.owner, requireToken(snapshot, req.depositTokenSymbol), terms.amountIn);
    const m = marketSlots(market);
    const accounts = {
      ...ownerSlots(snapshot, req.owner, market),
      ...m,
      fundingAccount: pay.account,
      fundingTokenProgram: deposit.tokenProgram,
      fundingMint: deposit.mint,
    };
    const add = deposit.custody === m.collateralCustody
      ? addCollateralInstruction(snapshot.programId, accounts, { collateralDelta: terms.amountIn })
      : swapAndAddCollateralInstruction(snapshot.programId, {
        ...accounts,
        feePayer: req.owner,
        receivingCustody: deposit.custody,
        receivingCustodyOracleAccount: deposit.oracle,
        receivingCustodyTokenAccount: deposit.tokenAccount,
      }, { amountIn: terms.amountIn });
    const instructions = around([pay], [add]);
    return { dto, plan: poolPlan(req.owner, market.pool, instructions) };
  });
}
