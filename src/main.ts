/**
 * Entry point: `deno task start`. Validates the configuration, assembles the services, serves HTTP and
 * shuts down gracefully on SIGTERM/SIGINT (stream sockets close with 1001, in-flight requests finish, sources and
 * timers stop).
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
import { createServiceApp } from "./server.ts";
import { createLogger } from "./http/logger.ts";

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
  const { app, start, closeStreams, stop } = service;
  // Set once serving: a shutdown during the boot's wait has no server to stop yet.
  const serving: { server?: Deno.HttpServer } = {};
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal });
    // WebSockets first: they close with 1001 (going away) instead of holding the server's shutdown open.
    closeStreams();
    await serving.server?.shutdown();
    // During the boot's wait for a first load, this also ends the wait (start() then returns at once).
    await stop();
    Deno.exit(0);
  };
  // Before the boot's wait: a SIGTERM while an upstream is down is a graceful stop too, not the default kill (which,
  // as a container's PID 1, was seen to end in a segmentation fault).
  for (const signal of ["SIGTERM", "SIGINT"] as const) Deno.addSignalListener(signal, () => void shutdown(signal));
  await start();
  if (stopping) return; // shutdown() exits once the sources are stopped
  const server = serving.server = Deno.serve(
    {
      hostname: config.HOST,
      port: config.PORT,
      onListen: ({ hostname, port }) => logger.info("listening", { url: `http://${hostname}:${port}` }),
    },
    app.fetch,
  );
  await server.finished;
}

if (import.meta.main) await main();
