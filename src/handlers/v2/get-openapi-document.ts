import type { V2Handler } from "./handler.ts";
import type { z } from "@hono/zod-openapi";
import type { V2OpenApiDocumentSchema } from "../../../gen/v2/schemas.ts";
import { mountedDocument, mountsOf } from "../../http/mounts.ts";
import document from "../../../gen/v2/openapi.json" with { type: "json" };

/**
 * The bundled document as the route's response type. The schema leaves `info` and `paths` open (`{}`), which zod
 * types as empty records, so the full document is cast to it once, here; the contract tests check what is served.
 */
const body = document as unknown as z.infer<typeof V2OpenApiDocumentSchema>;

/** GET /v2/api-docs/openapi.json: its paths at the interface's mount, the bundled hand-written v2 YAML, as JSON (DECISIONS 1.6). */
export const v2GetOpenApiDocument: V2Handler<"v2GetOpenApiDocument"> = (c) =>
  c.json(mountedDocument(body, mountsOf(c.get("services")?.config ?? {}), "v2"), 200);
