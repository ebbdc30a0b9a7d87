/**
 * The world the throughput figures run on: the embedded world (fixtures/world) plus two bench owners assembled from
 * its own accounts, written once into bench/worlds/ (not committed) and replayed by the service process:
 * - a v2 basket holding 10 open positions (10 distinct markets) and 10 filled order slots, for GET /v2/owner/{owner};
 * - 10 earlier-interface Position accounts (distinct markets) and Order accounts holding 10 filled slots, for
 *   GET /positions/owner/{owner}.
 * Both are re-encoded with the real layouts at their real PDAs, so every figure comes from real accounts and prices.
 */
import {
  type Basket,
  basketAccount,
  type Order,
  orderAccount,
  type OrderMeta,
  type Position,
  positionAccount,
  type PositionMeta,
} from "../src/protocol/accounts/mod.ts";
import * as pda from "../src/protocol/pda.ts";
import { readRecording, type RecordedAccount, writeRecording } from "../src/replay/format.ts";

export const BENCH_OWNER = "BenchWa11et11111111111111111111111111111111";
/** Bumped whenever what the bench world holds changes, so an old copy is rebuilt. */
const BENCH_WORLD_VERSION = 1;
const COPIED_FILES = ["pool-config.v2.json", "pool-config.earlier.json", "manifest.json"];

export interface BenchWorld {
  dir: string;
  /** What the bench owner holds on each interface, and the market of its first v2 position. */
  v2: { positions: number; orders: number; firstMarket: string };
  earlier: { positions: number; orders: number };
}

interface PoolConfigFile {
  programId: string;
}

const filledBasketOrders = (meta: OrderMeta) =>
  meta.order.limitOrders.filter((l) => l.sizeAmount !== 0n).length +
  meta.order.takeProfitOrders.filter((t) => t.triggerSize !== 0n).length +
  meta.order.stopLossOrders.filter((t) => t.triggerSize !== 0n).length;

const filledOrderSlots = (order: Order) =>
  order.limitOrders.filter((l) => l.sizeAmount !== 0n).length +
  order.takeProfitOrders.filter((t) => t.triggerSize !== 0n).length +
  order.stopLossOrders.filter((t) => t.triggerSize !== 0n).length;

function hasDiscriminator(data: Uint8Array, hex: string): boolean {
  return data.length >= 8 && [...data.subarray(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("") === hex;
}

/** A basket for BENCH_OWNER with 10 positions on distinct markets and 10 filled order slots, from the world's. */
function benchBasket(programId: string, accounts: Iterable<RecordedAccount>, template: RecordedAccount) {
  const baskets = [...accounts]
    .filter((a) => a.owner === programId && hasDiscriminator(a.data, basketAccount.discriminatorHex))
    .map((a) => basketAccount.decode(a.data));
  const positions = new Map<string, PositionMeta>();
  const orders: OrderMeta[] = [];
  let orderCount = 0;
  for (const basket of baskets) {
    for (const p of basket.positions) {
      if (p.position.sizeAmount !== 0n && positions.size < 10 && !positions.has(p.market)) {
        positions.set(p.market, { ...p, position: { ...p.position, owner: BENCH_OWNER } });
      }
    }
    for (const o of basket.orders) {
      const filled = filledBasketOrders(o);
      if (filled > 0 && orderCount + filled <= 10 && !orders.some((x) => x.market === o.market)) {
        orders.push(o);
        orderCount += filled;
      }
    }
  }
  const basket: Basket = { ...baskets[0], owner: BENCH_OWNER, positions: [...positions.values()], orders };
  const first = [...positions.values()][0];
  return {
    account: { ...template, pubkey: pda.basket(programId, BENCH_OWNER), data: basketAccount.encode(basket) },
    positions: positions.size,
    orders: orderCount,
    firstMarket: first.market,
  };
}

/** BENCH_OWNER's earlier Position and Order accounts: 10 positions on distinct markets, Orders with 10 filled slots. */
function benchEarlierAccounts(programId: string, accounts: Iterable<RecordedAccount>) {
  const codecPosition = positionAccount.earlier;
  const codecOrder = orderAccount.earlier;
  const positions = new Map<string, { template: RecordedAccount; value: Position }>();
  const orders = new Map<string, { template: RecordedAccount; value: Order }>();
  let orderCount = 0;
  for (const a of accounts) {
    if (a.owner !== programId) continue;
    if (hasDiscriminator(a.data, codecPosition.discriminatorHex)) {
      const value = codecPosition.decode(a.data);
      if (value.sizeAmount !== 0n && positions.size < 10 && !positions.has(value.market)) {
        positions.set(value.market, { template: a, value });
      }
    } else if (hasDiscriminator(a.data, codecOrder.discriminatorHex)) {
      const value = codecOrder.decode(a.data);
      const filled = filledOrderSlots(value);
      if (filled > 0 && orderCount + filled <= 10 && !orders.has(value.market)) {
        orders.set(value.market, { template: a, value });
        orderCount += filled;
      }
    }
  }
  const out: RecordedAccount[] = [];
  for (const { template, value } of positions.values()) {
    out.push({
      ...template,
      pubkey: pda.position(programId, BENCH_OWNER, value.market),
      data: codecPosition.encode({ ...value, owner: BENCH_OWNER }),
    });
  }
  for (const { template, value } of orders.values()) {
    out.push({
      ...template,
      pubkey: pda.order(programId, BENCH_OWNER, value.market),
      data: codecOrder.encode({ ...value, owner: BENCH_OWNER }),
    });
  }
  return { accounts: out, positions: positions.size, orders: orderCount };
}

/** Builds the bench world into `dir` from `source` (reused when it was built from the same source by this code). */
export async function prepareBenchWorld(source: string, dir: string): Promise<BenchWorld> {
  const sourceMeta = await Deno.readTextFile(`${source}/meta.json`);
  const stamp = JSON.stringify({ version: BENCH_WORLD_VERSION, sourceMeta });
  try {
    const built = JSON.parse(await Deno.readTextFile(`${dir}/bench.json`));
    if (built.stamp === stamp) return built.world as BenchWorld;
  } catch {
    // not built yet
  }
  const recording = await readRecording(source);
  const v2Config: PoolConfigFile = JSON.parse(await Deno.readTextFile(`${source}/pool-config.v2.json`));
  const earlierConfig: PoolConfigFile = JSON.parse(await Deno.readTextFile(`${source}/pool-config.earlier.json`));
  const er = recording.chains.er.initialAccounts;
  const template = [...er].find((a) =>
    a.owner === v2Config.programId && hasDiscriminator(a.data, basketAccount.discriminatorHex)
  );
  if (!template) throw new Error(`${source} holds no v2 basket on the ER`);
  const basket = benchBasket(v2Config.programId, er, template);
  er.add(basket.account);
  const earlier = benchEarlierAccounts(earlierConfig.programId, recording.chains.base.initialAccounts);
  for (const account of earlier.accounts) recording.chains.base.initialAccounts.add(account);
  await writeRecording(dir, recording);
  for (const file of COPIED_FILES) await Deno.copyFile(`${source}/${file}`, `${dir}/${file}`);
  const world: BenchWorld = {
    dir,
    v2: {
      positions: basket.positions,
      orders: basket.orders,
      firstMarket: basket.firstMarket,
    },
    earlier: { positions: earlier.positions, orders: earlier.orders },
  };
  await Deno.writeTextFile(`${dir}/bench.json`, JSON.stringify({ stamp, world }, null, 2));
  return world;
}
