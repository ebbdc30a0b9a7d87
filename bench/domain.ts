/**
 * Domain figures for `deno task bench`:
 * - open-position quotes computed in-process: quotes per second and p99 latency;
 * - GET /v2/owner/{owner} for an owner holding 10 positions and 10 orders, against a bare Hono route serving the
 *   same bytes. The owner is assembled from the bundled world's baskets (10 distinct markets' positions and the
 *   first 10 filled order slots, re-encoded with the real layout) and written into the store, so the figures come
 *   from real accounts and prices.
 */
import { type Basket, basketAccount, type OrderMeta, type PositionMeta } from "../src/protocol/accounts/index.ts";
import * as pda from "../src/protocol/pda.ts";
import { openPositionQuote } from "../src/domain/quotes/open.ts";
import { snapshotFor } from "../src/handlers/context.ts";
import type { Services } from "../src/services.ts";

export const BENCH_OWNER = "BenchWa11et11111111111111111111111111111111";

function filledOrders(meta: OrderMeta): number {
  const o = meta.order;
  return o.limitOrders.filter((l) => l.sizeAmount !== 0n).length +
    o.takeProfitOrders.filter((t) => t.triggerSize !== 0n).length +
    o.stopLossOrders.filter((t) => t.triggerSize !== 0n).length;
}

/** Writes a basket with 10 open positions and 10 filled order slots for BENCH_OWNER; returns the counts. */
export function installBenchOwner(services: Services): { positions: number; orders: number } {
  const view = services.deployments.v2.view;
  const positions = new Map<string, PositionMeta>();
  const orders: OrderMeta[] = [];
  let orderCount = 0;
  for (const { value } of view.list("Basket")) {
    for (const p of value.positions) {
      if (p.position.sizeAmount !== 0n && positions.size < 10 && !positions.has(p.market)) positions.set(p.market, p);
    }
    for (const o of value.orders) {
      const filled = filledOrders(o);
      if (orderCount < 10 && filled > 0 && filled + orderCount <= 10 && !orders.some((x) => x.market === o.market)) {
        orders.push(o);
        orderCount += filled;
      }
    }
  }
  const template = view.list("Basket")[0].value;
  const basket: Basket = {
    ...template,
    owner: BENCH_OWNER,
    positions: [...positions.values()],
    orders,
  };
  const key = pda.basket(view.programId, BENCH_OWNER);
  const data = basketAccount.encode(basket);
  services.accounts.set({
    pubkey: key,
    owner: view.programId,
    lamports: 10_000_000n,
    data,
    executable: false,
    slot: Number.MAX_SAFE_INTEGER,
    chain: "er",
  });
  return { positions: positions.size, orders: orderCount };
}

export interface QuoteBench {
  quotesPerSecond: number;
  p50Us: number;
  p99Us: number;
  samples: number;
}

/** Open-position quotes (10× SOL long paid in SOL, preview-only) in a tight loop, each one timed. */
export function benchOpenQuotes(services: Services, samples = 20_000): QuoteBench {
  const snapshot = () => snapshotFor(services, "v2");
  const request = {
    inputTokenSymbol: "SOL",
    outputTokenSymbol: "SOL",
    inputAmountUi: "2.5",
    leverage: 10,
    tradeType: "LONG" as const,
    takeProfit: "400",
    stopLoss: "100",
  };
  const probe = openPositionQuote(snapshot(), request);
  if (!probe.ok) throw new Error(`the benchmark quote fails: ${probe.err}`);
  for (let i = 0; i < 500; i++) openPositionQuote(snapshot(), request); // warm-up
  const times = new Float64Array(samples);
  const started = performance.now();
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    openPositionQuote(snapshot(), request);
    times[i] = performance.now() - t0;
  }
  const totalMs = performance.now() - started;
  times.sort();
  return {
    quotesPerSecond: samples / (totalMs / 1000),
    p50Us: times[Math.floor(samples * 0.5)] * 1000,
    p99Us: times[Math.floor(samples * 0.99)] * 1000,
    samples,
  };
}
