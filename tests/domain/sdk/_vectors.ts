/**
 * The SDK vectors (vectors.jsonl, written by generate-vectors.mjs under Node with the vendor SDK) as typed data: one
 * JSON object a line, `kind` naming its shape. Integers the SDK computes as BN travel as decimal strings (`Dec`).
 * The file is checked line by line as it is read; the cases are typed from there on.
 */
import { isJsonObject, type JsonValue } from "../../../src/protocol/codec/json.ts";
import type { CustodyStatsDto } from "../../../src/domain/views/pool-stats.ts";

/** A decimal integer as text (u64, i64 and wider do not survive a JSON number). */
type Dec = string;

export interface PriceVector {
  price: Dec;
  exponent: number;
}

export interface RatioFeesVector {
  minFee: Dec;
  targetFee: Dec;
  maxFee: Dec;
}

export interface RatiosVector {
  min: Dec;
  target: Dec;
  max: Dec;
}

export interface CustodyVector {
  decimals: number;
  exponent: number;
  isStable: boolean;
  price: Dec;
  tokenAmountMultiplier: Dec;
  oracle: {
    maxDivergenceBps: Dec;
    maxConfBps: Dec;
  };
  pricing: {
    tradeSpreadMin: Dec;
    tradeSpreadMax: Dec;
    swapSpread: Dec;
    minInitLeverage: Dec;
    minInitDegenLeverage: Dec;
    maxInitLeverage: Dec;
    maxInitDegenLeverage: Dec;
    maxLeverage: Dec;
    maxDegenLeverage: Dec;
    minCollateralUsd: Dec;
    minDegenCollateralUsd: Dec;
    delaySeconds: Dec;
    maxUtilization: Dec;
    maxPositionSizeUsd: Dec;
    maxExposureUsd: Dec;
  };
  fees: {
    swapIn: RatioFeesVector;
    swapOut: RatioFeesVector;
    openPosition: Dec;
    closePosition: Dec;
    volatility: Dec;
  };
  borrowRate: {
    slope1: Dec;
    slope2: Dec;
    optimalUtilization: Dec;
  };
  borrowRateState: {
    currentRate: Dec;
    cumulativeLockFee: Dec;
    lastUpdate: Dec;
  };
  assets: {
    owned: Dec;
    locked: Dec;
  };
}

export interface MetaLine {
  kind: "meta";
  generator: string;
  sdk: string;
}

export interface PositionCase {
  kind: "position";
  id: string;
  aligned: boolean;
  side: "Long" | "Short";
  correlated: boolean;
  maxPayoffBps: Dec;
  target: CustodyVector;
  collateral: CustodyVector;
  position: {
    entryPrice: PriceVector;
    sizeAmount: Dec;
    sizeUsd: Dec;
    collateralUsd: Dec;
    lockedAmount: Dec;
    lockedUsd: Dec;
    priceImpactUsd: Dec;
    unsettledFeesUsd: Dec;
    cumulativeLockFeeSnapshot: Dec;
    degenSizeUsd: Dec;
    referencePrice: PriceVector;
    sizeDecimals: number;
    lockedDecimals: number;
    collateralDecimals: number;
    openTime: Dec;
    updateTime: Dec;
  };
  now: Dec;
  args: {
    targetPnl: Dec;
    exitFeeForTrigger: Dec;
    roi: Dec;
    slippageBps: Dec;
    utilization: Dec;
    sizeDelta: Dec;
    collateralDelta: Dec;
    discountBps: Dec;
    leverage: number;
  };
  sdk: {
    tradeSpread: Dec;
    exitPrice: PriceVector;
    profitUsd: Dec;
    lossUsd: Dec;
    metricsLeverage: Dec;
    metricsLiquidationPrice: PriceVector;
    exitFeeUsd: Dec;
    exitFeeAmount: Dec;
    lockAndUnsettledFeeUsd: Dec;
    leverageInitial: Dec;
    lockFeeUsd: Dec;
    cumulativeLockFee: Dec;
    liquidationWithFee: PriceVector;
    maxAddableUsd: Dec;
    maxAddableAmount: Dec;
    maxWithdrawableUsd: Dec;
    maxWithdrawableAmount: Dec;
    triggerFromPnl: PriceVector;
    triggerFromRoi: PriceVector;
    maxProfitPrice: PriceVector;
    lockedUsd: Dec;
    slippageEntry: PriceVector;
    slippageExit: PriceVector;
    borrowRate: Dec;
    open: {
      entryPrice: PriceVector;
      feeUsd: Dec;
      feeAmount: Dec;
      feeUsdAfterDiscount: Dec;
      feeAmountAfterDiscount: Dec;
      liquidationPrice: PriceVector;
    };
    increase: {
      entryAvgPrice: PriceVector;
      feeUsd: Dec;
      liquidationPrice: PriceVector;
    };
    sizeFromLeverage: Dec;
  };
}

export interface SwapCase {
  kind: "swap";
  id: string;
  input: CustodyVector;
  output: CustodyVector;
  inputRatios: RatiosVector;
  outputRatios: RatiosVector;
  aum: Dec;
  amountIn: Dec;
  amountOut: Dec;
  sdk: {
    minAmountOut: Dec;
    exactInFeeIn: Dec;
    exactInFeeOut: Dec;
    minAmountIn: Dec;
    exactOutFeeIn: Dec;
    exactOutFeeOut: Dec;
  };
}

export interface PoolCase {
  kind: "pool";
  id: string;
  custodies: {
    symbol: string;
    decimals: number;
    usdPrecision: number;
    isStable: boolean;
    price: Dec;
    exponent: number;
    tokenAmountMultiplier: Dec;
    owned: Dec;
    locked: Dec;
    ratios: RatiosVector;
  }[];
  supply: Dec;
  sdk: {
    totalPoolValueUsd: Dec;
    totalPoolValueUsdUi: string;
    lpPrice: Dec;
    lpPriceUi: string;
    stableCoinPercentage: string;
    /** The SDK's per-custody figures: the fields the service's CustodyStatsDto shares with it. */
    custodyStats: Pick<CustodyStatsDto, SdkCustodyStatsField>[];
  };
}

export type VectorLine = MetaLine | PositionCase | SwapCase | PoolCase;

type SdkCustodyStatsField =
  | "symbol"
  | "priceUi"
  | `${"min" | "max" | "target" | "current"}RatioUi`
  | "utilizationUi"
  | `${"locked" | "assetsOwned" | "minCapacity" | "maxCapacity"}AmountUi`
  | "totalUsdOwnedAmountUi"
  | `availableTo${"Add" | "Remove"}${"Amount" | "Usd"}Ui`;

const KINDS: ReadonlySet<string> = new Set(["meta", "position", "swap", "pool"]);

/** The vectors file's lines; a line that is not an object of a known kind (with an id, for a case) fails the load. */
export async function readVectors(url: URL) {
  const lines = (await Deno.readTextFile(url)).split("\n").filter((l) => l.trim() !== "").map((text, i) => {
    const line: JsonValue = JSON.parse(text);
    if (!isJsonObject(line) || typeof line.kind !== "string" || !KINDS.has(line.kind)) {
      throw new TypeError(`vectors line ${i + 1}: not a vector of a known kind`);
    }
    if (line.kind !== "meta" && typeof line.id !== "string") throw new TypeError(`vectors line ${i + 1}: no id`);
    return line as unknown as VectorLine;
  });
  return {
    sdk: lines.find((l): l is MetaLine => l.kind === "meta")?.sdk,
    positions: lines.filter((l): l is PositionCase => l.kind === "position"),
    swaps: lines.filter((l): l is SwapCase => l.kind === "swap"),
    pools: lines.filter((l): l is PoolCase => l.kind === "pool"),
  };
}
