/**
 * Before an interface's chains have completed their first full load (an RPC down since boot, past the boot's wait),
 * its chain reads have nothing true to answer: an owner would read as holding no positions, a pool as empty, a quote
 * as a zero balance. Those operations answer 503 STALE_DATA until the load completes (openapi/shared.yaml, the
 * registry); from then on a chain that goes stale is served as last ingested (DECISIONS 3.5) and health reports it.
 *
 * Exempt are the operations that read no chain account: health (its own `degraded` 503), prices (the oracle's, with
 * their PRICE_UNAVAILABLE), tokens (the configuration), and the documents. A test checks that every other
 * operation documents its 503.
 */
import type { HandlerTable } from "../../http/app.ts";
import { ApiError } from "../../http/errors.ts";
import { interfaceOf } from "../../http/mounts.ts";
import type { AppEnv, Services } from "../../services.ts";
import type { ProgramVersion } from "../../protocol/vocabulary.ts";
import type { MiddlewareHandler } from "hono";
import { chainsOf } from "./health.ts";

/** Operations that read no chain account, so answer the same before the first load. */
export const READ_NO_CHAIN = new Set([
  "v2GetHealth",
  "v2GetPrices",
  "v2GetPrice",
  "v2ListTokens",
  "v2GetOpenApiDocument",
  "getHealth",
  "getPrices",
  "getPriceBySymbol",
  "getTokens",
  "getOpenApiDocument",
  "getDocs",
]);

/**
 * The streams check it themselves, after the handshake checks (stream-upgrade.ts): a request that is no WebSocket
 * handshake learns that first (426).
 */
const CHECKED_BY_HANDLER = new Set(["v2OwnerBasketStream", "streamOwner"]);

/** Interfaces found loaded, per services: a first load never comes undone, so the check stops being made. */
const loaded = new WeakMap<Services, Set<ProgramVersion>>();

/** Whether every chain the interface reads has completed a first full load. */
export function firstLoadDone(services: Services, version: ProgramVersion): boolean {
  let done = loaded.get(services);
  if (done?.has(version)) return true;
  if (!chainsOf(services, version).every((chain) => services.ingest.chains[chain].lastFullLoadMs !== null)) {
    return false;
  }
  if (done === undefined) loaded.set(services, done = new Set());
  done.add(version);
  return true;
}

/** The 503 an operation of `version` answers before its chains' first load. */
export function notLoadedYet(version: ProgramVersion): ApiError {
  const what = version === "v2" ? "the v2 chains' data (base and ephemeral rollup)" : "the base chain's data";
  return new ApiError(503, "STALE_DATA", `${what} has not been loaded yet; retry later (health shows ingestion)`);
}

/**
 * `handlers` with every chain-reading handler refusing (503 STALE_DATA) until its interface's first load. The
 * request is validated before (the route's validator runs first), so a malformed request still gets its 400.
 */
export function awaitingFirstLoad(handlers: HandlerTable): HandlerTable {
  const guarded: Record<string, MiddlewareHandler<AppEnv>> = {};
  for (const [operationId, handler] of Object.entries(handlers as Record<string, MiddlewareHandler<AppEnv>>)) {
    if (READ_NO_CHAIN.has(operationId) || CHECKED_BY_HANDLER.has(operationId)) {
      guarded[operationId] = handler;
      continue;
    }
    const version = interfaceOf(operationId);
    guarded[operationId] = (c, next) => {
      if (!firstLoadDone(c.get("services"), version)) throw notLoadedYet(version);
      return handler(c, next);
    };
  }
  return guarded as HandlerTable;
}
