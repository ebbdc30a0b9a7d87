import type { Services } from "../services.ts";

/** Hono environment: every handler reaches the service's dependencies through `c.var.services`. */
export type AppEnv = { Variables: { services: Services } };
