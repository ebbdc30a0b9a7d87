/**
 * The type of a v2 handler, by operationId: `V2Handler<"v2OpenPosition">` is typed by its generated route, so the
 * validated request data and every response body follow the contract. Every file of this folder uses it.
 */
import type { RouteHandler } from "@hono/zod-openapi";
import type { routes } from "../../../gen/v2/routes.ts";
import type { AppEnv } from "../../services.ts";

export type V2Routes = typeof routes;
export type V2Handler<K extends keyof V2Routes> = RouteHandler<V2Routes[K], AppEnv>;
