/**
 * decrease-position (ext; PROTOCOL-v2 §3.5 partial): `decrease_position_size_er` removing `sizeAmountUi` of target
 * size from the owner's position; the proceeds are credited to the basket through the custody `withdrawTokenSymbol`
 * names, the market's collateral by default (payout-custody.ts, DECISIONS 5.17).
 *
 * The size must be smaller than the position (a full exit is close-position) and the rest must keep the market's
 * minimum collateral. The exit bound is taken around the quoted exit fill of the closed part (math/close.ts).
 */
import { closeQuote } from "../../math/close.ts";
import { priceWithSlippage } from "../../math/spread.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import type { ErTransactionPlan } from "../plan.ts";
import { tradePrices } from "../../quotes/market-lookup.ts";
import { closeBasis, type PositionTarget, requirePosition } from "../../quotes/position-lookup.ts";
import { fail } from "../../quotes/result.ts";
import { decreaseInstruction } from "./close-position.ts";
import { payoutCustody } from "./payout-custody.ts";
import { rollupPlan, type TradeSigner } from "./trade-accounts.ts";
import { parseOrderSize, requirePermission } from "./trade-checks.ts";
import { requireMinimumCollateral } from "../../quotes/program-rules.ts";

export interface DecreasePositionRequest {
  position: PositionTarget & { owner: string };
  sizeAmountUi: string;
  withdrawTokenSymbol?: string;
}

export function decreasePositionTransaction(
  snapshot: DeploymentSnapshot,
  req: DecreasePositionRequest,
  signer: TradeSigner,
  slippageBps: bigint,
): ErTransactionPlan {
  const ref = requirePosition(snapshot, req.position);
  const { market, position } = ref;
  const payout = payoutCustody(snapshot, market, req.withdrawTokenSymbol);
  const prices = tradePrices(snapshot, market, true);
  const sizeDelta = parseOrderSize(req.sizeAmountUi, market.target.account.decimals, "sizeAmountUi");
  if (sizeDelta >= position.sizeAmount) {
    fail("ORDER_SIZE_INVALID", "sizeAmountUi must be smaller than the position (close-position closes it all)");
  }
  requirePermission(snapshot, market, "sizeChange");
  const q = closeQuote({
    ...closeBasis(snapshot, market, position, prices),
    sizeDeltaUsd: 0n,
    sizeDeltaAmount: sizeDelta,
    full: false,
    proceeds: "withdraw",
  });
  requireMinimumCollateral(market, q.newPosition.collateralUsd, { subject: "the position left open" });
  const bound = priceWithSlippage(false, market.side, q.pnl.exitPrice, slippageBps);
  return rollupPlan(signer, [decreaseInstruction(snapshot, signer, market, payout, bound, sizeDelta)]);
}
