/**
 * Request observation, as the service's edge (src/http/fast-path/edge.ts) gives it to every request: an id, and when
 * the request is answered, a sample in `/metrics` (by method, route template and status) and one structured log line
 * (its level: `requestLevel`).
 *
 * The id is the client's `X-Request-Id` when that is a sane token (so a trace can cross a proxy), otherwise a
 * fresh UUID; either way it is echoed in the `X-Request-Id` response header and logged as `requestId`.
 */
import type { Context } from "hono";
import type { Logger } from "../logger.ts";
import { OTHER, type ServiceMetrics } from "../metrics.ts";
import { CLIENT_CLOSED_REQUEST } from "../errors.ts";
import { BoundedMemo } from "../../protocol/memo.ts";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** Printable token characters only, bounded: an id that goes into headers and logs must not carry anything else. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@\/+=-]{1,128}$/;

export function requestIdFor(incoming: string | undefined): string {
  return incoming !== undefined && SANE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}

/** Longest path written to a log line (a request head may be 64 KiB). */
const MAX_LOGGED_PATH = 256;

/**
 * The route template that answered, as Hono registered it (`/v2/owner/:owner`), or OTHER when none did (an
 * unknown path answered by notFound). Middleware registered for every path ("*") is not a route.
 */
export function routeTemplate(c: Context): string {
  const matched = c.req.matchedRoutes;
  for (let i = matched.length - 1; i >= 0; i--) {
    const route = matched[i];
    if (route.method !== "ALL") return route.path;
  }
  return OTHER;
}

/**
 * The request line's fields as JSON members, written out by hand: every value but the path comes from a closed or
 * checked set (a sane request id, a known method or OTHER, a route template, a status), so only the path (and, to
 * be safe, the route) goes through JSON.stringify. Half the cost of serializing a fields object per request.
 */
export function requestLine(
  requestId: string,
  method: string,
  path: string,
  route: string,
  status: number,
  seconds: number,
): string {
  const quotedRoute = quotedRouteOf(route);
  // A path without parameters is its route template (a plain read's): quoted once with it.
  const quotedPath = path === route
    ? quotedRoute
    : JSON.stringify(path.length > MAX_LOGGED_PATH ? path.slice(0, MAX_LOGGED_PATH) + "…" : path);
  return `"requestId":"${requestId}","method":"${method}","path":${quotedPath},"route":${quotedRoute},"status":${status},"durationMs":${
    millisecondsText(seconds)
  }`;
}

/** `.001` … `.999` without trailing zeros, and "" for a whole number of milliseconds. */
const FRACTIONS = Array.from(
  { length: 1000 },
  (_, i) => i === 0 ? "" : `.${String(i).padStart(3, "0")}`.replace(/0+$/, ""),
);

/**
 * `seconds` as milliseconds rounded to the microsecond, written as `Math.round(seconds * 1e6) / 1e3` prints (`1.235`,
 * `1.23`, `0.005`, `12`), from whole numbers: a fractional number would be printed by the engine's runtime, the
 * costliest step of a request line.
 */
export function millisecondsText(seconds: number): string {
  const micros = Math.round(seconds * 1e6);
  const fraction = micros % 1000;
  return micros >= 0 && micros <= 0x3fffffff
    ? `${(micros - fraction) / 1000}${FRACTIONS[fraction]}`
    : `${micros / 1e3}`;
}

/**
 * Route templates as JSON strings, each quoted once: the templates are a closed set (and OTHER); the bound is a safety
 * net, as for the metric series.
 */
const quotedRoutes = new BoundedMemo<string, string>(1024);

function quotedRouteOf(route: string): string {
  return quotedRoutes.get(route, JSON.stringify);
}

export interface ObserveOptions {
  metrics: ServiceMetrics;
  logger: Logger;
}

/**
 * What is kept of an answered request: one metrics sample and, at a level that logs it, one request line. `polled`:
 * a plain read (health, prices, tokens, pool data), which load balancers and screens poll.
 */
export type RecordAnswer = (
  requestId: string,
  method: string,
  path: string,
  route: string,
  status: number,
  startedMs: number,
  polled?: boolean,
) => void;

/**
 * The level of a request line: `error` for a 5xx, `info` for any other, except a polled read answered 200 or 304,
 * which is `debug`. Those are most of the requests a service gets (a load balancer's health probes, every open
 * screen's price polls) and tell nothing the metrics do not count by route and status; writing their line was 1.4–1.8
 * µs of a plain read's 8–9 µs of CPU (README, Benchmarks). `LOG_LEVEL=debug` writes them too.
 */
export function requestLevel(status: number, polled: boolean): "error" | "info" | "debug" {
  return status >= 500 ? "error" : polled && status < 400 ? "debug" : "info";
}

/**
 * How the service's edge (src/http/fast-path/edge.ts) records every answer. `method` is a known method, `route` a route
 * template or OTHER.
 */
export function answerRecorder({ metrics, logger }: ObserveOptions): RecordAnswer {
  return (requestId, method, path, route, status, startedMs, polled = false) => {
    if (status === CLIENT_CLOSED_REQUEST) {
      // A client that went away is not a server error: counted apart, one line at info, no stack.
      metrics.clientAborted();
      logger.info("client aborted its request", { requestId, method, path: path.slice(0, 256), route });
      return;
    }
    const seconds = (performance.now() - startedMs) / 1000;
    metrics.observeRequest(method, route, status, seconds);
    const level = requestLevel(status, polled);
    if (logger.enabled(level)) {
      logger.serialized(level, "request", requestLine(requestId, method, path, route, status, seconds));
    }
  };
}
