/**
 * edit-limit-order (PROTOCOL-v2 §3.9, the v2 document's order-slot rules): `edit_limit_order_er` on the limit
 * order in slot `orderId`.
 *
 * Keep / remove semantics of the interface document, and how they reach the program:
 * - `limitPriceUi` omitted or "0" keeps the price: the order's current price is sent (DECISIONS 5.18: nothing shows
 *   that the program reads 0 as "keep"; the SDK's callers send the current values); a new price must be on the
 *   waiting side of the mark (long below, short above).
 * - `sizeAmountUi` omitted or "0" keeps the size: the current size is sent, for the same reason (and price 0 with
 *   size 0 would read as a cancellation).
 * - `takeProfitUi` / `stopLossUi` do not survive an edit: a price sets it (checked against the mark), omitted or
 *   "0" sends 0, which removes it.
 *
 * The edited order must still hold more than the market's minimum collateral after the entry fee of its (new) size
 * at its (new) limit price, and stay within the initial leverage bounds. Reserve and receive custodies are the
 * order's own (`reserve_custody_uid`, `receive_custody_uid`).
 */
import { editLimitOrderErInstruction } from "../../../protocol/instructions/v2/edit-limit-order-er.ts";
import { openQuote } from "../../math/open.ts";
import { usdValue } from "../../math/oracle.ts";
import { isZeroDecimal } from "../../math/decimal.ts";
import type { OraclePrice } from "../../math/types.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import type { ErTransactionPlan } from "../plan.ts";
import { requirePrice } from "../../quotes/market-lookup.ts";
import { parseOrderPrice } from "../../quotes/order-price.ts";
import { locateLimit, type OrderMarketFields, requireBasket, requireOrderMarkets } from "./order-slots.ts";
import {
  custodyKeys,
  depositLedgerOf,
  marketAccounts,
  rollupPlan,
  signerAccounts,
  type TradeSigner,
} from "./trade-accounts.ts";
import { parseOrderSize, requireLimitSide, requireTriggerSide } from "./trade-checks.ts";
import { requireLeverageWithin, requireMinimumCollateral } from "../../quotes/program-rules.ts";

export interface EditLimitOrderRequest extends OrderMarketFields {
  orderId: number;
  limitPriceUi?: string;
  sizeAmountUi?: string;
  takeProfitUi?: string;
  stopLossUi?: string;
}

/**
 * A request price, or undefined when omitted or zero ("keep" / "remove" in the document's rules). Zero is the text's
 * (`isZeroDecimal`): a non-zero price below the oracle's precision is refused as any price of zero is, not taken for
 * "keep".
 */
function givenPrice(text: string | undefined, exponent: number, field: string): OraclePrice | undefined {
  if (text === undefined || isZeroDecimal(text)) return undefined;
  return parseOrderPrice(text, exponent, field);
}

export function editLimitOrderTransaction(
  snapshot: DeploymentSnapshot,
  req: EditLimitOrderRequest,
  signer: TradeSigner,
): ErTransactionPlan {
  const markets = requireOrderMarkets(snapshot, req);
  const basket = requireBasket(snapshot, signer.owner);
  const { market, order, reserve, receive } = locateLimit(snapshot, basket, markets, req.orderId);
  const mark = requirePrice(snapshot, market.target.token).price;

  const newLimit = givenPrice(req.limitPriceUi, mark.exponent, "limitPriceUi");
  if (newLimit) requireLimitSide(market, newLimit, mark, "limitPriceUi");
  const givenSize = req.sizeAmountUi === undefined
    ? 0n
    : parseOrderSize(req.sizeAmountUi, market.target.account.decimals, "sizeAmountUi", true);
  const size = givenSize === 0n ? order.sizeAmount : givenSize;
  const takeProfit = givenPrice(req.takeProfitUi, mark.exponent, "takeProfitUi");
  if (takeProfit) requireTriggerSide(market, false, takeProfit, mark, "takeProfitUi");
  const stopLoss = givenPrice(req.stopLossUi, mark.exponent, "stopLossUi");
  if (stopLoss) requireTriggerSide(market, true, stopLoss, mark, "stopLossUi");

  // The order as it will rest: its reserve valued now, the entry fee of its size at its limit price.
  const reservePrice = requirePrice(snapshot, reserve.token).price;
  const collateralPrice = requirePrice(snapshot, market.collateral.token).price;
  const q = openQuote({
    position: null,
    side: market.side,
    collateralDeltaAmount: 0n,
    collateralDeltaUsd: usdValue(
      order.reserveAmount,
      reserve.account.decimals,
      reservePrice,
      reserve.account.tokenAmountMultiplier,
    ),
    sizeDeltaAmount: size,
    targetPrice: newLimit ?? order.limitPrice,
    targetCustody: market.target.account,
    collateralPrice,
    collateralCustody: market.collateral.account,
    market: market.account,
    nowUnix: snapshot.nowUnix,
  });
  requireMinimumCollateral(market, q.newPosition.collateralUsd, { strict: true, subject: "the edited limit order" });
  requireLeverageWithin(market, q.newLeverageBps);

  const none = (exponent: number): OraclePrice => ({ price: 0n, exponent });
  const reserveKeys = custodyKeys(snapshot, reserve);
  const instruction = editLimitOrderErInstruction(snapshot.programId, {
    ...signerAccounts(snapshot, signer),
    userDepositLedger: depositLedgerOf(snapshot, signer.owner),
    ...marketAccounts(snapshot, market),
    reserveCustody: reserveKeys.custody,
    receiveCustody: custodyKeys(snapshot, receive).custody,
    reserveOracleAccount: reserveKeys.oracle,
  }, {
    orderId: req.orderId,
    limitPrice: newLimit ?? order.limitPrice,
    sizeAmount: size,
    stopLossPrice: stopLoss ?? none(mark.exponent),
    takeProfitPrice: takeProfit ?? none(mark.exponent),
  });
  return rollupPlan(signer, [instruction]);
}
