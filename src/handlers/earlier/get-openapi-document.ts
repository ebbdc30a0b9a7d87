import type { z } from "@hono/zod-openapi";
import type { OpenApiDocumentSchema } from "../../../gen/earlier/schemas.ts";
import type { EarlierHandler } from "./handler.ts";
import { mountedDocument, mountsOf } from "../../http/mounts.ts";
import document from "../../../gen/earlier/openapi.json" with { type: "json" };

/**
 * The bundled document as the route's response type. The schema leaves the document open (`{}`), which zod types as
 * an empty record, so the full document is cast to it once, here; the contract tests check what is served.
 */
const body = document as unknown as z.infer<typeof OpenApiDocumentSchema>;

/** GET /api-docs/openapi.json: its paths at the interface's mount, the bundled hand-written earlier-interface YAML, as JSON (DECISIONS 1.6). */
export const getOpenApiDocument: EarlierHandler<"getOpenApiDocument"> = (c) =>
  c.json(mountedDocument(body, mountsOf(c.get("services")?.config ?? {}), "earlier"), 200);
