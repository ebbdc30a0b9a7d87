/** The service app as tests build it: the embedded defaults, in-process, no listening socket. */
import { loadConfig } from "../../src/config/env.ts";
import { createServiceApp } from "../../src/server.ts";

export async function testApp(env: Record<string, string> = {}) {
  const { app } = await createServiceApp(loadConfig({ RATE_LIMIT_RPS: "0", ...env }));
  return app;
}
