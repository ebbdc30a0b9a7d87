/**
 * The service on the embedded world, listening on loopback through its connection layer (src/http/connections: the
 * stream front that serves the sockets in production), for the stream tests (virtual replay).
 */
import { loadConfig } from "../../src/config/env.ts";
import { createServiceApp } from "../../src/server.ts";
import { eventually } from "../helpers/eventually.ts";
import { StreamClient } from "../helpers/streams.ts";
import { listen } from "../../src/http/connections/listener.ts";

/** A service on the embedded world, listening on loopback, with the recording held at its first second. */
export async function streamingService(env: Record<string, string> = {}) {
  const service = await createServiceApp(loadConfig({ RATE_LIMIT_RPS: "0", ...env }), { replayMode: "virtual" });
  await service.start();
  const replay = service.replay!.replayer;
  replay.advanceTo(1_000);
  const feeds = service.services.deployments.v2.index.feedIds().length;
  await eventually(() => service.services.prices.size >= feeds ? true : undefined, "the first prices");
  const config = service.services.config;
  const listener = await listen({
    hostname: "127.0.0.1",
    port: 0,
    fetch: service.app.fetch,
    timeouts: {
      headersMs: config.HTTP_HEADERS_TIMEOUT_MS,
      requestMs: config.HTTP_REQUEST_TIMEOUT_MS,
      writeMs: config.HTTP_WRITE_TIMEOUT_MS,
      keepAliveMs: config.HTTP_KEEPALIVE_TIMEOUT_MS,
    },
    webSocket: { maxMessageBytes: config.WS_MAX_MESSAGE_BYTES, pongTimeoutMs: config.WS_PONG_TIMEOUT_MS },
  });
  const port = listener.port;
  const base = `http://127.0.0.1:${port}`;
  const clients: StreamClient[] = [];
  const open = async (path: string) => {
    const client = new StreamClient(base, path);
    clients.push(client);
    await client.opened;
    return client;
  };
  return {
    service,
    replay,
    port,
    base,
    open,
    async close() {
      await service.stop();
      await Promise.all(clients.map((c) => c.closed));
      listener.close();
      await listener.drain(1_000);
    },
  };
}
