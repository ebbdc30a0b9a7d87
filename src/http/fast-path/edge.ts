/**
 * The service's fetch handler, in front of the Hono app: what every request gets, whatever answers it.
 *
 * - A method outside the known set (`FOOA`) is answered 404 at once, before any bookkeeping: no metric series, log
 *   line or rate-limit bucket can be created by inventing method names.
 * - A CORS preflight (`OPTIONS`) goes to the preflight answerer (src/http/middleware/cors.ts), unobserved: it never
 *   meets the rate limit, routing or validation.
 * - Every other request gets a request id (the client's sane `X-Request-Id`, or a fresh one), its answer, the
 *   answer's `X-Request-Id` and CORS headers, one metrics sample (by method, route template, status) and one log line
 *   (written at `debug` for a plain read answered 200 or 304, see `requestLevel`).
 *
 * The answer comes from the app, or from here for three kinds of request whose answer is already made:
 *
 * - a plain read: a GET route whose answer depends on nothing in the request but its path and `If-None-Match` (no
 *   path parameter, query or body): health, prices, tokens and pool data of both interfaces (plain-reads.ts);
 * - a cached read: a GET of an owner view that a read already computed for the current owner accounts, prices and
 *   second (cached-reads.ts);
 * - a cached quote: a POST whose method, URL and body have an answer cached in the current moment of the state (a pure
 *   quote's, answer-cache.ts). Its body is read here only when its target has cached answers and it declares a JSON
 *   body no longer than anything cached; otherwise, or when nothing is cached for that body, the app gets the request
 *   (with the body read here, when it was).
 *
 * They take their rate-limit token from the same buckets as the app's rate-limit middleware
 * (tests/http/fast-path/edge.test.ts compares the two paths' answers). Anything else is the app's: another method, a
 * query string, a path the tables do not hold, or a read without a plain 200 to give (no price received yet, degraded
 * health), so every error is still answered by the app's one error mapping. Why: for these requests the app's
 * context, router and middleware chain cost more than the answer itself (bench/HISTORY.md has the figures).
 *
 * A HEAD is the app's GET without the body (headOf): its `Content-Length` is the GET body's, not 0.
 *
 * The edge reads the few request headers it needs one by one (request-header.ts), never through `request.headers`:
 * once a handler has that object, Deno copies every header and answers later.
 */
import type { Context } from "hono";
import type { AppEnv } from "../../services.ts";
import { AnswerTemplates } from "./answer-templates.ts";
import { cachedJsonResponse, ifNoneMatchHolds } from "../entity-tag.ts";
import { CLIENT_CLOSED_REQUEST, type ErrorBody, readByClient } from "../errors.ts";
import { KNOWN_METHODS, OTHER } from "../metrics.ts";
import { carrySocketUpgrade } from "../connections/socket-upgrade.ts";
import { type RecordAnswer, REQUEST_ID_HEADER, requestIdFor, routeTemplate } from "../middleware/observe.ts";
import { type Admission, clientKey, type RequestLimiter } from "../middleware/rate-limit.ts";
import { labelResponse } from "../middleware/answer-headers.ts";
import type { CorsAnswerLabel } from "../middleware/cors.ts";
import { type AnswerCache, type BodyReadAtEdge, cacheTarget, type StateStamp } from "./answer-cache.ts";
import { JSON_CONTENT_TYPE } from "../request-validator.ts";
import { requestHeader } from "./request-header.ts";

/**
 * A plain read's 200: its JSON text and, for a cached answer, its entity tag and the object that stands for that text
 * while it is cached (its Response is then built once: answer-templates.ts).
 */
export interface PlainAnswer {
  json: string;
  etag?: string;
  identity?: object;
}

/** The answer of a plain read now, or undefined when it is not a plain 200 (the app answers then). */
export type PlainRead = () => PlainAnswer | undefined;

/**
 * A cached read's 200: its JSON text, the object that stands for that text while it is cached (the cached view), and
 * its route's template (a read of a path with parameters).
 */
export interface CachedReadAnswer {
  json: string;
  identity: object;
  route: string;
}

/** The answer cached now for a GET's path and query, or undefined when none is (the app answers then). */
export type CachedRead = (pathAndQuery: string) => CachedReadAnswer | undefined;

/** `info` is what Deno.serve passes beside the request (`remoteAddr`), absent when a test calls the app in-process. */
export type FetchHandler = (request: Request, info?: unknown) => Response | Promise<Response>;

/**
 * What the edge hands the app with a request, as Hono's `c.env`: Deno's peer address (the rate limit's client key),
 * the request id, and, once the app's first middleware has run (`joinExchange`), the request's context, from which
 * the answered route's template is read.
 */
export interface Exchange extends BodyReadAtEdge {
  remoteAddr?: { hostname?: string };
  requestId: string;
  context?: Context<AppEnv>;
}

/** For the app's first middleware: ties the context to the edge's exchange and gives handlers the request id. */
export function joinExchange(c: Context<AppEnv>): void {
  const exchange = c.env as Exchange | undefined;
  if (exchange?.requestId === undefined) return; // the app called without the edge (a test of the app alone)
  exchange.context = c;
  c.set("requestId", exchange.requestId);
}

export interface EdgeOptions {
  /** Plain reads by path: each path is also its route template (it has no parameters). */
  reads: ReadonlyMap<string, PlainRead>;
  /** Reads of paths with parameters answered while their answer is cached (owner views); absent: none. */
  cachedReads?: CachedRead;
  /** Answers CORS preflights (`OPTIONS` on any path). */
  preflight: FetchHandler;
  record: RecordAnswer;
  labelCors: CorsAnswerLabel;
  /** The service's rate limit, shared with the app's middleware; absent when the limit is off. */
  limiter?: RequestLimiter;
  trustProxy: boolean;
  /** The pure quotes' cached answers (`services.quotes`); absent: every POST goes to the app. */
  quotes?: AnswerCache;
}

/** Longest body read here to look for a cached answer, bytes (no longer request is ever cached). */
const LONGEST_BODY_READ_HERE = 4096;

const UNKNOWN_METHOD: ErrorBody = { error: "unsupported HTTP method", code: "NOT_FOUND" };

/** The path and query of an absolute request URL (`http://host:port/v2/tokens?x` → `/v2/tokens?x`). */
function pathAndQueryOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("://") + 3);
  return start < 0 ? "/" : url.slice(start);
}

/** The path of a path and query (the same string when there is no query: a plain read's is exact). */
function pathOf(pathAndQuery: string): string {
  const queryAt = pathAndQuery.indexOf("?");
  return queryAt < 0 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
}

const remoteAddrOf = (info: unknown) => (info as { remoteAddr?: { hostname?: string } } | undefined)?.remoteAddr;

/**
 * One request as the edge handles it. It is made once per request, with every field, and is all the edge allocates
 * for it: each step below takes it whole (a function of its own, so a request allocates no closure), the app gets it
 * as its `c.env` (the `Exchange`), and an answer given here is described in it (`route`, `text`, …) and built only
 * once the request is admitted.
 */
interface EdgeRequest extends Exchange {
  readonly request: Request;
  /** What Deno.serve passed beside the request (undefined in-process). */
  readonly info: unknown;
  readonly method: string;
  readonly pathAndQuery: string;
  /** `performance.now()` when the edge took the request. */
  readonly started: number;
  /** The request's `Origin`, read before the app runs (a WebSocket upgrade takes the headers). */
  origin: string | undefined;
  /** An answer given here: the request's path, and the route template it is recorded under. */
  path: string;
  route: string;
  /** Logged at `debug` when answered 200 or 304 (a plain read: `requestLevel`). */
  polled: boolean;
  /** Its JSON text; the object standing for that text while it is cached (then it is sent from its template). */
  text: string;
  identity: object | undefined;
  /** Its entity tag, and the request's `If-None-Match` when the tag is there to compare. */
  etag: string | undefined;
  ifNoneMatch: string | undefined;
}

/** Describes the answer `edge` is given here: `text`, sent from the template of `identity` when that is given. */
function answerWith(edge: EdgeRequest, route: string, text: string, identity: object | undefined): EdgeRequest {
  edge.route = route;
  edge.text = text;
  edge.identity = identity;
  return edge;
}

export function serviceEdge(app: FetchHandler, options: EdgeOptions): FetchHandler {
  const { reads, cachedReads, preflight, record, labelCors, limiter, trustProxy, quotes } = options;
  // Templates carry the CORS labels when those are the same for every origin; otherwise each answer is labelled.
  const templates = new AnswerTemplates(labelCors.sameForEveryOrigin ? (h) => labelCors(h, undefined) : undefined);

  /**
   * An answer given here (a plain read, a cached owner view, a cached quote) once the request's rate-limit token is
   * taken from the app's buckets (none when the limit does not cover its path), or the limit's refusal of it; labelled
   * and recorded as the app's answers are.
   */
  const answerHere = (edge: EdgeRequest): Response | Promise<Response> => {
    const path = edge.path = pathOf(edge.pathAndQuery);
    if (limiter === undefined || !limiter.covers(path)) return finishHere(edge, undefined);
    const forwardedFor = trustProxy ? requestHeader(edge.request, "x-forwarded-for") : undefined;
    const admission = limiter.take(clientKey(forwardedFor, edge.remoteAddr?.hostname, trustProxy));
    return admission instanceof Promise
      ? admission.then((taken) => finishHere(edge, taken))
      : finishHere(edge, admission);
  };

  /** `answerHere`'s answer once admitted (or not): a function of its own, so a request allocates no closure for it. */
  const finishHere = (edge: EdgeRequest, admission: Admission | undefined): Response => {
    const { requestId, identity } = edge;
    let response: Response;
    let corsLabelled = false;
    // An admission exists only when the limiter does.
    if (admission !== undefined && limiter && !admission.result.allowed) {
      response = limiter.refusal(admission);
      response.headers.set(REQUEST_ID_HEADER, requestId);
    } else {
      if (identity !== undefined) {
        // A template's copy comes with its request id (answer-templates.ts).
        response = templates.answer(identity, edge.text, edge.etag, requestId);
        corsLabelled = labelCors.sameForEveryOrigin;
      } else {
        response = cachedJsonResponse(edge.text, edge.etag, edge.ifNoneMatch);
        response.headers.set(REQUEST_ID_HEADER, requestId);
      }
      if (admission !== undefined && limiter) limiter.label(response.headers, admission);
    }
    if (!corsLabelled) labelCors(response.headers, requestHeader(edge.request, "origin") ?? undefined);
    record(requestId, edge.method, edge.path, edge.route, response.status, edge.started, edge.polled);
    return response;
  };

  /** The app's answer, labelled and recorded. */
  const answeredByApp = (edge: EdgeRequest, answer: Response): Response => {
    const response = labelResponse(answer, (headers) => {
      headers.set(REQUEST_ID_HEADER, edge.requestId);
      labelCors(headers, edge.origin);
    });
    const context = edge.context;
    const path = context ? context.req.path : pathOf(edge.pathAndQuery);
    const route = context ? routeTemplate(context) : OTHER;
    // A plain read's route answered by the app (a query string, a HEAD) is logged as the edge logs it.
    record(edge.requestId, edge.method, path, route, response.status, edge.started, reads.has(route));
    return response;
  };

  /** The app's answer to the request (with the body read here, when it was). */
  const toApp = (edge: EdgeRequest): Response | Promise<Response> => {
    // Read before the app runs: once a WebSocket upgrade has taken the request, its headers can no longer be read.
    edge.origin = requestHeader(edge.request, "origin") ?? undefined;
    // A handshake served by the connection layer carries its upgrade on to the stream route.
    carrySocketUpgrade(edge, edge.info);
    if (edge.method === "HEAD") {
      return Promise.resolve(app(new Request(edge.request, { method: "GET" }), edge))
        .then((response) => headOf(answeredByApp(edge, response)));
    }
    const answer = app(edge.request, edge);
    return answer instanceof Promise
      ? answer.then((response) => answeredByApp(edge, response))
      : answeredByApp(edge, answer);
  };

  /**
   * A POST to a target with cached answers (answer-cache.ts): its body is read here, and the request is answered with
   * the answer cached for that body, or handed to the app with the body it was read into.
   */
  const answerCachedOrApp = async (edge: EdgeRequest, target: string, stamp: StateStamp): Promise<Response> => {
    let body: string;
    try {
      body = await readByClient(edge.request.text());
    } catch {
      record(edge.requestId, "POST", edge.pathAndQuery, target, CLIENT_CLOSED_REQUEST, edge.started);
      return new Response(null, { status: CLIENT_CLOSED_REQUEST });
    }
    const cached = quotes?.find(target, body, stamp);
    if (cached !== undefined) return answerHere(answerWith(edge, cached.route, cached.text, cached));
    // Handed on with the text read here, not in a new Request carrying it, which would cost a visible part of a
    // computed preview's time (bench/HISTORY.md).
    edge.body = body;
    return toApp(edge);
  };

  return (request, info) => {
    const method = request.method;
    if (!KNOWN_METHODS.has(method)) return Response.json(UNKNOWN_METHOD, { status: 404 });
    if (method === "OPTIONS") return preflight(request, info);
    const started = performance.now();
    const requestId = requestIdFor(requestHeader(request, "x-request-id") ?? undefined);
    const pathAndQuery = pathAndQueryOf(request.url);
    const edge: EdgeRequest = {
      request,
      info,
      method,
      pathAndQuery,
      requestId,
      started,
      remoteAddr: remoteAddrOf(info),
      context: undefined,
      body: undefined,
      origin: undefined,
      path: "",
      route: "",
      polled: false,
      text: "",
      identity: undefined,
      etag: undefined,
      ifNoneMatch: undefined,
    };
    if (method === "GET") {
      // A plain read's path is exact (no query): it is also its route's template.
      const plain = reads.get(pathAndQuery)?.();
      if (plain !== undefined) {
        const { json, etag, identity } = plain;
        const ifNoneMatch = etag === undefined ? undefined : requestHeader(request, "if-none-match") ?? undefined;
        // A 304 (the client has this answer) is built as it is; a 200 of a cached answer comes from its template.
        const templated = identity !== undefined && !(etag !== undefined && ifNoneMatchHolds(ifNoneMatch, etag));
        answerWith(edge, pathAndQuery, json, templated ? identity : undefined);
        edge.etag = etag;
        edge.ifNoneMatch = ifNoneMatch;
        edge.polled = true;
        return answerHere(edge);
      }
      const cachedRead = cachedReads?.(pathAndQuery);
      if (cachedRead !== undefined) {
        return answerHere(answerWith(edge, cachedRead.route, cachedRead.json, cachedRead.identity));
      }
    } else if (method === "POST" && quotes !== undefined) {
      const stamp = quotes.stamp();
      const target = stamp && cacheTarget(method, request.url);
      if (stamp && target && quotes.caches(target, stamp) && readableHere(request)) {
        return answerCachedOrApp(edge, target, stamp);
      }
    }
    return toApp(edge);
  };
}

/**
 * The answer to a HEAD: the GET's status and headers, no body, and the GET body's length in bytes as its
 * `Content-Length` (RFC 9110 §9.3.2: a HEAD is answered with the headers its GET would get). The app is asked the GET
 * for it (toApp): Hono answers a HEAD itself by emptying the GET's answer, which Deno then sends with
 * `content-length: 0`, telling a client sizing or checking a resource that it is empty. Deno sends a body-less
 * answer's own `Content-Length` as it is.
 */
async function headOf(get: Response): Promise<Response> {
  const head = new Response(null, { status: get.status, statusText: get.statusText, headers: get.headers });
  // A 204 or 304 has no body (a Response cannot be built with one), so it gets no length.
  if (get.body !== null) head.headers.set("content-length", String((await get.bytes()).byteLength));
  return head;
}

/**
 * Whether a POST's body may be read here to look for a cached answer: a JSON body whose declared length is within
 * what is ever cached. Any other body is the app's (its limit, its 415, a chunked body).
 */
function readableHere(request: Request): boolean {
  const length = requestHeader(request, "content-length");
  const type = requestHeader(request, "content-type");
  return length !== null && /^\d{1,4}$/.test(length) && Number(length) <= LONGEST_BODY_READ_HERE &&
    requestHeader(request, "transfer-encoding") === null && type !== null && JSON_CONTENT_TYPE.test(type);
}
