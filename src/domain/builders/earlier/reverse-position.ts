/**
 * POST /transaction-builder/reverse-position, the transaction half (PROTOCOL-v1 §8.5, DECISIONS 5.7): one
 * transaction that closes the position and opens the opposite side of the same target token. There is no program
 * instruction for it; the composition is the reference's inference:
 *
 * 1. the position's live trigger orders are cancelled (as before any full close);
 * 2. the full close pays out in the opposite market's collateral token: `close_position` when both markets use the
 *    same collateral, else `close_and_swap` into it; the payout lands in the owner's token account of that token
 *    (created idempotently, left wrapped for SOL since the next instruction spends it);
 * 3. `open_position` on the opposite market takes the quoted collateral (the payout less the 2 % haircut) from
 *    that account, at the requested leverage (default: the closed position's current leverage). What the haircut
 *    leaves stays in the owner's account.
 *
 * The new leg must pass what an open passes (the leverage range in the quote; here the minimum collateral after fees
 * and the market's liquidity). The privilege (and its discount) applies to both legs. The owner must be the
 * position's owner.
 */
import { priceWithSlippage } from "../../math/spread.ts";
import { tradePrices } from "../../quotes/market-lookup.ts";
import { requirePosition } from "../../quotes/position-lookup.ts";
import { grantPrivilege, type PrivilegeFields } from "../../quotes/privilege.ts";
import { fail, type QuoteResult, runQuote, unwrapQuote } from "../../quotes/result.ts";
import { requireReverseLiquidity, reversePositionQuote, type ReversePositionQuoteDto } from "../../quotes/reverse.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import { slippageBps } from "../slippage.ts";
import { positionFigures } from "../../views/position-metrics.ts";
import { leverageDecimal } from "../../views/dto.ts";
import { poolPlan, type QuotedPlan, requirePositionOwner } from "./common.ts";
import { cancelTriggersBeforeClose, closeLeg } from "./close-position.ts";
import { marketOpenInstruction } from "./open-position.ts";
import { ownerTokenAccount } from "./token-accounts.ts";
import { requireMinimumCollateral } from "../../quotes/program-rules.ts";

export interface EarlierReversePositionRequest extends PrivilegeFields {
  positionKey: string;
  owner: string;
  leverage?: number;
  slippagePercentage?: string;
  degenMode?: boolean;
  tradingFeeDiscountPercent?: number;
}

export function reversePositionTransaction(
  snapshot: DeploymentSnapshot,
  req: EarlierReversePositionRequest,
): QuoteResult<QuotedPlan<ReversePositionQuoteDto>> {
  return runQuote(() => {
    requirePositionOwner(snapshot, req.positionKey, req.owner);
    const grant = grantPrivilege(snapshot, req.owner, req);
    const { dto, terms } = unwrapQuote(reversePositionQuote(snapshot, {
      position: { positionKey: req.positionKey },
      leverage: req.leverage ?? currentLeverage(snapshot, req.positionKey),
      degenMode: req.degenMode,
      privilege: grant.privilege,
      tradingFeeDiscountPercent: req.tradingFeeDiscountPercent,
    }));
    const { owner } = terms.ref;
    const closed = terms.ref.market;
    const opened = terms.newMarket;
    if (opened.pool.poolAddress !== closed.pool.poolAddress) {
      fail("COMPUTE_FAILED", `the opposite market ${opened.pubkey} is in another pool`);
    }
    // The new leg must pass what an open passes (open.ts checkOpenLimits): the minimum collateral after fees and the
    // market's liquidity.
    requireMinimumCollateral(opened, terms.newPosition.collateralUsd, { degen: req.degenMode === true });
    requireReverseLiquidity(snapshot, terms);
    const bps = slippageBps(req.slippagePercentage);
    const collateral = opened.collateral;
    const instructions = [
      ...cancelTriggersBeforeClose(snapshot, owner, closed),
      ...closeLeg(snapshot, {
        owner,
        market: closed,
        payout: collateral.token,
        out: collateral,
        bound: priceWithSlippage(false, closed.side, terms.closeExitPrice, bps),
        grant,
        unwrap: false,
      }),
      marketOpenInstruction(snapshot, {
        owner,
        market: opened,
        input: collateral,
        fundingAccount: ownerTokenAccount(owner, collateral.token),
        bound: priceWithSlippage(true, opened.side, terms.openEntryPrice, bps),
        amountIn: terms.collateralAmount,
        sizeAmount: terms.sizeAmount,
        grant,
      }),
    ];
    return { dto, plan: poolPlan(owner, closed.pool, instructions) };
  });
}

/** The position's leverage as the listings show it (PnL and fees counted), as a multiple (1 BPS precision). */
function currentLeverage(snapshot: DeploymentSnapshot, positionKey: string): number {
  const { market, position } = requirePosition(snapshot, { positionKey });
  const prices = tradePrices(snapshot, market, true);
  const { metrics } = positionFigures(market, position, prices.target.price, prices.collateral.price, snapshot.nowUnix);
  if (leverageDecimal(metrics.leverageBps) === undefined) {
    fail("COMPUTE_FAILED", "the position has no margin left, so it has no leverage to keep: send leverage");
  }
  // Exact in BPS: a multiple with at most 4 decimals survives the round trip through the request's number type.
  return Number(metrics.leverageBps) / 10_000;
}
