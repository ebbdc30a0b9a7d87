/**
 * POST /transaction-builder/close-position, the transaction half (PROTOCOL-v1 §8.4, §8.12; DECISIONS 5.6). The
 * position's owner signs and pays.
 *
 * - Full close: the position's live trigger orders are cancelled first (`cancel_all_trigger_orders`, as the vendor's
 *   CLI does: they would otherwise outlive the position), then `close_position` pays out in the collateral token, or
 *   `close_and_swap` in `withdrawTokenSymbol` (dispensing custody = that token's; the owner's collateral ATA is the
 *   program's `collateral_account` and is created idempotently like the payout ATA).
 * - Partial close: `decrease_size` of the quoted size delta (target-token native, the reading of PROTOCOL-v1 §12.1
 *   taken in the instruction file); its proceeds stay in the position. With `keepLeverageSame`, the quoted payout is
 *   then withdrawn by `remove_collateral` / `remove_collateral_and_swap` (§5.11, inferred there).
 *
 * Every bound is `price_with_slippage` around the quoted exit price (exit side: a long's bound is below it).
 */
import type { TokenConfig } from "../../../config/pool-config.ts";
import { cancelAllTriggerOrdersInstruction } from "../../../protocol/instructions/earlier/cancel-all-trigger-orders.ts";
import { closeAndSwapInstruction } from "../../../protocol/instructions/earlier/close-and-swap.ts";
import { closePositionInstruction } from "../../../protocol/instructions/earlier/close-position.ts";
import { decreaseSizeInstruction } from "../../../protocol/instructions/earlier/decrease-size.ts";
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import { priceWithSlippage } from "../../math/spread.ts";
import type { OraclePrice } from "../../math/types.ts";
import { type ClosePositionQuote, closePositionQuote, type ClosePositionQuoteDto } from "../../quotes/close.ts";
import { requireCustodyInPool, requireToken } from "../../quotes/market-lookup.ts";
import { grantPrivilege, type PrivilegeFields, type PrivilegeGrant } from "../../quotes/privilege.ts";
import { fail, type QuoteResult, runQuote, unwrapQuote } from "../../quotes/result.ts";
import type { CustodyContext, DeploymentSnapshot, MarketContext } from "../../deployment-snapshot.ts";
import type { BaseTransactionPlan } from "../plan.ts";
import { slippageBps } from "../slippage.ts";
import { dispensingSlots, marketSlots, ownerSlots, poolPlan, privilegeArgs, type QuotedPlan } from "./common.ts";
import { removeCollateralInstructions } from "./remove-collateral.ts";
import { around, receivingAccount } from "./token-accounts.ts";
import { liveTriggerSlots } from "./trigger-rules.ts";

export interface EarlierClosePositionRequest extends PrivilegeFields {
  positionKey: string;
  inputUsdUi: string;
  withdrawTokenSymbol: string;
  keepLeverageSame?: boolean;
  slippagePercentage?: string;
  tradingFeeDiscountPercent?: number;
}

export function closePositionTransaction(
  snapshot: DeploymentSnapshot,
  req: EarlierClosePositionRequest,
): QuoteResult<QuotedPlan<ClosePositionQuoteDto>> {
  return runQuote(() => {
    // The privilege is the position owner's (the request names no owner: the position's owner signs).
    const grant = grantPrivilege(snapshot, snapshot.accounts.get("Position", req.positionKey)?.owner, req);
    const quote = unwrapQuote(closePositionQuote(snapshot, {
      position: { positionKey: req.positionKey },
      inputUsdUi: req.inputUsdUi,
      withdrawTokenSymbol: req.withdrawTokenSymbol,
      keepLeverageSame: req.keepLeverageSame,
      tradingFeeDiscountPercent: req.tradingFeeDiscountPercent,
      privilege: grant.privilege,
    }));
    return { dto: quote.dto, plan: buildClose(snapshot, req, grant, quote) };
  });
}

function buildClose(
  snapshot: DeploymentSnapshot,
  req: EarlierClosePositionRequest,
  grant: PrivilegeGrant,
  { terms }: ClosePositionQuote,
): BaseTransactionPlan {
  const { owner, market } = terms.ref;
  const withdraw = requireToken(snapshot, req.withdrawTokenSymbol);
  const out = requireCustodyInPool(snapshot, req.withdrawTokenSymbol, market.pool);
  const bound = priceWithSlippage(false, market.side, terms.exitPrice, slippageBps(req.slippagePercentage));
  let instructions: Instruction[];
  if (terms.full) {
    instructions = [
      ...cancelTriggersBeforeClose(snapshot, owner, market),
      ...closeLeg(snapshot, { owner, market, payout: withdraw, out, bound, grant }),
    ];
  } else {
    // A non-zero amount below what one native unit of size is worth (DECISIONS 5.6: only zero closes everything).
    if (terms.sizeDeltaAmount === 0n) fail("ORDER_SIZE_INVALID", "inputUsdUi closes less than one unit of size");
    const { privilege, remaining } = privilegeArgs(grant);
    const decrease = decreaseSizeInstruction(
      snapshot.programId,
      { ...ownerSlots(snapshot, owner, market), ...marketSlots(market) },
      { priceWithSlippage: bound, sizeDelta: terms.sizeDeltaAmount, privilege },
      remaining,
    );
    instructions = [decrease];
    if (req.keepLeverageSame && terms.receiveUsd > 0n) {
      instructions.push(...removeCollateralInstructions(snapshot, owner, market, withdraw, out, terms.receiveUsd));
    }
  }
  return poolPlan(owner, market.pool, instructions);
}

/** `cancel_all_trigger_orders` when the owner's order account of the market holds a live TP or SL, else nothing. */
export function cancelTriggersBeforeClose(
  snapshot: DeploymentSnapshot,
  owner: string,
  market: MarketContext,
): Instruction[] {
  const o = ownerSlots(snapshot, owner, market);
  const order = snapshot.accounts.get("Order", o.order);
  if (liveTriggerSlots(order, false).length + liveTriggerSlots(order, true).length === 0) return [];
  return [cancelAllTriggerOrdersInstruction(snapshot.programId, { position: o.position, order: o.order })];
}

export interface CloseLeg {
  owner: string;
  market: MarketContext;
  /** The token paid out (its symbol decides native SOL vs WSOL) and its custody in the market's pool. */
  payout: TokenConfig;
  out: CustodyContext;
  /** `price_with_slippage`. */
  bound: OraclePrice;
  grant: PrivilegeGrant;
  /** Unwrap a SOL payout (default: when the payout symbol is `SOL`); false when the transaction spends it. */
  unwrap?: boolean;
}

/** A full close paying out in `payout`: `close_position`, or `close_and_swap` when it is not the collateral. */
export function closeLeg(snapshot: DeploymentSnapshot, leg: CloseLeg): Instruction[] {
  const { owner, market } = leg;
  const { privilege, remaining } = privilegeArgs(leg.grant);
  const receive = receivingAccount(owner, leg.payout, leg.unwrap);
  const accounts = { ...ownerSlots(snapshot, owner, market), ...marketSlots(market), feePayer: owner };
  const args = { priceWithSlippage: leg.bound, privilege };
  if (leg.out.pubkey === market.collateral.pubkey) {
    const close = closePositionInstruction(
      snapshot.programId,
      { ...accounts, receivingAccount: receive.account },
      args,
      remaining,
    );
    return around([receive], [close]);
  }
  const collateral = receivingAccount(owner, market.collateral.token, false);
  const close = closeAndSwapInstruction(
    snapshot.programId,
    {
      ...accounts,
      ...dispensingSlots(leg.out),
      receivingAccount: receive.account,
      collateralAccount: collateral.account,
    },
    args,
    remaining,
  );
  return around([receive, collateral], [close]);
}
