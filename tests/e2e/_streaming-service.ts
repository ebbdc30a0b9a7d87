/**
 * The service on the embedded world, listening on loopback through its connection layer (src/http/connections: the
 * stream front that serves the sockets in production), for the stream tests (virtual replay).
 */
import { loadConfig } from "../../src/config/env.ts";
import { createServiceApp } from "../../src/server.ts";
import { eventually } from "../helpers/eventually.ts";
import { serveOnLoopback, StreamClient } from "../helpers/streams.ts";

/** A service on the embedded world, listening on loopback, with the recording held at its first second. */
export async function streamingService(env: Record<string, string> = {}) {
  const service = await createServiceApp(loadConfig({ RATE_LIMIT_RPS: "0", ...env }), { replayMode: "virtual" });
  await service.start();
  const replay = service.replay!.replayer;
  replay.advanceTo(1_000);
  const feeds = service.services.deployments.v2.index.feedIds().length;
  await eventually(() => service.services.prices.size >= feeds ? true : undefined, "the first prices");
  const { server, port, base } = await serveOnLoopback(service.app.fetch, service.services.config);
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
      await server.shutdown();
    },
  };
}
