/**
 * open-position with an owner (PROTOCOL-v2 §2.1, §3.2–3.4): the quote's terms → the ER instructions.
 *
 * - MARKET, no position on the market: `open_position_er`; with a position of the same market and side:
 *   `increase_position_size_er` (the quote picked the market the position is in). Each `takeProfit` / `stopLoss`
 *   appends a `place_trigger_order_er` closing the whole position after the trade (for a new position that is the
 *   quote's `size_amount`, as the live service sends).
 * - LIMIT: `place_limit_order_er` alone, TP/SL inside the order (price 0 = none).
 *
 * Custody roles (§3.0): receiving / reserve = the paying token's custody; lock = the market's collateral custody,
 * which is also the attached triggers' receive custody whatever was paid in (DECISIONS 5.18, as place-trigger-order
 * and the vendor SDK do). A payment in another token is swapped in by the program
 * (DECISIONS 5.12); `collateral_amount` / `reserve_amount` are the paying token's native units.
 * The slippage bound is taken around the quoted fill price of the size delta (math/spread.ts `priceWithSlippage`).
 */
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import { openPositionErInstruction } from "../../../protocol/instructions/v2/open-position-er.ts";
import { increasePositionSizeErInstruction } from "../../../protocol/instructions/v2/increase-position-size-er.ts";
import { placeLimitOrderErInstruction } from "../../../protocol/instructions/v2/place-limit-order-er.ts";
import { priceWithSlippage } from "../../math/spread.ts";
import type { OraclePrice, PositionLike } from "../../math/types.ts";
import type { CustodyContext, DeploymentSnapshot, MarketContext } from "../../deployment-snapshot.ts";
import type { ErTransactionPlan } from "../plan.ts";
import type { OpenPositionTerms } from "../../quotes/open-contract.ts";
import { fail } from "../../quotes/result.ts";
import { marketOrders, requireBasket, requireFreeLimitSlot } from "./order-slots.ts";
import {
  custodyKeys,
  depositLedgerOf,
  marketAccounts,
  receivingAccounts,
  rollupPlan,
  signerAccounts,
  type TradeSigner,
} from "./trade-accounts.ts";
import { requireBalance, requireLimitSide, requirePermission, requireTriggerSide } from "./trade-checks.ts";
import { checkTriggerPlacement, placeTriggerInstruction, type TriggerPlacement } from "./triggers.ts";
import { requireMinimumCollateral } from "../../quotes/program-rules.ts";

/** What the builder needs from the quote besides the terms' amounts (all filled for a v2 position's terms). */
interface QuotedPosition {
  market: MarketContext;
  paying: CustodyContext;
  mark: OraclePrice;
  position: PositionLike;
}

function quotedPosition(snapshot: DeploymentSnapshot, terms: OpenPositionTerms): QuotedPosition {
  const paying = snapshot.custody(terms.inputCustody);
  if (!terms.market || !paying || !terms.markPrice || !terms.position) {
    return fail("COMPUTE_FAILED", "the quote did not produce a position to build");
  }
  return { market: terms.market, paying, mark: terms.markPrice, position: terms.position };
}

export function openPositionTransaction(
  snapshot: DeploymentSnapshot,
  terms: OpenPositionTerms,
  signer: TradeSigner,
  slippageBps: bigint,
): ErTransactionPlan {
  const p = quotedPosition(snapshot, terms);
  const basket = requireBasket(snapshot, signer.owner);
  if (terms.amountIn === 0n || terms.sizeAmount === 0n) {
    fail("INSUFFICIENT_COLLATERAL", "inputAmountUi must buy a size greater than zero to build a transaction");
  }
  requirePermission(snapshot, p.market, terms.kind === "increase" ? "sizeChange" : "open");
  const orders = marketOrders(basket, p.market);
  let instructions: Instruction[];
  if (terms.kind === "limit") {
    instructions = [limitOrder(snapshot, terms, p, signer, orders)];
  } else {
    const triggers = attachedTriggers(terms, p);
    for (const t of triggers) checkTriggerPlacement(orders, t);
    instructions = [
      marketOrder(snapshot, terms, p, signer, slippageBps),
      ...triggers.map((t) => placeTriggerInstruction(snapshot, signer, t)),
    ];
  }
  requireBalance(snapshot, signer.owner, p.paying, terms.amountIn);
  return rollupPlan(signer, instructions);
}

function marketOrder(
  snapshot: DeploymentSnapshot,
  terms: OpenPositionTerms,
  p: QuotedPosition,
  signer: TradeSigner,
  slippageBps: bigint,
): Instruction {
  const fill = terms.entryPrice ?? p.mark;
  const bound = priceWithSlippage(true, p.market.side, fill, slippageBps);
  const accounts = receivingAccounts(snapshot, signer, p.market, p.paying);
  if (terms.kind === "increase") {
    return increasePositionSizeErInstruction(snapshot.programId, accounts, {
      priceWithSlippage: bound,
      sizeDelta: terms.sizeAmount,
      deltaCollateralAmount: terms.amountIn,
      privilege: "None",
    });
  }
  return openPositionErInstruction(snapshot.programId, accounts, {
    priceWithSlippage: bound,
    collateralAmount: terms.amountIn,
    sizeAmount: terms.sizeAmount,
    privilege: "None",
  });
}

/** `takeProfit` / `stopLoss` of a MARKET open: one trigger each over the whole position after the trade. */
function attachedTriggers(terms: OpenPositionTerms, p: QuotedPosition): TriggerPlacement[] {
  const out: TriggerPlacement[] = [];
  const add = (trigger: OraclePrice | undefined, isStopLoss: boolean, priceField: string) => {
    if (!trigger) return;
    out.push({
      market: p.market,
      position: p.position,
      mark: p.mark,
      trigger,
      isStopLoss,
      size: p.position.sizeAmount,
      receive: p.market.collateral,
      priceField,
      sizeField: "outputAmount",
    });
  };
  add(terms.takeProfitPrice, false, "takeProfit");
  add(terms.stopLossPrice, true, "stopLoss");
  return out;
}

/** A LIMIT order: slot, limit and TP/SL prices against the mark, more than the minimum collateral after the fee. */
function limitOrder(
  snapshot: DeploymentSnapshot,
  terms: OpenPositionTerms,
  p: QuotedPosition,
  signer: TradeSigner,
  orders: ReturnType<typeof marketOrders>,
): Instruction {
  const limitPrice = terms.limitPrice ?? fail("TRIGGER_PRICE_INVALID", "limitPrice is required for LIMIT orders");
  requireFreeLimitSlot(orders, p.market);
  requireLimitSide(p.market, limitPrice, p.mark, "limitPrice");
  if (terms.takeProfitPrice) requireTriggerSide(p.market, false, terms.takeProfitPrice, p.mark, "takeProfit");
  if (terms.stopLossPrice) requireTriggerSide(p.market, true, terms.stopLossPrice, p.mark, "stopLoss");
  requireMinimumCollateral(p.market, p.position.collateralUsd, { strict: true, subject: "a limit order" });
  const none: OraclePrice = { price: 0n, exponent: limitPrice.exponent };
  const paying = custodyKeys(snapshot, p.paying);
  return placeLimitOrderErInstruction(snapshot.programId, {
    ...signerAccounts(snapshot, signer),
    userDepositLedger: depositLedgerOf(snapshot, signer.owner),
    ...marketAccounts(snapshot, p.market),
    reserveCustody: paying.custody,
    receiveCustody: paying.custody,
    reserveOracleAccount: paying.oracle,
  }, {
    limitPrice,
    reserveAmount: terms.amountIn,
    sizeAmount: terms.sizeAmount,
    stopLossPrice: terms.stopLossPrice ?? none,
    takeProfitPrice: terms.takeProfitPrice ?? none,
  });
}
