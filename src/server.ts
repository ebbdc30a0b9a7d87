/**
 * Assembles the running service from a validated configuration: services, middleware and the app.
 * Separate from main.ts so tests and benchmarks build the same thing in-process.
 */
import type { Config } from "./config/env.ts";
import { createApp } from "./http/app.ts";
import { handlers } from "./handlers/index.ts";
import type { Services } from "./services.ts";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./http/env.ts";

export function createServiceApp(config: Config) {
  const services: Services = { config };
  const injectServices = createMiddleware<AppEnv>(async (c, next) => {
    c.set("services", services);
    await next();
  });
  const app = createApp({ handlers, middleware: [injectServices] });
  return {
    app,
    services,
    start: (): Promise<void> => Promise.resolve(),
    stop: (): Promise<void> => Promise.resolve(),
  };
}
