import type { AppEnv } from "../../services.ts";
import type { RouteHandler } from "@hono/zod-openapi";
import type { v2GetOpenApiDocument as route } from "../../../gen/v2/routes.ts";
import document from "../../../gen/v2/openapi.json" with { type: "json" };

/** GET /v2/api-docs/openapi.json: the bundled hand-written v2 YAML, as JSON (DECISIONS 1.6). */
export const v2GetOpenApiDocument: RouteHandler<typeof route, AppEnv> = (c) =>
  // deno-lint-ignore no-explicit-any
  c.json(document as any, 200);
