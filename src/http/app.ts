/**
 * Builds the Hono app from the generated route tables: every operation of both OpenAPI documents is
 * registered with its zod request validation (one synchronous layer: request-validator.ts); operations without a
 * handler yet answer 501.
 * Handlers are looked up by operationId in `src/handlers/mod.ts`.
 */
import type { AppEnv } from "../services.ts";
import { OpenAPIHono, type RouteConfig, type RouteHandler, type z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { routes as v2Routes } from "../../gen/v2/routes.ts";
import { routes as earlierRoutes } from "../../gen/earlier/routes.ts";
import { componentSchemas as v2Components } from "../../gen/v2/schemas.ts";
import * as earlierSchemas from "../../gen/earlier/schemas.ts";
import { ApiError, CLIENT_CLOSED_REQUEST, ClientGone, type ErrorBody } from "./errors.ts";
import { validationErrorBody } from "./validation.ts";
import { type InvalidRequest, requestValidator } from "./request-validator.ts";
import { docsAssetRoutes } from "./docs.ts";
import { type Logger, silentLogger } from "./logger.ts";
import { CachedMatchRouter } from "./fast-path/router.ts";
import { limitRequestBody } from "./middleware/body-limit.ts";
import { DEFAULT_MOUNTS, type InterfaceName, mountedPath, type Mounts, routeTemplateOf } from "./mounts.ts";

export const MAX_BODY_BYTES = 64 * 1024;

type V2Routes = typeof v2Routes;
type EarlierRoutes = typeof earlierRoutes;

/** A handler per operationId, typed by its route so request data and response bodies follow the contract. */
export type HandlerTable =
  & { [K in keyof V2Routes]?: RouteHandler<V2Routes[K], AppEnv> }
  & { [K in keyof EarlierRoutes]?: RouteHandler<EarlierRoutes[K], AppEnv> };

export interface AppOptions {
  handlers: HandlerTable;
  /** Middleware run before every route (services injection, rate limiting). */
  middleware?: MiddlewareHandler<AppEnv>[];
  /** Where unexpected failures are logged (default: nowhere). */
  logger?: Logger;
  /** Where each interface is served (default: v2 under `/v2`, the earlier interface at the root). */
  mounts?: Mounts;
}

/**
 * The earlier interface's trigger-order builders answer errors as `{ err, code }` instead of `{ error, code }`
 * (earlier-interface document, Errors 1). The YAML says so by giving their 400 the `ErrBody` schema, so the
 * shape is read from the route itself rather than from a list of paths kept by hand.
 */
function usesErrBody(route: RouteConfig): boolean {
  const media = (route.responses[400] as { content?: Record<string, { schema?: unknown }> } | undefined)
    ?.content?.["application/json"];
  return media?.schema !== undefined && media.schema === (earlierSchemas as Record<string, unknown>).ErrBodySchema;
}

/** `{error, code, field?}` as such a route answers it: `{err, code, field?}`. */
function asErrBody({ error, ...rest }: ErrorBody) {
  return { err: error, ...rest };
}

/**
 * `METHOD /hono/:path` of every route of one app whose errors are `{err, code}`: they stay so when a failure is
 * thrown. One set per app: the same path is another interface's route under other mounts.
 */
type ErrBodyRoutes = Set<string>;
const routeKey = (method: string, honoPath: string) => `${method.toUpperCase()} ${honoPath}`;

/** The documented 400 for a request failing its route's schema (`{err, code}` on the routes that answer so). */
function invalidRequestAnswer(route: RouteConfig, errBodyRoutes: ErrBodyRoutes): InvalidRequest {
  const errBody = usesErrBody(route);
  if (errBody) errBodyRoutes.add(routeKey(route.method, routeTemplateOf(route.path)));
  return (target, error, c) => {
    const body = validationErrorBody(target, error);
    return c.json(errBody ? asErrBody(body) : body, 400);
  };
}

/** Where the pure quotes' answers are cached (absent in an app built without the services). */
const cachedQuotesOf = (c: Context<AppEnv>) => c.get("services")?.quotes;

function registerAll(
  api: OpenAPIHono<AppEnv>,
  iface: InterfaceName,
  table: Record<string, RouteConfig>,
  components: Record<string, z.ZodType>,
  handlers: HandlerTable,
  mounts: Mounts,
  errBodyRoutes: ErrBodyRoutes,
) {
  // Register every component, referenced by a route or not (e.g. WebSocket messages), so the served
  // description names the same components as the YAML.
  for (const [name, schema] of Object.entries(components)) api.openAPIRegistry.register(name, schema);
  for (const [operationId, documented] of Object.entries(table)) {
    const path = mountedPath(mounts, iface, documented.path);
    if (path === undefined) return; // the interface is off
    const route = path === documented.path ? documented : { ...documented, path };
    const handler = (handlers as Record<string, unknown>)[operationId] ?? (() => {
      throw new ApiError(501, "NOT_IMPLEMENTED", "not implemented");
    });
    // What `api.openapi()` does, with one synchronous validating layer instead of its per-target async ones
    // (request-validator.ts): the route is described in the served document, then served.
    api.openAPIRegistry.registerPath(route);
    const validate = requestValidator(route, invalidRequestAnswer(route, errBodyRoutes), cachedQuotesOf);
    // The table is heterogeneous, so the per-route typing is enforced on HandlerTable instead of here.
    const serve = handler as MiddlewareHandler<AppEnv>;
    api.on([route.method.toUpperCase()], [routeTemplateOf(route.path)], ...(validate ? [validate, serve] : [serve]));
  }
}

/**
 * The v2 and earlier interfaces as separate sub-apps, so each one's served description can be compared to its YAML;
 * each route at its mounted path (an interface that is off has none).
 */
export function createInterfaceApps(
  handlers: HandlerTable,
  mounts: Mounts = DEFAULT_MOUNTS,
  errBodyRoutes: ErrBodyRoutes = new Set(),
) {
  const v2 = new OpenAPIHono<AppEnv>();
  registerAll(v2, "v2", v2Routes, v2Components, handlers, mounts, errBodyRoutes);
  const earlier = new OpenAPIHono<AppEnv>();
  registerAll(earlier, "earlier", earlierRoutes, earlierSchemas.componentSchemas, handlers, mounts, errBodyRoutes);
  return { v2, earlier };
}

export function errorResponseFor(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof ApiError) return { status: error.status, body: error.toBody() };
  if (error instanceof HTTPException) {
    if (error.status === 400 && /json/i.test(error.message)) {
      return { status: 400, body: { error: "request body is not valid JSON", code: "INVALID_JSON" } };
    }
    if (error.status === 413) {
      return {
        status: 413,
        body: { error: `request body exceeds ${MAX_BODY_BYTES} bytes`, code: "PAYLOAD_TOO_LARGE" },
      };
    }
    if (error.status === 415) {
      return {
        status: 400,
        body: { error: "request body must be sent as application/json", code: "VALIDATION_FAILED", field: "body" },
      };
    }
    return { status: error.status, body: { error: error.message || "request rejected", code: "VALIDATION_FAILED" } };
  }
  return { status: 500, body: { error: "internal error", code: "INTERNAL" } };
}

/** Methods whose requests may carry a body: only they go through the body limit. */
const BODY_METHODS = ["POST", "PUT", "PATCH", "DELETE"];

export function createApp(options: AppOptions): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ router: new CachedMatchRouter() });
  const logger = options.logger ?? silentLogger;
  const mounts = options.mounts ?? DEFAULT_MOUNTS;
  const errBodyRoutes: ErrBodyRoutes = new Set();

  app.onError((error, c) => {
    // No one to answer: the edge records it as a client abort (observe.ts), not as an error.
    if (error instanceof ClientGone) return c.body(null, CLIENT_CLOSED_REQUEST as 400);
    const { status, body } = errorResponseFor(error);
    const where = { requestId: c.get("requestId"), method: c.req.method, path: c.req.path.slice(0, 256) };
    if (status >= 500 && status !== 501 && status !== 503) {
      // A registry answer (BLOCKHASH_UNAVAILABLE while the RPC is down) is a known condition, not a bug: its code and
      // text at `warn`, without a stack. The request's own line is at `error` for any 5xx either way.
      if (error instanceof ApiError) {
        logger.warn("answered with a server error", { ...where, code: body.code, error: body.error });
      } else logger.error("unhandled error", { ...where, error });
    }
    // The earlier trigger-order builders document `{err, code}` for every error they answer.
    const errBody = errBodyRoutes.has(routeKey(c.req.method === "HEAD" ? "GET" : c.req.method, c.req.routePath));
    const headers = error instanceof ApiError ? error.headers : undefined;
    return c.json(errBody ? asErrBody(body) : body, status as 400, headers);
  });
  app.notFound((c) =>
    c.json({ error: `no route for ${c.req.method} ${c.req.path}`, code: "NOT_FOUND" } satisfies ErrorBody, 404)
  );

  for (const middleware of options.middleware ?? []) app.use("*", middleware);
  // No GET, HEAD or OPTIONS route reads a body, so the limit is not on their path at all: one layer less per read.
  app.on(
    BODY_METHODS,
    "*",
    limitRequestBody(MAX_BODY_BYTES, () => {
      throw new HTTPException(413);
    }),
  );

  docsAssetRoutes(app, mounts);
  const { v2, earlier } = createInterfaceApps(options.handlers, mounts, errBodyRoutes);
  app.route("/", v2);
  app.route("/", earlier);
  return app;
}
