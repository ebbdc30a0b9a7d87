/**
 * The type of an earlier-interface handler, by operationId: `EarlierHandler<"openPosition">` is typed by its
 * generated route, so the validated request data and every response body follow the contract. Every file of this
 * folder uses it.
 */
import type { RouteHandler } from "@hono/zod-openapi";
import type { routes } from "../../../gen/earlier/routes.ts";
import type { AppEnv } from "../../services.ts";

export type EarlierRoutes = typeof routes;
export type EarlierHandler<K extends keyof EarlierRoutes> = RouteHandler<EarlierRoutes[K], AppEnv>;
