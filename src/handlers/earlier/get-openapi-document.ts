import type { AppEnv } from "../../services.ts";
import type { RouteHandler } from "@hono/zod-openapi";
import type { getOpenApiDocument as route } from "../../../gen/earlier/routes.ts";
import document from "../../../gen/earlier/openapi.json" with { type: "json" };

/** GET /api-docs/openapi.json: the bundled hand-written earlier-interface YAML, as JSON (DECISIONS 1.6). */
export const getOpenApiDocument: RouteHandler<typeof route, AppEnv> = (c) =>
  // deno-lint-ignore no-explicit-any
  c.json(document as any, 200);
