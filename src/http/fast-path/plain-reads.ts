/**
 * The plain reads of both interfaces: the GET routes whose answer depends on nothing in the request but its path and
 * `If-None-Match` (health, prices, tokens, pool data). The edge (edge.ts) answers them from the functions here before
 * the app is entered; their handlers answer from the same caches (the runtime's cached JSON, the health bodies).
 *
 * A read gives `undefined` when its answer is not a plain 200 (no oracle price received yet, degraded health, pool data
 * before the first load): the handler's own path then answers it, with the app's error mapping.
 */
import { entityTagOf } from "../entity-tag.ts";
import type { PlainAnswer, PlainRead } from "./edge.ts";
import type { JsonText, Services } from "../../services.ts";
import type { ProgramVersion } from "../../protocol/vocabulary.ts";
import { chainsOf, earlierHealthBody, ingestionIsStale, v2HealthBody } from "../../handlers/shared/health.ts";
import { firstLoadDone } from "../../handlers/shared/first-load.ts";
import { earlierPoolDataJson, v2PoolDataJson } from "../../handlers/shared/pool-data.ts";
import { type InterfaceName, mountsOf, operationPath } from "../mounts.ts";

/** Each cached JSON's answer, made once per cached text: a read then costs one lookup and allocates nothing. */
const cachedAnswers = new WeakMap<JsonText<unknown>, PlainAnswer>();

function cachedAnswer(json: JsonText<unknown>): PlainAnswer {
  let answer = cachedAnswers.get(json);
  if (answer === undefined) {
    cachedAnswers.set(json, answer = { json: json.text, etag: entityTagOf(json), identity: json });
  }
  return answer;
}

/**
 * A health read's 200s. Its body carries the clock to the millisecond, so it may change from one request to the
 * next; but what it is made of changes only with the clock's millisecond, a jump of the clock back (the replay
 * position follows the two: ServiceClock), and the account counts (their `generation`), the rest being fixed for the
 * deployment. So a body is made and serialized once per such moment, and every request in it gets the same answer,
 * sent by the edge from the Response it built for it: a busy service answers many health checks per millisecond, and
 * reading the counts, the replay position and the clock fields anew per request and comparing them with the last
 * answer's was a large share of the request's JavaScript (bench/HISTORY.md).
 *
 * Whether ingestion is stale is read on every request, from the ingest status, which the sources write field by
 * field: degraded, the read has no plain 200 and the app answers its 503.
 */
function okHealthAnswers(
  services: Services,
  version: ProgramVersion,
  bodyAt: (now: number) => unknown,
): PlainRead {
  const chains = chainsOf(services, version);
  const counts = services.deployments[version].counts;
  let cached: { clockMs: number; rewinds: number; countsGeneration: number; answer: PlainAnswer } | undefined;
  return () => {
    const clock = services.clock;
    const now = clock.nowMs();
    if (ingestionIsStale(services, chains, now)) return undefined;
    const clockMs = Math.floor(now);
    const rewinds = clock.rewinds();
    // Undefined while the counts are not cached (a service not started): then nothing is cached here either.
    const countsGeneration = counts.generation;
    if (
      cached !== undefined && cached.clockMs === clockMs && cached.rewinds === rewinds &&
      cached.countsGeneration === countsGeneration
    ) return cached.answer;
    const answer: PlainAnswer = { json: JSON.stringify(bodyAt(now)), identity: {} };
    cached = countsGeneration === undefined ? undefined : { clockMs, rewinds, countsGeneration, answer };
    return answer;
  };
}

/**
 * The plain reads by path (each path is its route's template): each operation's path from the generated route table
 * at its interface's mount (src/http/mounts.ts), computed here once; an interface that is off has none.
 */
export function plainReadsOf(services: Services): ReadonlyMap<string, PlainRead> {
  const { v2, earlier } = services.deployments;
  const mounts = mountsOf(services.config);
  const priced = (json: () => JsonText<unknown>) => () => services.prices.size === 0 ? undefined : cachedAnswer(json());
  const reads: [InterfaceName, string, PlainRead][] = [
    ["v2", "v2GetHealth", okHealthAnswers(services, "v2", (now) => v2HealthBody(services, now))],
    ["earlier", "getHealth", okHealthAnswers(services, "earlier", (now) => earlierHealthBody(services, now))],
    ["v2", "v2GetPrices", priced(() => v2.priceMap.json)],
    ["earlier", "getPrices", priced(() => earlier.priceMap.json)],
    ["v2", "v2ListTokens", () => cachedAnswer(v2.tokenList.json)],
    ["earlier", "getTokens", () => cachedAnswer(earlier.tokenList.json)],
    // Before the first load the app answers (503 STALE_DATA: first-load.ts).
    ["v2", "v2GetPoolData", () => firstLoadDone(services, "v2") ? cachedAnswer(v2PoolDataJson(services)) : undefined],
    [
      "earlier",
      "getPoolData",
      () => firstLoadDone(services, "earlier") ? cachedAnswer(earlierPoolDataJson(services)) : undefined,
    ],
  ];
  return new Map(reads.flatMap(([iface, operationId, read]) => {
    const path = operationPath(mounts, iface, operationId);
    return path === undefined ? [] : [[path, read] as const];
  }));
}
