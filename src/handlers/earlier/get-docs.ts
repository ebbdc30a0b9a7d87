import type { AppEnv } from "../../services.ts";
import type { RouteHandler } from "@hono/zod-openapi";
import type { getDocs as route } from "../../../gen/earlier/routes.ts";
import { docsPageHtml } from "../../http/docs.ts";

/** GET /docs/: interactive documentation of both interfaces. */
export const getDocs: RouteHandler<typeof route, AppEnv> = (c) => c.html(docsPageHtml(), 200);
