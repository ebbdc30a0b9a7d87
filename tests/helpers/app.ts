/** The service app as tests build it: the embedded defaults, in-process, no listening socket. */
import { loadConfig } from "../../src/config/env.ts";
import { createServiceApp, type ServiceAppOptions } from "../../src/server.ts";
import { eventually } from "./eventually.ts";

export async function testApp(env: Record<string, string> = {}) {
  return (await testService(env)).app;
}

/** The same, with its services (metrics, stores). */
export function testService(env: Record<string, string> = {}) {
  return createServiceApp(loadConfig({ RATE_LIMIT_RPS: "0", ...env }));
}

/**
 * The service on the embedded world, started on a virtual replay clock one second in, with oracle prices received
 * and pool statistics computed: what the read endpoints serve (`env` adds to its configuration). The caller stops it.
 */
export async function startedReadService(env: Record<string, string> = {}, options: ServiceAppOptions = {}) {
  const service = await createServiceApp(loadConfig({ RATE_LIMIT_RPS: "0", ...env }), {
    replayMode: "virtual",
    ...options,
  });
  const { services } = service;
  try {
    await service.start();
    service.replay!.replayer.advanceTo(1_000);
    await eventually(() => (services.prices.size >= 5 ? true : undefined), "oracle prices");
    for (const d of Object.values(services.deployments)) d.poolStats.refresh();
  } catch (error) {
    await service.stop();
    throw error;
  }
  return service;
}
