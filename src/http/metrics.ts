/**
 * Prometheus metrics (DECISIONS 1.7): request counts and durations by route template and status, WebSocket
 * connections, ingest staleness (slot lag per chain, oracle age per feed), upstream (RPC and oracle) errors,
 * rate-limit rejections, CORS preflights by outcome, builder failures by error code, and the shared limit store's own
 * failures.
 *
 * Every label takes values from a closed set (known methods, route templates, status codes, error codes,
 * configured chains and feeds), so no request can mint new series. Ingest figures are read at scrape time from
 * the live status objects, so nothing has to push them.
 *
 * For the stream and builder code, the instruments to call are:
 *   metrics.wsOpened("v2") / metrics.wsClosed("v2")            ws_connections{stream}
 *   metrics.builderFailed("v2ClosePosition", "POSITION_NOT_FOUND")  builder_failures_total{operation, code}
 */
import client from "prom-client";
import type { IngestStatus } from "../ingest/status.ts";
import type { Clock } from "../state/clock.ts";
import type { PriceStore } from "../state/price-store.ts";
import { CHAINS } from "../state/types.ts";
import type { ErrorCode } from "./errors.ts";
import type { routes as v2Routes } from "../../gen/v2/routes.ts";
import type { routes as earlierRoutes } from "../../gen/earlier/routes.ts";
import { RequestSeries } from "./request-series.ts";

/** An operationId of either interface (a closed set, so it is a safe label value). */
export type OperationId = keyof typeof v2Routes | keyof typeof earlierRoutes;

export interface MetricsSources {
  ingest: IngestStatus;
  prices: PriceStore;
  clock: Clock;
}

/** Methods that get their own label value; anything else is answered before bookkeeping (src/http/app.ts). */
export const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]);

/** The label value of a route no template matched (unknown paths), and of an unknown method. */
export const OTHER = "other";

/** The two WebSocket streams: `GET /v2/owner/{owner}/ws` and `GET /owner/{owner}/ws`. */
export type StreamName = "v2" | "earlier";

/** Where the REST rate limit and the WebSocket slots are counted. */
export type LimitStoreName = "memory" | "redis";

/** Upper bound of distinct request series kept (a safety net; the labels are closed). */
const MAX_REQUEST_SERIES = 10_000;

export class ServiceMetrics {
  readonly registry = new client.Registry();
  /** `http_requests_total` and `http_request_duration_seconds`, updated on every request (request-series.ts). */
  readonly requests: RequestSeries;
  readonly wsConnections: client.Gauge<"stream">;
  readonly rateLimited: client.Counter<"store">;
  readonly corsPreflights: client.Counter<"origin">;
  readonly builderFailures: client.Counter<"operation" | "code">;
  readonly limitStoreErrors: client.Counter<"store" | "operation">;
  readonly connectionsEnded: client.Counter<"reason">;
  readonly clientAborts: client.Counter;
  /** Open connections, as the listener counts them (none until it is watched). */
  #openConnections: () => number = () => 0;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    this.requests = new RequestSeries({
      counterName: "http_requests_total",
      counterHelp: "HTTP requests answered, by method, route template and status.",
      histogramName: "http_request_duration_seconds",
      histogramHelp: "Time to answer an HTTP request, by method, route template and status.",
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      maxSeries: MAX_REQUEST_SERIES,
    });
    // prom-client formats them at scrape time like its own instruments; only their updates are this app's.
    this.registry.registerMetric(this.requests.counter as unknown as client.Metric);
    this.registry.registerMetric(this.requests.histogram as unknown as client.Metric);
    this.wsConnections = new client.Gauge({
      name: "ws_connections",
      help: "Open WebSocket connections on this replica, by stream.",
      labelNames: ["stream"],
      registers,
    });
    for (const stream of ["v2", "earlier"] as const) this.wsConnections.set({ stream }, 0);
    this.rateLimited = new client.Counter({
      name: "rate_limit_rejections_total",
      help: "Requests refused with 429 by the REST rate limit, by the store that counted them.",
      labelNames: ["store"],
      registers,
    });
    this.corsPreflights = new client.Counter({
      name: "cors_preflights_total",
      help: "CORS preflights (OPTIONS) answered, by whether their origin is allowed (CORS_ORIGINS) or refused.",
      labelNames: ["origin"],
      registers,
    });
    for (const origin of ["allowed", "refused"]) this.corsPreflights.inc({ origin }, 0);
    this.builderFailures = new client.Counter({
      name: "builder_failures_total",
      help: "Transaction-builder and quote requests that failed, by operationId and error code.",
      labelNames: ["operation", "code"],
      registers,
    });
    this.limitStoreErrors = new client.Counter({
      name: "limit_store_errors_total",
      help: "Failed calls to the shared limit store (Redis); the limit then fails open on this replica.",
      labelNames: ["store", "operation"],
      registers,
    });
    const openConnections = () => this.#openConnections();
    new client.Gauge({
      name: "http_connections",
      help: "Open client connections (HTTP and WebSocket) on this replica.",
      registers,
      collect() {
        this.set(openConnections());
      },
    });
    this.connectionsEnded = new client.Counter({
      name: "http_connections_ended_total",
      help: "Client connections the service ended itself, by reason: refused at HTTP_MAX_CONNECTIONS (`refused`), " +
        "a missed deadline (`headers`, `request`, `write`, `keepAlive`), HTTP/2 cleartext (`h2c`), a WebSocket " +
        "without its pong (`pong`) or sending an oversized message (`message-too-big`).",
      labelNames: ["reason"],
      registers,
    });
    this.clientAborts = new client.Counter({
      name: "http_client_aborts_total",
      help: "Requests whose client went away before its body arrived (not counted as answers).",
      registers,
    });
    // Ages on the service clock (the recording's timeline in replay mode); -1 before the first reading.
    const ageSeconds = (reading: number | null) =>
      reading === null ? -1 : Math.max(0, sources.clock.nowMs() - reading) / 1000;
    new client.Gauge({
      name: "ingest_slot",
      help: "Last slot seen per chain.",
      labelNames: ["chain"],
      registers,
      collect() {
        for (const chain of CHAINS) this.set({ chain }, sources.ingest.chains[chain].lastSlot);
      },
    });
    new client.Gauge({
      name: "ingest_slot_lag_seconds",
      help: "Seconds since each chain's highest seen slot last moved forward; grows while the chain, or this " +
        "service's view of it, lags or stalls (-1 before the first).",
      labelNames: ["chain"],
      registers,
      collect() {
        for (const chain of CHAINS) this.set({ chain }, ageSeconds(sources.ingest.chains[chain].slotAdvancedAtMs));
      },
    });
    new client.Gauge({
      name: "ingest_last_update_age_seconds",
      help: "Seconds since the last account data or slot notification arrived per chain (-1 before the first).",
      labelNames: ["chain"],
      registers,
      collect() {
        for (const chain of CHAINS) this.set({ chain }, ageSeconds(sources.ingest.chains[chain].lastUpdateMs));
      },
    });
    new client.Gauge({
      name: "ingest_blockhash_age_seconds",
      help: "Seconds since each chain's blockhash was last refreshed (builders refuse it past 60 s; -1 before the " +
        "first).",
      labelNames: ["chain"],
      registers,
      collect() {
        for (const chain of CHAINS) this.set({ chain }, ageSeconds(sources.ingest.chains[chain].lastBlockhashMs));
      },
    });
    new client.Counter({
      name: "ingest_closes_detected_total",
      help: "Accounts removed per chain because the existence check found them closed (or no longer the program's).",
      labelNames: ["chain"],
      registers,
      collect() {
        this.reset();
        for (const chain of CHAINS) this.inc({ chain }, sources.ingest.chains[chain].closesDetected);
      },
    });
    new client.Gauge({
      name: "rpc_errors",
      help: "RPC errors counted by the chain sources since start, per chain.",
      labelNames: ["chain"],
      registers,
      collect() {
        for (const chain of CHAINS) this.set({ chain }, sources.ingest.chains[chain].errors);
      },
    });
    new client.Counter({
      name: "upstream_errors_total",
      help: "Errors from upstreams since start: the chain RPCs (rpc-base, rpc-er) and the oracle stream.",
      labelNames: ["upstream"],
      registers,
      collect() {
        // The sources keep their own monotonic counts; mirror them (reset + inc keeps the counter type).
        this.reset();
        this.inc({ upstream: "rpc-base" }, sources.ingest.chains.base.errors);
        this.inc({ upstream: "rpc-er" }, sources.ingest.chains.er.errors);
        this.inc({ upstream: "oracle" }, sources.ingest.oracle.errors);
      },
    });
    new client.Gauge({
      name: "ingest_reconnects",
      help: "Reconnections per chain since start.",
      labelNames: ["chain"],
      registers,
      collect() {
        for (const chain of CHAINS) this.set({ chain }, sources.ingest.chains[chain].reconnects);
      },
    });
    new client.Gauge({
      name: "ingest_connected",
      help: "1 while an upstream's session is up (a chain: socket open, subscriptions live; the oracle: a socket " +
        "subscribed), else 0 (also when it is not configured). The ages above say how long it has been.",
      labelNames: ["upstream"],
      registers,
      collect() {
        this.set({ upstream: "rpc-base" }, sources.ingest.chains.base.connected ? 1 : 0);
        this.set({ upstream: "rpc-er" }, sources.ingest.chains.er.connected ? 1 : 0);
        this.set({ upstream: "oracle" }, sources.ingest.oracle.connected ? 1 : 0);
      },
    });
    new client.Gauge({
      name: "ingest_first_load_done",
      help: "1 once a chain's first full load completed (until then its interface's chain reads answer 503 " +
        "STALE_DATA), else 0.",
      labelNames: ["chain"],
      registers,
      collect() {
        for (const chain of CHAINS) this.set({ chain }, sources.ingest.chains[chain].lastFullLoadMs === null ? 0 : 1);
      },
    });
    new client.Gauge({
      name: "oracle_last_frame_age_seconds",
      help: "Seconds since the last oracle frame (-1 before the first).",
      registers,
      collect() {
        this.set(ageSeconds(sources.ingest.oracle.lastFrameMs));
      },
    });
    new client.Gauge({
      name: "oracle_price_age_seconds",
      help: "Seconds since each configured feed's latest price was published (its feed update timestamp, the age " +
        "quotes judge staleness by), by numeric feed id.",
      labelNames: ["feed"],
      registers,
      collect() {
        // The store only holds the deployment's configured feeds, so the label set is bounded.
        this.reset();
        for (const entry of sources.prices.all()) {
          this.set({ feed: String(entry.feedId) }, ageSeconds(Number(entry.timestampUs / 1000n)));
        }
      },
    });
    new client.Gauge({
      name: "oracle_errors",
      help: "Oracle stream errors counted since start.",
      registers,
      collect() {
        this.set(sources.ingest.oracle.errors);
      },
    });
    new client.Gauge({
      name: "oracle_feeds_priced",
      help: "Configured feeds with at least one price.",
      registers,
      collect() {
        this.set(sources.prices.size);
      },
    });
  }

  /**
   * Records one answered request. `method` must already be a known method (or OTHER) and `route` a route
   * template (or OTHER).
   */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe(method, route, status, seconds);
  }

  /** A WebSocket of `stream` was accepted (call once per upgraded socket). */
  wsOpened(stream: StreamName): void {
    this.wsConnections.inc({ stream });
  }

  /** A WebSocket of `stream` closed, for whatever reason (call once per socket, from its single close path). */
  wsClosed(stream: StreamName): void {
    this.wsConnections.dec({ stream });
  }

  /** A builder or quote request failed with `code` (a 4xx/5xx answer or a 200 `err`), by its operationId. */
  builderFailed(operation: OperationId, code: ErrorCode): void {
    this.builderFailures.inc({ operation, code });
  }

  /** A request refused by the REST rate limit. */
  rateLimitRejected(store: LimitStoreName): void {
    this.rateLimited.inc({ store });
  }

  /** A CORS preflight was answered; a refused one names an origin missing from CORS_ORIGINS. */
  corsPreflight(allowed: boolean): void {
    this.corsPreflights.inc({ origin: allowed ? "allowed" : "refused" });
  }

  /** A call to the shared limit store failed (the caller fails open). */
  limitStoreFailed(store: LimitStoreName, operation: string): void {
    this.limitStoreErrors.inc({ store, operation });
  }

  /** Reads the open connection count from the listener at each scrape. */
  watchConnections(open: () => number): void {
    this.#openConnections = open;
  }

  /** The service ended a client connection itself (see `http_connections_ended_total` for the reasons). */
  connectionEnded(reason: string): void {
    this.connectionsEnded.inc({ reason });
  }

  /** A client went away before its request's body arrived. */
  clientAborted(): void {
    this.clientAborts.inc();
  }

  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
