import type { Services } from "../services.ts";

/**
 * Hono environment: every handler reaches the service's dependencies through `c.var.services`, and the
 * request's id (echoed in `X-Request-Id`, present in every log line of the request) through `c.var.requestId`.
 */
export type AppEnv = { Variables: { services: Services; requestId: string } };
