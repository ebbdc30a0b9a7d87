/**
 * POST /transaction-builder/remove-collateral, the transaction half (PROTOCOL-v1 §8.7): `remove_collateral` pays the
 * withdrawn USD out in the collateral token (at the collateral's max price, on chain); another payout token uses
 * `remove_collateral_and_swap` (dispensing custody = that token's; the owner's collateral ATA is the program's
 * `collateral_account`). Payout accounts are created idempotently first; `SOL` is unwrapped after.
 */
import type { TokenConfig } from "../../../config/pool-config.ts";
import { removeCollateralAndSwapInstruction } from "../../../protocol/instructions/earlier/remove-collateral-and-swap.ts";
import { removeCollateralInstruction } from "../../../protocol/instructions/earlier/remove-collateral.ts";
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import {
  removeCollateralQuote,
  type RemoveCollateralQuoteDto,
  type RemoveCollateralRequest,
} from "../../quotes/collateral.ts";
import { requireCustodyInPool, requireToken } from "../../quotes/market-lookup.ts";
import { type QuoteResult, runQuote, unwrapQuote } from "../../quotes/result.ts";
import type { CustodyContext, DeploymentSnapshot, MarketContext } from "../../deployment-snapshot.ts";
import { dispensingSlots, marketSlots, ownerSlots, poolPlan, type QuotedPlan, requirePositionOwner } from "./common.ts";
import { around, receivingAccount } from "./token-accounts.ts";

export interface EarlierRemoveCollateralRequest {
  positionKey: string;
  withdrawAmountUsdUi: string;
  withdrawTokenSymbol: string;
  owner: string;
}

export function removeCollateralTransaction(
  snapshot: DeploymentSnapshot,
  req: EarlierRemoveCollateralRequest,
): QuoteResult<QuotedPlan<RemoveCollateralQuoteDto>> {
  return runQuote(() => {
    requirePositionOwner(snapshot, req.positionKey, req.owner);
    const request: RemoveCollateralRequest = {
      position: { positionKey: req.positionKey },
      withdrawAmountUsdUi: req.withdrawAmountUsdUi,
      withdrawTokenSymbol: req.withdrawTokenSymbol,
    };
    const { dto, terms } = unwrapQuote(removeCollateralQuote(snapshot, request));
    const { market } = terms.ref;
    const instructions = removeCollateralInstructions(
      snapshot,
      req.owner,
      market,
      requireToken(snapshot, req.withdrawTokenSymbol),
      requireCustodyInPool(snapshot, req.withdrawTokenSymbol, market.pool),
      terms.collateralDeltaUsd,
    );
    return { dto, plan: poolPlan(req.owner, market.pool, instructions) };
  });
}

/** Withdraws `collateralDeltaUsd` (USD-6) of the owner's position on `market`, paid out in `payout` (custody `out`). */
export function removeCollateralInstructions(
  snapshot: DeploymentSnapshot,
  owner: string,
  market: MarketContext,
  payout: TokenConfig,
  out: CustodyContext,
  collateralDeltaUsd: bigint,
): Instruction[] {
  const receive = receivingAccount(owner, payout);
  const accounts = {
    ...ownerSlots(snapshot, owner, market),
    ...marketSlots(market),
    receivingAccount: receive.account,
  };
  const dispensing = dispensingSlots(out);
  if (out.pubkey === market.collateral.pubkey) {
    const remove = removeCollateralInstruction(snapshot.programId, {
      ...accounts,
      receivingTokenProgram: dispensing.receivingTokenProgram,
      receivingMint: dispensing.receivingMint,
    }, { collateralDeltaUsd });
    return around([receive], [remove]);
  }
  const collateral = receivingAccount(owner, market.collateral.token, false);
  const remove = removeCollateralAndSwapInstruction(snapshot.programId, {
    ...accounts,
    ...dispensing,
    feePayer: owner,
    collateralAccount: collateral.account,
  }, { collateralDeltaUsd });
  return around([receive, collateral], [remove]);
}
