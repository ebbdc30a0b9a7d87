/**
 * The plain reads of both interfaces: the GET routes whose answer depends on nothing in the request but its path and
 * `If-None-Match` (health, prices, tokens, pool data). Their handlers answer from what is kept here, and the service's
 * edge (src/http/edge.ts) answers them from the same functions before the app is entered.
 *
 * A read gives `undefined` when its answer is not a plain 200 (no oracle price received yet, degraded health): the
 * handler's own path then answers it, with the app's error mapping.
 */
import type { PoolStatsDto } from "../../domain/views/pool-stats.ts";
import { entityTagOf } from "../../http/entity-tag.ts";
import type { PlainAnswer, PlainRead } from "../../http/edge.ts";
import type { JsonText, Services } from "../../services.ts";
import {
  earlierHealthBody,
  type HealthReadings,
  sameHealthReadings,
  v2HealthBodyOf,
  v2HealthReadings,
} from "./health.ts";

/**
 * The pool-data answers' shapes over the kept snapshot. One function each, so the cache serializes each shape once
 * per snapshot; the earlier snapshot has no per-market figures (those are v2's addition, DECISIONS 2.9).
 */
const v2AllPools = <T>(pools: readonly T[]) => ({ pools: [...pools] });
export const withoutMarkets = ({ marketStats: _, ...stats }: PoolStatsDto) => stats;
const earlierAllPools = (pools: readonly PoolStatsDto[]) => ({ pools: pools.map(withoutMarkets) });

/** `GET /v2/pool-data`'s kept JSON. */
export const v2PoolDataJson = (services: Services) => services.deployments.v2.poolStats.json(v2AllPools);
/** `GET /pool-data`'s kept JSON. */
export const earlierPoolDataJson = (services: Services) => services.deployments.earlier.poolStats.json(earlierAllPools);

/** Each kept JSON's answer, made once per kept text: a read then costs one lookup and allocates nothing. */
const keptAnswers = new WeakMap<JsonText<unknown>, PlainAnswer>();

function kept(json: JsonText<unknown>): PlainAnswer {
  let answer = keptAnswers.get(json);
  if (answer === undefined) {
    keptAnswers.set(json, answer = { json: json.text, etag: entityTagOf(json), identity: json });
  }
  return answer;
}

/**
 * A health read's 200s: its body carries the clock to the millisecond, so it may change from one request to the next,
 * but while its readings are the last answer's (the same millisecond, nothing else moved: a busy service answers many
 * health checks per millisecond) it is the same answer: not serialized again, and sent by the edge from the Response it
 * built for it (health.ts: `HealthReadings`).
 */
function okHealthAnswers<R extends HealthReadings>(read: () => R, bodyOf: (readings: R) => unknown): PlainRead {
  let last: { readings: R; answer: PlainAnswer } | undefined;
  return () => {
    const readings = read();
    if (readings.status !== "ok") return undefined;
    if (last === undefined || !sameHealthReadings(last.readings, readings)) {
      last = { readings, answer: { json: JSON.stringify(bodyOf(readings)), identity: {} } };
    }
    return last.answer;
  };
}

/** The plain reads by path (each path is its route's template). */
export function plainReadsOf(services: Services): ReadonlyMap<string, PlainRead> {
  const { v2, earlier } = services.deployments;
  const priced = (json: () => JsonText<unknown>) => () => services.prices.size === 0 ? undefined : kept(json());
  return new Map<string, PlainRead>([
    ["/v2/health", okHealthAnswers(() => v2HealthReadings(services), (readings) => v2HealthBodyOf(services, readings))],
    ["/health", okHealthAnswers(() => earlierHealthBody(services), (body) => body)],
    ["/v2/prices", priced(() => v2.priceMap.json)],
    ["/prices", priced(() => earlier.priceMap.json)],
    ["/v2/tokens", () => kept(v2.tokenList.json)],
    ["/tokens", () => kept(earlier.tokenList.json)],
    ["/v2/pool-data", () => kept(v2PoolDataJson(services))],
    ["/pool-data", () => kept(earlierPoolDataJson(services))],
  ]);
}
