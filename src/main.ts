/**
 * Entry point: `deno task start`. Validates the configuration, assembles the services, serves HTTP through the
 * connection layer (src/http/connections: every connection bounded) and the metrics on their own listener, and
 * shuts down gracefully on SIGTERM/SIGINT within SHUTDOWN_TIMEOUT_MS (stream sockets close with 1001, in-flight
 * requests finish, sources and timers stop; what is left at the deadline is dropped and the process exits 0).
 *
 * Run it with `--v8-flags=--no-allocation-site-pretenuring` (the `start` task and the Dockerfile do). Streaming to
 * thousands of owners allocates every message's figures at the same few allocation sites; after a burst where many of
 * them survive (connections opening), V8 starts allocating those sites straight into the old generation, and from
 * then on each second's short-lived figures pile up there until a full collection. Measured by `deno task bench:ws`
 * with 10,000 sockets: the JS heap grew by about 40 MiB/s to over 1 GiB between full collections; with the flag it
 * stays flat (about 360 MiB) at the same cost, and cold start is unchanged.
 */
import "./runtime/quiet-punycode.ts"; // first: before any module that loads web3.js
import { ConfigError, loadConfig } from "./config/env.ts";
import { connectionBounds, createServiceApp } from "./server.ts";
import { createLogger, type Logger } from "./http/logger.ts";
import type { ServiceMetrics } from "./http/metrics.ts";
import { serveMetrics } from "./http/metrics-listener.ts";
import { type ConnectionEvents, listen, type Listening } from "./http/connections/listener.ts";

async function main() {
  let config;
  try {
    config = loadConfig(Deno.env.toObject());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      Deno.exit(2);
    }
    throw error;
  }

  const logger = createLogger({ level: config.LOG_LEVEL });
  let service;
  try {
    service = await createServiceApp(config, { logger });
  } catch (error) {
    // A recording or a deployment configuration that cannot be read: one line naming its variable, as a bad value is.
    if (error instanceof ConfigError) {
      console.error(error.message);
      Deno.exit(2);
    }
    throw error;
  }
  const { app, services, start, closeStreams, stop } = service;
  // Set once serving: a shutdown during the boot's wait has nothing to close yet.
  const serving: { listener?: Listening; metrics?: Deno.HttpServer } = {};
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal, deadlineMs: config.SHUTDOWN_TIMEOUT_MS });
    const started = Date.now();
    // Whatever still holds the process past the deadline (a client, an upstream) is dropped: exit 0 regardless.
    const deadline = setTimeout(() => {
      logger.warn("shutdown deadline passed: exiting with connections still open", {
        open: serving.listener?.open ?? 0,
      });
      Deno.exit(0);
    }, config.SHUTDOWN_TIMEOUT_MS);
    // WebSockets first: they close with 1001 (going away); then no new connection, idle ones closed, requests in
    // flight finished (what remains near the deadline is dropped).
    closeStreams();
    serving.listener?.close();
    await serving.listener?.drain(Math.max(0, config.SHUTDOWN_TIMEOUT_MS - DEADLINE_MARGIN_MS));
    await serving.metrics?.shutdown();
    // During the boot's wait for a first load, this also ends the wait (start() then returns at once).
    await stop();
    clearTimeout(deadline);
    logger.info("stopped", { ms: Date.now() - started });
    Deno.exit(0);
  };
  // Before the boot's wait: a SIGTERM while an upstream is down is a graceful stop too, not the default kill (which,
  // as a container's PID 1, was seen to end in a segmentation fault).
  for (const signal of ["SIGTERM", "SIGINT"] as const) Deno.addSignalListener(signal, () => void shutdown(signal));
  await start();
  if (stopping) return; // shutdown() exits once the sources are stopped
  const listener = serving.listener = await listen({
    hostname: config.HOST,
    port: config.PORT,
    fetch: app.fetch,
    ...connectionBounds(config),
    events: connectionEvents(services.metrics, logger),
  });
  services.metrics.watchConnections(() => listener.open);
  logger.info("listening", {
    url: `http://${listener.hostname}:${listener.port}`,
    maxConnections: listener.maxConnections,
  });
  if (config.METRICS_PORT !== "off") {
    try {
      serving.metrics = serveMetrics({
        hostname: config.METRICS_HOST,
        port: config.METRICS_PORT,
        metrics: services.metrics,
        onListen: ({ hostname, port }) => logger.info("metrics listening", { url: `http://${hostname}:${port}` }),
      });
    } catch (error) {
      // The API matters more than its metrics: serve on, and say so (a liveness probe on /livez will say it too).
      logger.error("metrics listener not started: METRICS_HOST/METRICS_PORT cannot be bound", {
        error: errorText(error),
      });
    }
  }
}

/** Kept for stopping the sources after the drain, within the deadline. */
const DEADLINE_MARGIN_MS = 1000;

/** How often at most a refusal at the connection limit is logged (each one is counted). */
const REFUSAL_LOG_INTERVAL_MS = 10_000;

function connectionEvents(metrics: ServiceMetrics, logger: Logger): ConnectionEvents {
  let lastRefusalLog = 0;
  return {
    refused: () => {
      metrics.connectionEnded("refused");
      if (Date.now() - lastRefusalLog < REFUSAL_LOG_INTERVAL_MS) return;
      lastRefusalLog = Date.now();
      logger.warn("connection limit reached: new connections closed (HTTP_MAX_CONNECTIONS)");
    },
    closed: (reason) => metrics.connectionEnded(reason),
    failed: (what, error) => logger.warn("connection failed", { what, error: errorText(error) }),
  };
}

const errorText = (error: unknown) => error instanceof Error ? `${error.name}: ${error.message}` : String(error);

if (import.meta.main) await main();
