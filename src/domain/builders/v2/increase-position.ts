/**
 * increase-position (ext; PROTOCOL-v2 §3.3): `increase_position_size_er` adding `sizeAmountUi` of target size and
 * `collateralAmountUi` of `collateralTokenSymbol` (default: the market's collateral token) to the owner's position.
 *
 * No quote is returned, but the increase is priced as an open-position increase (math/open.ts `openQuote`) to hold
 * it to what the program checks: the market's permission, the leverage after the trade within the initial bounds,
 * at least the minimum collateral after the fee, the available liquidity, the deposited balance of the paying
 * token. Collateral paid in another token is valued at its own oracle price (DECISIONS 5.12) and received through
 * its custody. The entry bound is taken around the quoted fill of the size delta.
 */
import { increasePositionSizeErInstruction } from "../../../protocol/instructions/v2/increase-position-size-er.ts";
import { openQuote } from "../../math/open.ts";
import { usdValue } from "../../math/oracle.ts";
import { priceWithSlippage } from "../../math/spread.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import type { ErTransactionPlan } from "../plan.ts";
import { positionFigures } from "../../views/position-metrics.ts";
import { requireCustodyInPool, requirePrice, tradePrices } from "../../quotes/market-lookup.ts";
import { type PositionTarget, requirePosition } from "../../quotes/position-lookup.ts";
import { parseAmount } from "../../quotes/request-numbers.ts";
import { receivingAccounts, rollupPlan, type TradeSigner } from "./trade-accounts.ts";
import { parseOrderSize, requireBalance, requirePermission } from "./trade-checks.ts";
import { requireLeverageWithin, requireLiquidity, requireMinimumCollateral } from "../../quotes/program-rules.ts";

export interface IncreasePositionRequest {
  position: PositionTarget & { owner: string };
  sizeAmountUi: string;
  collateralAmountUi: string;
  collateralTokenSymbol?: string;
}

export function increasePositionTransaction(
  snapshot: DeploymentSnapshot,
  req: IncreasePositionRequest,
  signer: TradeSigner,
  slippageBps: bigint,
): ErTransactionPlan {
  const ref = requirePosition(snapshot, req.position);
  const { market, position } = ref;
  const prices = tradePrices(snapshot, market, true);
  const paying = req.collateralTokenSymbol === undefined
    ? market.collateral
    : requireCustodyInPool(snapshot, req.collateralTokenSymbol, market.pool);
  const payingPrice = paying.pubkey === market.collateral.pubkey
    ? prices.collateral
    : requirePrice(snapshot, paying.token);
  const sizeDelta = parseOrderSize(req.sizeAmountUi, market.target.account.decimals, "sizeAmountUi");
  const amountIn = parseAmount(req.collateralAmountUi, paying.account.decimals, "collateralAmountUi");
  requirePermission(snapshot, market, "sizeChange");

  const before = positionFigures(market, position, prices.target.price, prices.collateral.price, snapshot.nowUnix);
  const q = openQuote({
    position,
    side: market.side,
    collateralDeltaAmount: paying.pubkey === market.collateral.pubkey ? amountIn : 0n,
    collateralDeltaUsd: usdValue(
      amountIn,
      paying.account.decimals,
      payingPrice.price,
      paying.account.tokenAmountMultiplier,
    ),
    sizeDeltaAmount: sizeDelta,
    targetPrice: prices.target.price,
    targetCustody: market.target.account,
    collateralPrice: prices.collateral.price,
    collateralCustody: market.collateral.account,
    market: market.account,
    nowUnix: snapshot.nowUnix,
    existingPnlUsd: before.metrics.pnl.profitUsd - before.metrics.pnl.lossUsd,
  });
  requireLeverageWithin(market, q.newLeverageBps);
  requireMinimumCollateral(market, q.newPosition.collateralUsd, { subject: "the increased position" });
  requireLiquidity(market, prices.collateral.price, q.sizeDeltaUsd, q.newPosition.lockedAmount - position.lockedAmount);
  requireBalance(snapshot, signer.owner, paying, amountIn);

  const instruction = increasePositionSizeErInstruction(
    snapshot.programId,
    receivingAccounts(snapshot, signer, market, paying),
    {
      priceWithSlippage: priceWithSlippage(true, market.side, q.entryDeltaPrice, slippageBps),
      sizeDelta,
      deltaCollateralAmount: amountIn,
      privilege: "None",
    },
  );
  return rollupPlan(signer, [instruction]);
}
