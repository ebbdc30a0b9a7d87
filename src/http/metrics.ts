/**
 * Prometheus metrics (DECISIONS 1.7): request counts and durations by route and status, WebSocket connections,
 * ingest lag (slot and oracle age), RPC errors, rate-limit rejections. Ingest figures are read at scrape time
 * from the live status objects, so nothing has to push them.
 */
import client from "prom-client";
import type { MiddlewareHandler } from "hono";
import type { IngestStatus } from "../ingest/status.ts";
import type { Clock } from "../state/clock.ts";
import type { PriceStore } from "../state/price-store.ts";
import { CHAINS } from "../state/types.ts";

export interface MetricsSources {
  ingest: IngestStatus;
  prices: PriceStore;
  clock: Clock;
}

export class ServiceMetrics {
  readonly registry = new client.Registry();
  readonly requests: client.Counter<"method" | "route" | "status">;
  readonly requestSeconds: client.Histogram<"method" | "route" | "status">;
  readonly wsConnections: client.Gauge<"stream">;
  readonly rateLimited: client.Counter;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    this.requests = new client.Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by route template and status.",
      labelNames: ["method", "route", "status"],
      registers,
    });
    this.requestSeconds = new client.Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route template and status.",
      labelNames: ["method", "route", "status"],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    });
    this.wsConnections = new client.Gauge({
      name: "ws_connections",
      help: "Open WebSocket connections, by stream.",
      labelNames: ["stream"],
      registers,
    });
    this.rateLimited = new client.Counter({
      name: "rate_limit_rejections_total",
      help: "Requests refused with 429 by the REST rate limit.",
      registers,
    });
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
      name: "ingest_last_update_age_seconds",
      help: "Seconds since the last account data arrived per chain (-1 before the first).",
      labelNames: ["chain"],
      registers,
      collect() {
        const now = sources.clock.nowMs();
        for (const chain of CHAINS) {
          const last = sources.ingest.chains[chain].lastUpdateMs;
          this.set({ chain }, last === null ? -1 : (now - last) / 1000);
        }
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
      name: "oracle_last_frame_age_seconds",
      help: "Seconds since the last oracle frame (-1 before the first).",
      registers,
      collect() {
        const last = sources.ingest.oracle.lastFrameMs;
        this.set(last === null ? -1 : (sources.clock.nowMs() - last) / 1000);
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

  /** Counts and times every request by its route template (not the concrete path: bounded label values). */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const started = performance.now();
      await next();
      const labels = { method: c.req.method, route: c.req.routePath ?? "unmatched", status: String(c.res.status) };
      this.requests.inc(labels);
      this.requestSeconds.observe(labels, (performance.now() - started) / 1000);
    };
  }

  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
