/**
 * What the v2 program would refuse and the service can see beforehand, checked before a transaction is built
 * ("never a transaction the program would reject when the service can know it"): disabled actions, the deposited
 * balance, trigger and limit prices on the wrong side of the mark, order sizes. Each check raises its failure with
 * `fail` and a registry code. The program's rules shared with the quotes and the earlier builders (minimum collateral,
 * leverage bounds, liquidity, the side of the mark a trigger or limit price must sit on) live in
 * ../../quotes/program-rules.ts; this file words their refusals for v2.
 */
import type { Permissions } from "../../../protocol/accounts/mod.ts";
import * as pda from "../../../protocol/pda.ts";
import { isZeroDecimal } from "../../math/decimal.ts";
import type { OraclePrice } from "../../math/types.ts";
import { formatPrice, formatTokenAmount } from "../../format/ui.ts";
import type { CustodyContext, DeploymentSnapshot, MarketContext } from "../../deployment-snapshot.ts";
import { parseAmount } from "../../quotes/request-numbers.ts";
import { fail } from "../../quotes/result.ts";
import { limitSide, requirePriceSide, triggerSide } from "../../quotes/program-rules.ts";
import { U64_MAX } from "../../../protocol/constants.ts";
import { marketLabel, triggerKind } from "./order-slots.ts";

/** What an instruction does to a position, as the program's permission flags name it. */
export type TradeAction = "open" | "sizeChange" | "close" | "collateralWithdrawal";

const FLAG: Record<TradeAction, keyof Permissions & keyof MarketContext["account"]["permissions"]> = {
  open: "allowOpenPosition",
  sizeChange: "allowSizeChange",
  close: "allowClosePosition",
  collateralWithdrawal: "allowCollateralWithdrawal",
};

const ACTION_TEXT: Record<TradeAction, string> = {
  open: "opening positions",
  sizeChange: "changing position sizes",
  close: "closing positions",
  collateralWithdrawal: "withdrawing collateral",
};

/**
 * The permission flag of the action must be set on the market, its pool and (when ingested) the global perpetuals
 * account; otherwise MARKET_CLOSED (the registry's code for a market that cannot be traded right now).
 *
 * Choice (the references list the flags, not which instruction reads which): open and limit placement need
 * `allow_open_position`; increase and decrease need `allow_size_change`; a full close `allow_close_position`;
 * remove-collateral `allow_collateral_withdrawal`. Adding collateral and order management are not gated here.
 */
export function requirePermission(snapshot: DeploymentSnapshot, market: MarketContext, action: TradeAction): void {
  const flag = FLAG[action];
  const pool = snapshot.accounts.get("Pool", market.pool.poolAddress);
  const perpetuals = snapshot.accounts.get("Perpetuals", pda.perpetuals(snapshot.programId));
  const where = !market.account.permissions[flag]
    ? `the ${marketLabel(market)} market`
    : pool && !pool.permissions[flag]
    ? `pool ${market.pool.poolName}`
    : perpetuals && !perpetuals.permissions[flag]
    ? "this deployment"
    : undefined;
  if (where) fail("MARKET_CLOSED", `${ACTION_TEXT[action]} is disabled on ${where}`);
}

/**
 * Native units of `mint` the owner can trade with: deposits − debits + pending credits (PROTOCOL-v2 §0.2; the
 * ledger's deposits are cumulative, the basket's counters running). No ledger or no basket counts as nothing
 * deposited or nothing drawn.
 */
export function availableBalance(snapshot: DeploymentSnapshot, owner: string, mint: string): bigint {
  const ledger = snapshot.accounts.get("UserDepositLedger", pda.userDepositLedger(snapshot.programId, owner));
  const basket = snapshot.accounts.get("Basket", pda.basket(snapshot.programId, owner));
  const sum = (lines: readonly { mint: string; amount: bigint }[] | undefined) =>
    (lines ?? []).reduce((total, line) => (line.mint === mint ? total + line.amount : total), 0n);
  const available = sum(ledger?.deposits) - sum(basket?.debits) + sum(basket?.pendingCredits);
  return available > 0n ? available : 0n;
}

/** The owner's deposited balance of the paying token covers `amount` (native); INSUFFICIENT_COLLATERAL otherwise. */
export function requireBalance(
  snapshot: DeploymentSnapshot,
  owner: string,
  paying: CustodyContext,
  amount: bigint,
): void {
  const available = availableBalance(snapshot, owner, paying.config.mintKey);
  if (amount <= available) return;
  const ui = (x: bigint) =>
    `${formatTokenAmount(x, paying.account.decimals, paying.token.tokenPrecision)} ${paying.config.symbol}`;
  fail(
    "INSUFFICIENT_COLLATERAL",
    `the trade takes ${ui(amount)} but the owner's available deposited balance is ${ui(available)} (deposit first)`,
  );
}

/**
 * An order or size-change size in target native units; zero (unless `allowZero` and the text is zero), below one native
 * unit, or beyond u64 is ORDER_SIZE_INVALID.
 */
export function parseOrderSize(text: string, decimals: number, field: string, allowZero = false): bigint {
  const size = parseAmount(text, decimals, field);
  if (size === 0n) {
    // `allowZero` admits the text zero ("keep"), not an amount below one native unit, which parses to 0 as well.
    const zero = isZeroDecimal(text);
    if (!(allowZero && zero)) {
      fail("ORDER_SIZE_INVALID", `${field} must be ${zero ? "greater than zero" : "at least one native unit"}`);
    }
  }
  if (size > U64_MAX) fail("ORDER_SIZE_INVALID", `${field} is beyond the largest size the program holds`);
  return size;
}

/** A trigger closes at most the whole position (ORDER_SIZE_INVALID otherwise). */
export function requireSizeWithin(size: bigint, positionSize: bigint, market: MarketContext, field: string): void {
  if (size <= positionSize) return;
  const d = market.target.account.decimals;
  const p = market.target.token.tokenPrecision;
  fail(
    "ORDER_SIZE_INVALID",
    `${field} of ${formatTokenAmount(size, d, p)} is larger than the position (${
      formatTokenAmount(positionSize, d, p)
    })`,
  );
}

/** A trigger order's price on its side of the mark (`triggerSide`: long TP and short SL above, the others below). */
export function requireTriggerSide(
  market: MarketContext,
  isStopLoss: boolean,
  trigger: OraclePrice,
  mark: OraclePrice,
  field: string,
): void {
  requirePriceSide(
    trigger,
    mark,
    triggerSide(market.side, isStopLoss),
    (wanted) =>
      `${field}: a ${marketLabel(market)} ${triggerKind(isStopLoss)} must be ${wanted} the mark price ${
        priceText(mark, market)
      }`,
  );
}

/** A limit order's price on its side of the mark (`limitSide`: a long below, a short above). */
export function requireLimitSide(market: MarketContext, limit: OraclePrice, mark: OraclePrice, field: string): void {
  requirePriceSide(
    limit,
    mark,
    limitSide(market.side),
    (wanted) =>
      `${field}: a ${marketLabel(market)} limit order must be ${wanted} the mark price ${priceText(mark, market)}`,
  );
}

function priceText(p: OraclePrice, market: MarketContext): string {
  return formatPrice(p, market.target.token.usdPrecision);
}
