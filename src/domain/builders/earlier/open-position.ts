/**
 * POST /transaction-builder/open-position, the transaction half (PROTOCOL-v1 §8.1–8.3, §8.12): the quote's terms →
 * the earlier program's instructions.
 *
 * - MARKET, paid in the market's collateral token: `open_position` (an existing position of the owner on that
 *   market is increased by the same instruction: §8.12 maps every MARKET open to it; `increase_size` carries no
 *   collateral). Paid in another token of the pool: `swap_and_open` (receiving custody = the paid token's).
 *   `takeProfit` / `stopLoss` append one `place_trigger_order` each, for the position's whole size after the trade,
 *   paid out in the collateral token (PROTOCOL-v1 §12.7 leaves both open; this is what the contract describes).
 * - LIMIT: `place_limit_order`, reserving the paid amount in the paid token's custody, TP/SL stored on the order
 *   (price 0 = none), paid out in the collateral token when they fire.
 * - SWAP: `swap`, with the pool's custodies and oracles (and a fee-exempt whitelist) as remaining accounts;
 *   `min_amount_out` = the quoted guaranteed output less the slippage: ⌊out·(10⁴ − bps)/10⁴⌋ (how the service
 *   applies slippage to swaps is not in the SDK, PROTOCOL-v1 §8.3).
 *
 * MARKET opens bound the fill with `price_with_slippage` around the quoted fill price (`priceWithSlippage`). The
 * program has no degen flag: degen mode only widens the leverage range the quote accepts (PROTOCOL-v1 §8.1).
 * `enableFundedWallet` changes nothing (../../quotes/privilege.ts).
 */
import { BPS_POWER, ORDER_SLOT_COUNT } from "../../../protocol/constants.ts";
import { openPositionInstruction } from "../../../protocol/instructions/earlier/open-position.ts";
import { placeLimitOrderInstruction } from "../../../protocol/instructions/earlier/place-limit-order.ts";
import { swapAndOpenInstruction } from "../../../protocol/instructions/earlier/swap-and-open.ts";
import { swapInstruction } from "../../../protocol/instructions/earlier/swap.ts";
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import * as pda from "../../../protocol/pda.ts";
import { floorDiv } from "../../math/bigint.ts";
import { priceWithSlippage } from "../../math/spread.ts";
import type { OraclePrice } from "../../math/types.ts";
import { requirePrice, requireToken } from "../../quotes/market-lookup.ts";
import { openPositionQuote } from "../../quotes/open.ts";
import type {
  OpenPositionQuote,
  OpenPositionQuoteDto,
  OpenPositionRequest,
  OpenPositionTerms,
} from "../../quotes/open-contract.ts";
import { grantPrivilege, type PrivilegeGrant, swapFeeExemption } from "../../quotes/privilege.ts";
import { fail, type QuoteResult, runQuote } from "../../quotes/result.ts";
import type { CustodyContext, DeploymentSnapshot, MarketContext } from "../../deployment-snapshot.ts";
import type { BaseTransactionPlan } from "../plan.ts";
import { slippageBps } from "../slippage.ts";
import {
  custodySlots,
  marketSlots,
  ownerSlots,
  poolPlan,
  privilegeArgs,
  type QuotedPlan,
  requireCustody,
  unsetPrice,
} from "./common.ts";
import { around, payingAccount, receivingAccount } from "./token-accounts.ts";
import {
  placeTriggerInstruction,
  requireFreeTriggerSlots,
  requireLimitSide,
  requireTriggerSide,
} from "./trigger-rules.ts";

export interface EarlierOpenPositionRequest extends OpenPositionRequest {
  slippagePercentage?: string;
}

/** The quote, and with an owner the plan of its transaction (none in preview-only mode). */
type OpenPositionQuoted = Omit<QuotedPlan<OpenPositionQuoteDto>, "plan"> & { plan?: BaseTransactionPlan };

/** The quote, and with an owner the transaction; any failure of either is a value (200 `err`). */
export function openPositionTransaction(
  snapshot: DeploymentSnapshot,
  req: EarlierOpenPositionRequest & { owner: string },
): QuoteResult<QuotedPlan<OpenPositionQuoteDto>>;
export function openPositionTransaction(
  snapshot: DeploymentSnapshot,
  req: EarlierOpenPositionRequest,
): QuoteResult<OpenPositionQuoted>;
export function openPositionTransaction(
  snapshot: DeploymentSnapshot,
  req: EarlierOpenPositionRequest,
): QuoteResult<OpenPositionQuoted> {
  const quoted = openPositionQuote(snapshot, req);
  if (!quoted.ok) return quoted;
  const owner = req.owner;
  if (owner === undefined) return { ok: true, value: { dto: quoted.value.dto } };
  return runQuote(() => ({ dto: quoted.value.dto, plan: buildOpen(snapshot, req, owner, quoted.value) }));
}

function buildOpen(
  snapshot: DeploymentSnapshot,
  req: EarlierOpenPositionRequest,
  owner: string,
  quote: OpenPositionQuote,
): BaseTransactionPlan {
  const { terms } = quote;
  // An amount below one native unit of the paid token parses to 0: the quote shows nothing, and a transaction would
  // move nothing (a zero-size open, an empty swap), so none is built.
  if (terms.amountIn === 0n) {
    fail(
      terms.kind === "swap" ? "ORDER_SIZE_INVALID" : "INSUFFICIENT_COLLATERAL",
      `inputAmountUi is less than one native unit of ${req.inputTokenSymbol}: nothing to build a transaction for`,
    );
  }
  if (terms.kind === "swap") return buildSwap(snapshot, req, owner, terms);
  const market = terms.market ?? fail("COMPUTE_FAILED", "the quote names no market");
  const instructions = terms.kind === "limit"
    ? buildLimit(snapshot, req, owner, market, terms)
    : buildMarket(snapshot, req, owner, market, terms);
  return poolPlan(owner, market.pool, instructions);
}

function buildMarket(
  snapshot: DeploymentSnapshot,
  req: EarlierOpenPositionRequest,
  owner: string,
  market: MarketContext,
  terms: OpenPositionTerms,
): Instruction[] {
  const input = requireCustody(snapshot, terms.inputCustody);
  const fill = terms.entryPrice ?? fail("COMPUTE_FAILED", "the quote has no fill price");
  const pay = payingAccount(owner, requireToken(snapshot, req.inputTokenSymbol), terms.amountIn);
  const open = marketOpenInstruction(snapshot, {
    owner,
    market,
    input,
    fundingAccount: pay.account,
    bound: priceWithSlippage(true, market.side, fill, slippageBps(req.slippagePercentage)),
    amountIn: terms.amountIn,
    sizeAmount: terms.sizeAmount,
    grant: grantPrivilege(snapshot, owner, req),
  });
  return around([pay], [open, ...attachedTriggers(snapshot, owner, market, terms)]);
}

export interface MarketOpen {
  owner: string;
  market: MarketContext;
  /** Custody of the paid token. */
  input: CustodyContext;
  /** The owner's token account of the paid token. */
  fundingAccount: string;
  /** `price_with_slippage`. */
  bound: OraclePrice;
  /** Paid-token native units. */
  amountIn: bigint;
  /** Target native size to add. */
  sizeAmount: bigint;
  grant: PrivilegeGrant;
}

/** `open_position` when the paid token is the market's collateral, else `swap_and_open`. */
export function marketOpenInstruction(snapshot: DeploymentSnapshot, spec: MarketOpen): Instruction {
  const { market } = spec;
  const { privilege, remaining } = privilegeArgs(spec.grant);
  const m = marketSlots(market);
  const paid = custodySlots(spec.input);
  const accounts = {
    ...ownerSlots(snapshot, spec.owner, market),
    ...m,
    feePayer: spec.owner,
    fundingAccount: spec.fundingAccount,
    fundingTokenProgram: paid.tokenProgram,
    fundingMint: paid.mint,
  };
  const common = { priceWithSlippage: spec.bound, sizeAmount: spec.sizeAmount, privilege };
  if (spec.input.pubkey === market.collateral.pubkey) {
    return openPositionInstruction(
      snapshot.programId,
      accounts,
      { ...common, collateralAmount: spec.amountIn },
      remaining,
    );
  }
  return swapAndOpenInstruction(
    snapshot.programId,
    {
      ...accounts,
      receivingCustody: paid.custody,
      receivingCustodyOracleAccount: paid.oracle,
      receivingCustodyTokenAccount: paid.tokenAccount,
    },
    { ...common, amountIn: spec.amountIn },
    remaining,
  );
}

/**
 * The TP/SL trigger orders of a MARKET open: on the correct side of the current price, in free slots, each for the
 * position's size after the trade.
 */
function attachedTriggers(
  snapshot: DeploymentSnapshot,
  owner: string,
  market: MarketContext,
  terms: OpenPositionTerms,
): Instruction[] {
  const triggers: [OraclePrice | undefined, boolean][] = [[terms.takeProfitPrice, false], [terms.stopLossPrice, true]];
  if (!triggers.some(([price]) => price)) return [];
  const mark = requirePrice(snapshot, market.target.token).price;
  const o = ownerSlots(snapshot, owner, market);
  const order = snapshot.accounts.get("Order", o.order);
  const heldSize = snapshot.accounts.get("Position", o.position)?.sizeAmount ?? 0n;
  return triggers.flatMap(([price, isStopLoss]) => {
    if (!price) return [];
    requireTriggerSide(market.side, isStopLoss, price, mark, "current price");
    requireFreeTriggerSlots(order, isStopLoss);
    return [placeTriggerInstruction(snapshot, {
      owner,
      market,
      receive: market.collateral,
      triggerPrice: price,
      sizeAmount: heldSize + terms.sizeAmount,
      isStopLoss,
    })];
  });
}

function buildLimit(
  snapshot: DeploymentSnapshot,
  req: EarlierOpenPositionRequest,
  owner: string,
  market: MarketContext,
  terms: OpenPositionTerms,
): Instruction[] {
  const limitPrice = terms.limitPrice ?? fail("COMPUTE_FAILED", "limitPrice is required for LIMIT orders");
  requireLimitSide(market.side, limitPrice, requirePrice(snapshot, market.target.token).price);
  if (terms.takeProfitPrice) requireTriggerSide(market.side, false, terms.takeProfitPrice, limitPrice, "limit price");
  if (terms.stopLossPrice) requireTriggerSide(market.side, true, terms.stopLossPrice, limitPrice, "limit price");
  const o = ownerSlots(snapshot, owner, market);
  const order = snapshot.accounts.get("Order", o.order);
  if (order && order.limitOrders.filter((l) => l.sizeAmount > 0n).length >= ORDER_SLOT_COUNT) {
    fail("ORDER_SLOTS_FULL", "all five limit-order slots of this market and side are taken");
  }
  const reserve = custodySlots(requireCustody(snapshot, terms.inputCustody));
  const pay = payingAccount(owner, requireToken(snapshot, req.inputTokenSymbol), terms.amountIn);
  const m = marketSlots(market);
  const place = placeLimitOrderInstruction(snapshot.programId, {
    ...o,
    feePayer: owner,
    fundingAccount: pay.account,
    pool: m.pool,
    market: m.market,
    targetCustody: m.targetCustody,
    targetOracleAccount: m.targetOracleAccount,
    reserveCustody: reserve.custody,
    reserveOracleAccount: reserve.oracle,
    reserveCustodyTokenAccount: reserve.tokenAccount,
    receiveCustody: m.collateralCustody,
    fundingTokenProgram: reserve.tokenProgram,
    fundingMint: reserve.mint,
  }, {
    limitPrice,
    reserveAmount: terms.amountIn,
    sizeAmount: terms.sizeAmount,
    stopLossPrice: terms.stopLossPrice ?? unsetPrice(limitPrice.exponent),
    takeProfitPrice: terms.takeProfitPrice ?? unsetPrice(limitPrice.exponent),
  });
  return around([pay], [place]);
}

/** The guaranteed swap output less the slippage tolerance, rounded down. */
export function minAmountOutWithSlippage(minAmountOut: bigint, bps: bigint): bigint {
  const kept = bps >= BPS_POWER ? 0n : BPS_POWER - bps;
  return floorDiv(minAmountOut * kept, BPS_POWER);
}

function buildSwap(
  snapshot: DeploymentSnapshot,
  req: EarlierOpenPositionRequest,
  owner: string,
  terms: OpenPositionTerms,
): BaseTransactionPlan {
  const leg = terms.swap ?? fail("COMPUTE_FAILED", "the quote has no swap");
  const pool = snapshot.input.config.pool(leg.from.config.pool) ??
    fail("COMPUTE_FAILED", `pool ${leg.from.config.pool} is not configured`);
  const from = custodySlots(leg.from);
  const to = custodySlots(leg.to);
  const pay = payingAccount(owner, requireToken(snapshot, req.inputTokenSymbol), terms.amountIn);
  const receive = receivingAccount(owner, requireToken(snapshot, req.outputTokenSymbol));
  const swap = swapInstruction(snapshot.programId, {
    owner,
    fundingAccount: pay.account,
    receivingAccount: receive.account,
    pool: pool.poolAddress,
    receivingCustody: from.custody,
    receivingCustodyOracleAccount: from.oracle,
    receivingCustodyTokenAccount: from.tokenAccount,
    dispensingCustody: to.custody,
    dispensingCustodyOracleAccount: to.oracle,
    dispensingCustodyTokenAccount: to.tokenAccount,
    fundingMint: from.mint,
    fundingTokenProgram: from.tokenProgram,
    receivingMint: to.mint,
    receivingTokenProgram: to.tokenProgram,
  }, {
    amountIn: terms.amountIn,
    minAmountOut: minAmountOutWithSlippage(leg.quote.minAmountOut, slippageBps(req.slippagePercentage)),
  }, {
    custodies: pool.custodies.map((c) => c.custodyAccount),
    oracles: pool.custodies.map((c) =>
      snapshot.custody(c.custodyAccount)?.account.oracle.intOracleAccount ??
        pda.oracleAccount(snapshot.programId, c.mintKey)
    ),
    whitelist: swapFeeExemption(snapshot, owner, req.userWhitelistAccount, pool.poolAddress),
  });
  return poolPlan(owner, pool, around([pay, receive], [swap]));
}
