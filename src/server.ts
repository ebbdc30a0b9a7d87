/**
 * Assembles the running service from a validated configuration: services (src/runtime/boot.ts), middleware and
 * the app. Separate from main.ts so tests and benchmarks build the same thing in-process.
 */
import type { AppEnv } from "./services.ts";
import type { Config } from "./config/env.ts";
import { createApp } from "./http/app.ts";
import { rateLimit } from "./http/middleware/rate-limit.ts";
import { handlers } from "./handlers/index.ts";
import { boot, type BootOptions } from "./runtime/boot.ts";
import { createMiddleware } from "hono/factory";

export async function createServiceApp(config: Config, options: BootOptions = {}) {
  const runtime = await boot(config, options);
  const { services } = runtime;
  const injectServices = createMiddleware<AppEnv>(async (c, next) => {
    c.set("services", services);
    await next();
  });
  const app = createApp({
    handlers,
    middleware: [
      injectServices,
      services.metrics.middleware(),
      rateLimit({
        ratePerSecond: config.RATE_LIMIT_RPS,
        burst: config.RATE_LIMIT_BURST,
        trustProxy: config.TRUST_PROXY,
        clock: services.clock,
        onReject: () => services.metrics.rateLimited.inc(),
      }),
    ],
  });
  return { app, services, start: runtime.start, stop: runtime.stop, replay: runtime.replay };
}
