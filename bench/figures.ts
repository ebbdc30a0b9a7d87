/**
 * What the throughput figures request, and what each must answer: the routes issues 8, 9, 10 and 13 name, on the
 * bench world (bench-world.ts) and the embedded world's manifest owners. A figure whose sample answer is not what it
 * should be (a builder answering `{err}`, a preview failing) stops the bench instead of measuring an error path.
 */
import type { BenchRequest } from "./wrk.ts";
import type { Target } from "./results.ts";
import { BENCH_OWNER, type BenchWorld } from "./bench-world.ts";

export interface FigureSpec {
  id: string;
  label: string;
  request: BenchRequest;
  /**
   * Requests sent in turn instead of `request` alone (the same route with distinct bodies); `request` is the first of
   * them and gives the baseline its answer.
   */
  variants?: BenchRequest[];
  /**
   * For a ceiling figure: the figure whose answer it serves. It measures no service: the baseline labelled with the
   * headers every service answer carries (in the service's place) against the bare baseline.
   */
  ceilingOf?: string;
  /** Why a sample answer is unfit to measure, or undefined when it is fit. */
  unfit(status: number, text: string): string | undefined;
  target?: Target;
}

interface Manifest {
  cases: { v2: Record<string, { owner: string }>; earlier: Record<string, { owner: string }> };
}

interface PoolConfig {
  pools: {
    tokens: { symbol: string; mintKey: string }[];
    markets: { marketAccount: string; targetMint: string; side: string }[];
  }[];
}

const ok = (status: number, text: string) => status === 200 ? undefined : `answered ${status}: ${text.slice(0, 300)}`;
const quoted = (status: number, text: string) =>
  ok(status, text) ?? (/"err":"/.test(text) ? `answered an error: ${text.slice(0, 300)}` : undefined);
const built = (status: number, text: string) =>
  quoted(status, text) ??
    (text.includes('"transactionBase64":"') ? undefined : `built no transaction: ${text.slice(0, 300)}`);

const READ_TARGET: Target = { minRpsRatio: 0.8, source: "13.0" };
const PREVIEW_TARGET: Target = { minRpsRatio: 0.6, source: "13.0" };
const OWNER_TARGET: Target = { minRpsRatio: 0.7, maxP99Ms: 5, source: "13.1" };
const TRADE_BUILDER_TARGET: Target = { minRps: 5000, maxP99Ms: 10, source: "8" };

/** Bodies of the distinct-bodies preview figure. */
export const DISTINCT_BODIES = 8192;

const post = (path: string, body: unknown): BenchRequest => ({ method: "POST", path, body: JSON.stringify(body) });
const get = (path: string): BenchRequest => ({ method: "GET", path });

/** The market symbol and side of the bench owner's first v2 position (for the margin preview). */
function firstPosition(world: BenchWorld, config: PoolConfig) {
  for (const pool of config.pools) {
    const market = pool.markets.find((m) => m.marketAccount === world.v2.firstMarket);
    if (!market) continue;
    const symbol = pool.tokens.find((t) => t.mintKey === market.targetMint)?.symbol;
    if (symbol) return { marketSymbol: symbol, side: market.side.toUpperCase() };
  }
  throw new Error(`market ${world.v2.firstMarket} is not in the v2 configuration`);
}

export function figureSpecs(world: BenchWorld, manifest: Manifest, v2Config: PoolConfig): FigureSpec[] {
  const v2 = manifest.cases.v2;
  const earlier = manifest.cases.earlier;
  const holds = (h: { positions: number; orders: number }) => `${h.positions} positions, ${h.orders} orders`;
  const openBase = { inputTokenSymbol: "USDC", inputAmountUi: "100", leverage: 5, owner: earlier.noAccounts.owner };
  // The same margin preview with the i-th of DISTINCT_BODIES amounts ($1.00, $1.01, …): more distinct requests than
  // the service answers between two changes of the bench world, so none is answered from a cached answer.
  const marginPreview = (i: number) =>
    post("/v2/preview/margin", {
      owner: BENCH_OWNER,
      ...firstPosition(world, v2Config),
      marginDeltaUsdUi: (1 + i / 100).toFixed(2),
      action: "ADD",
    });
  const figures: FigureSpec[] = [
    { id: "health", label: "GET /v2/health", request: get("/v2/health"), unfit: ok, target: READ_TARGET },
    { id: "prices", label: "GET /v2/prices", request: get("/v2/prices"), unfit: ok, target: READ_TARGET },
    { id: "tokens", label: "GET /v2/tokens", request: get("/v2/tokens"), unfit: ok, target: READ_TARGET },
    { id: "pool-data", label: "GET /v2/pool-data", request: get("/v2/pool-data"), unfit: ok, target: READ_TARGET },
    // The earlier interface's twins (issue 13 item 0 names both interfaces' reads).
    { id: "earlier-health", label: "GET /health", request: get("/health"), unfit: ok, target: READ_TARGET },
    { id: "earlier-prices", label: "GET /prices", request: get("/prices"), unfit: ok, target: READ_TARGET },
    { id: "earlier-tokens", label: "GET /tokens", request: get("/tokens"), unfit: ok, target: READ_TARGET },
    { id: "earlier-pool-data", label: "GET /pool-data", request: get("/pool-data"), unfit: ok, target: READ_TARGET },
    {
      id: "v2-owner",
      label: `GET /v2/owner/{owner} (${holds(world.v2)})`,
      request: get(`/v2/owner/${BENCH_OWNER}`),
      unfit: ok,
      target: OWNER_TARGET,
    },
    {
      id: "earlier-positions-owner",
      label: `GET /positions/owner/{owner} (${holds(world.earlier)})`,
      request: get(`/positions/owner/${BENCH_OWNER}?includePnlInLeverageDisplay=false`),
      unfit: ok,
      target: OWNER_TARGET,
    },
    {
      id: "v2-preview-margin",
      label: "POST /v2/preview/margin",
      request: post("/v2/preview/margin", {
        owner: BENCH_OWNER,
        ...firstPosition(world, v2Config),
        marginDeltaUsdUi: "1",
        action: "ADD",
      }),
      unfit: quoted,
      target: PREVIEW_TARGET,
    },
    {
      id: "v2-preview-margin-distinct",
      label: `POST /v2/preview/margin, ${
        DISTINCT_BODIES.toLocaleString("en-US")
      } distinct bodies in turn (each computed)`,
      request: marginPreview(0),
      variants: Array.from({ length: DISTINCT_BODIES }, (_, i) => marginPreview(i)),
      unfit: quoted,
    },
    {
      id: "v2-open-preview",
      label: "POST /v2/transaction-builder/open-position, preview only (no owner)",
      request: post("/v2/transaction-builder/open-position", {
        inputTokenSymbol: "SOL",
        outputTokenSymbol: "SOL",
        inputAmountUi: "2.5",
        leverage: 10,
        tradeType: "LONG",
        takeProfit: "400",
        stopLoss: "100",
      }),
      unfit: quoted,
      target: PREVIEW_TARGET,
    },
    {
      id: "v2-open",
      label: "POST /v2/transaction-builder/open-position, owner paid in USDC",
      request: post("/v2/transaction-builder/open-position", {
        inputTokenSymbol: "USDC",
        outputTokenSymbol: "SOL",
        inputAmountUi: "11",
        leverage: 5,
        tradeType: "LONG",
        owner: v2.onlyLimitOrders.owner,
      }),
      unfit: built,
      target: TRADE_BUILDER_TARGET,
    },
    {
      id: "v2-close",
      label: "POST /v2/transaction-builder/close-position, full close with trigger cleanup",
      request: post("/v2/transaction-builder/close-position", {
        marketSymbol: "SOL",
        side: "LONG",
        inputUsdUi: "0",
        withdrawTokenSymbol: "USDC",
        owner: v2.manyPositionsAndLimitOrder.owner,
      }),
      unfit: built,
      target: TRADE_BUILDER_TARGET,
    },
    {
      id: "v2-deposit",
      label: "POST /v2/transaction-builder/deposit, fresh owner (full bundle)",
      request: post("/v2/transaction-builder/deposit", {
        owner: "BenchFresh1111111111111111111111111111111111",
        tokenSymbol: "USDC",
        amount: "100",
      }),
      unfit: built,
    },
    {
      id: "v2-withdraw",
      label: "POST /v2/transaction-builder/withdraw, fee payer top-up",
      request: post("/v2/transaction-builder/withdraw", {
        owner: v2.manyPositionsAndLimitOrder.owner,
        tokenSymbol: "USDC",
        amount: "1",
        feePayer: "BenchFeePayer111111111111111111111111111111",
        feePayerTopUpLamports: 20_000_000,
      }),
      unfit: built,
    },
    {
      id: "earlier-open-market",
      label: "POST /transaction-builder/open-position, owner, MARKET (USDC into a SOL short)",
      request: post("/transaction-builder/open-position", {
        ...openBase,
        outputTokenSymbol: "SOL",
        tradeType: "SHORT",
      }),
      unfit: built,
    },
    {
      id: "earlier-swap-and-open",
      label: "POST /transaction-builder/open-position, owner, swap-and-open (USDC into a BTC long)",
      request: post("/transaction-builder/open-position", { ...openBase, outputTokenSymbol: "BTC", tradeType: "LONG" }),
      unfit: built,
    },
  ];
  return [...figures, ...CEILING_BASES.map((id) => ceilingOf(figures.find((f) => f.id === id)!))];
}

/** The plain reads' figures, both interfaces. */
export const READ_FIGURES = [
  "health",
  "prices",
  "tokens",
  "pool-data",
  "earlier-health",
  "earlier-prices",
  "earlier-tokens",
  "earlier-pool-data",
];

/**
 * Figures whose ceiling is measured: every figure with a ratio target (the reads, both owner views, the previews), so
 * each such target can be read against the most a server owing those headers reached in the same run.
 */
export const CEILING_BASES = [
  ...READ_FIGURES,
  "v2-owner",
  "earlier-positions-owner",
  "v2-preview-margin",
  "v2-open-preview",
];

/** The ceiling figure of `base`: its answer, from the labelled baseline against the bare one. */
function ceilingOf(base: FigureSpec): FigureSpec {
  return {
    id: `ceiling-${base.id}`,
    label: `${base.label}: ceiling (bare route + request id and CORS headers, in the service column; no service)`,
    request: base.request,
    ceilingOf: base.id,
    unfit: base.unfit,
  };
}
