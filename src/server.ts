/**
 * Assembles the running service from a validated configuration: the shared limits (src/limits), services
 * (src/runtime/boot.ts), middleware and the app. Separate from main.ts so tests and benchmarks build the same
 * thing in-process.
 *
 * In front of the app is its edge (src/http/fast-path/edge.ts): unknown methods refused, CORS preflights answered, and
 * every other request observed (request id, CORS headers, metrics, one log line), plain reads answered without the app.
 * In the app, every request gets the services and passes the rate limit, then routing and validation.
 */
import type { AppEnv } from "./services.ts";
import type { Config } from "./config/env.ts";
import { createApp } from "./http/app.ts";
import { type Logger, silentLogger } from "./http/logger.ts";
import type { ServiceMetrics } from "./http/metrics.ts";
import { corsAnswerLabel, corsPreflights } from "./http/middleware/cors.ts";
import { answerRecorder } from "./http/middleware/observe.ts";
import { rateLimit, type RateLimitOptions, requestLimiter } from "./http/middleware/rate-limit.ts";
import { assertMountsDisjoint, mountsOf } from "./http/mounts.ts";
import { joinExchange, serviceEdge } from "./http/fast-path/edge.ts";
import { handlers } from "./handlers/mod.ts";
import { awaitingFirstLoad } from "./handlers/shared/first-load.ts";
import { plainReadsOf } from "./http/fast-path/plain-reads.ts";
import { cachedReadsOf } from "./http/fast-path/cached-reads.ts";
import { createLimits } from "./limits/mod.ts";
import { boot, type BootOptions } from "./runtime/boot.ts";
import type { Clock } from "./state/clock.ts";
import { createMiddleware } from "hono/factory";
import type { ListenOptions } from "./http/connections/listener.ts";

export interface ServiceAppOptions extends BootOptions {
  /**
   * Where logs go. Default: nowhere, so tests and benchmarks that build the service in-process stay quiet; the
   * process (src/main.ts) passes JSON lines at config LOG_LEVEL.
   */
  logger?: Logger;
  /** Clock of the rate limit and connection leases (default: the wall clock, even during a replay). */
  limitsClock?: Clock;
}

export async function createServiceApp(config: Config, options: ServiceAppOptions = {}) {
  const logger = options.logger ?? silentLogger;
  // Before anything starts: mounts under which both interfaces would answer one request stop the boot (ConfigError).
  const mounts = mountsOf(config);
  assertMountsDisjoint(mounts);
  // The metrics exist only after boot; the Redis store may report a failure before (it connects first).
  const late: { metrics?: ServiceMetrics } = {};
  const shared = await createLimits(config, {
    logger,
    clock: options.limitsClock,
    onFailure: (store, operation) => late.metrics?.limitStoreFailed(store, operation),
  });
  const runtime = await boot(config, {
    log: (message) => logger.info(message),
    warn: (message) => logger.warn(message),
    ...options,
    limits: shared.limits,
  });
  const { services } = runtime;
  late.metrics = services.metrics;
  const enterApp = createMiddleware<AppEnv>((c, next) => {
    joinExchange(c);
    c.set("services", services);
    return next();
  });
  const rateOptions: RateLimitOptions = {
    ratePerSecond: config.RATE_LIMIT_RPS,
    burst: config.RATE_LIMIT_BURST,
    trustProxy: config.TRUST_PROXY,
    clock: options.limitsClock,
    store: services.limits.requests,
    onReject: (store) => services.metrics.rateLimitRejected(store),
    onStoreError: (error) => {
      services.metrics.limitStoreFailed("redis", "rate-limit");
      logger.enabled("debug") && logger.debug("rate-limit store failed", { error });
    },
  };
  // Off (RATE_LIMIT_RPS=0): not on the request path at all, rather than a layer that passes every request on.
  const limiter = config.RATE_LIMIT_RPS > 0 ? requestLimiter(rateOptions) : undefined;
  const app = createApp({
    // Chain reads answer 503 STALE_DATA until their interface's first load (handlers/shared/first-load.ts).
    handlers: awaitingFirstLoad(handlers),
    logger,
    mounts,
    middleware: [enterApp, ...(limiter ? [rateLimit(rateOptions, limiter)] : [])],
  });
  // `app.request()` goes through `app.fetch` too, so tests meet the service exactly as Deno.serve does.
  app.fetch = serviceEdge(app.fetch, {
    reads: plainReadsOf(services),
    cachedReads: cachedReadsOf(services),
    preflight: corsPreflights({
      origins: config.CORS_ORIGINS,
      onPreflight: (allowed) => services.metrics.corsPreflight(allowed),
    }),
    record: answerRecorder({ metrics: services.metrics, logger }),
    labelCors: corsAnswerLabel(config.CORS_ORIGINS),
    limiter,
    trustProxy: config.TRUST_PROXY,
    quotes: services.quotes,
  });
  const stop = async () => {
    await runtime.stop();
    await shared.close();
  };
  return {
    app,
    services,
    logger,
    start: runtime.start,
    closeStreams: runtime.closeStreams,
    stop,
    replay: runtime.replay,
  };
}

/** The connection layer's bounds from the configuration (src/http/connections): the listener's options but where. */
export function connectionBounds(config: Config): Pick<ListenOptions, "timeouts" | "maxConnections" | "webSocket"> {
  return {
    timeouts: {
      headersMs: config.HTTP_HEADERS_TIMEOUT_MS,
      requestMs: config.HTTP_REQUEST_TIMEOUT_MS,
      writeMs: config.HTTP_WRITE_TIMEOUT_MS,
      keepAliveMs: config.HTTP_KEEPALIVE_TIMEOUT_MS,
    },
    maxConnections: config.HTTP_MAX_CONNECTIONS,
    webSocket: { maxMessageBytes: config.WS_MAX_MESSAGE_BYTES, pongTimeoutMs: config.WS_PONG_TIMEOUT_MS },
  };
}
