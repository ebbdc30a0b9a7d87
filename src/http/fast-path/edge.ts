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
 * The answer comes from the app, or, for a plain read, from here. A plain read is a GET route whose answer depends on
 * nothing in the request but its path and `If-None-Match` (no path parameter, query or body): health, prices, tokens
 * and pool data of both interfaces (src/http/fast-path/plain-reads.ts). For them the app's context, router and
 * middleware chain cost more than the answer itself, so they are answered here, taking their rate-limit token from the
 * same buckets as the app's rate-limit middleware (tests/http/fast-path/edge.test.ts compares the two paths' answers). Anything
 * else is the app's: another method, a query string, a path the table does not hold, or a read without a plain 200 to
 * give (no price received yet, degraded health), so every error is still answered by the app's one error mapping.
 *
 * A HEAD is the app's GET without the body (headOf): its `Content-Length` is the GET body's, not 0.
 *
 * The edge reads the few request headers it needs one by one (request-header.ts), never through `request.headers`:
 * once a handler has that object, Deno copies every header and answers later.
 *
 * A GET of a path with parameters is answered here while its answer is held: an owner view that a read already
 * computed for the current owner accounts, prices and second (src/http/fast-path/cached-reads.ts), so what a polled
 * owner view costs is the edge's work and the send.
 *
 * A POST is answered here too when an answer is kept for its method, URL and body in the current moment of the state
 * (a pure quote's, src/http/fast-path/answer-cache.ts): its body is read here only when its target holds kept answers and it
 * declares a JSON body no longer than anything kept; otherwise, or when nothing is kept for that body, the app gets the
 * request (with the body read here, when it was).
 *
 * These concerns were the app's first middleware layers; here they cost no layer of the app's chain each (a
 * preview's or an owner view's request spent about a fifth of its in-process time in those layers).
 */
import type { Context } from "hono";
import type { AppEnv } from "../../services.ts";
import { AnswerTemplates } from "./answer-templates.ts";
import { ifNoneMatchHolds, keptJsonResponse } from "../entity-tag.ts";
import { CLIENT_CLOSED_REQUEST, type ErrorBody, readByClient } from "../errors.ts";
import { KNOWN_METHODS, OTHER } from "../metrics.ts";
import { carrySocketUpgrade } from "../connections/socket-upgrade.ts";
import { type RecordAnswer, REQUEST_ID_HEADER, requestIdFor, routeTemplate } from "../middleware/observe.ts";
import { type Admission, clientKey, type RequestLimiter } from "../middleware/rate-limit.ts";
import { labelResponse } from "../middleware/answer-headers.ts";
import type { CorsAnswerLabel } from "../middleware/cors.ts";
import { type BodyReadAtEdge, type KeptAnswers, keptTarget, type StateStamp } from "./answer-cache.ts";
import { JSON_CONTENT_TYPE } from "../request-validator.ts";
import { requestHeader } from "./request-header.ts";

/**
 * A plain read's 200: its JSON text and, for a kept answer, its entity tag and the object that stands for that text
 * while it is kept (its Response is then built once: answer-templates.ts).
 */
export interface PlainAnswer {
  json: string;
  etag?: string;
  identity?: object;
}

/** The answer of a plain read now, or undefined when it is not a plain 200 (the app answers then). */
export type PlainRead = () => PlainAnswer | undefined;

/**
 * A held read's 200: its JSON text, the object that stands for that text while it is held (the held view), and its
 * route's template (a read of a path with parameters).
 */
export interface HeldAnswer {
  json: string;
  identity: object;
  route: string;
}

/** The answer held now for a GET's path and query, or undefined when none is (the app answers then). */
export type HeldRead = (pathAndQuery: string) => HeldAnswer | undefined;

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
  /** Reads of paths with parameters answered while their answer is held (owner views); absent: none. */
  held?: HeldRead;
  /** Answers CORS preflights (`OPTIONS` on any path). */
  preflight: FetchHandler;
  record: RecordAnswer;
  labelCors: CorsAnswerLabel;
  /** The service's rate limit, shared with the app's middleware; absent when the limit is off. */
  limiter?: RequestLimiter;
  trustProxy: boolean;
  /** The pure quotes' kept answers (`services.quotes`); absent: every POST goes to the app. */
  quotes?: KeptAnswers;
}

/** Longest body read here to look for a kept answer, bytes (no longer request is ever kept). */
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

export function serviceEdge(app: FetchHandler, options: EdgeOptions): FetchHandler {
  const { reads, held, preflight, record, labelCors, limiter, trustProxy, quotes } = options;
  // Templates carry the CORS labels when those are the same for every origin; otherwise each answer is labelled.
  const templates = new AnswerTemplates(labelCors.sameForEveryOrigin ? (h) => labelCors(h, undefined) : undefined);

  /**
   * An answer given here (a plain read, a held owner view, a kept quote) once the request's rate-limit token is taken
   * from the app's buckets (none when the limit does not cover its path), or the limit's refusal of it; labelled and
   * recorded as the app's answers are. `answer` is built only when the request is admitted; `templated` tells that it
   * comes from `templates` (so it carries the request id, and the CORS labels when they are fixed).
   */
  const answerHere = (
    request: Request,
    info: unknown,
    pathAndQuery: string,
    route: string | undefined,
    answer: () => Response,
    templated: boolean,
    requestId: string,
    started: number,
    polled = false,
  ): Response | Promise<Response> => {
    const path = pathOf(pathAndQuery);
    // A plain read's path is its own route template.
    const recordedRoute = route ?? path;
    if (limiter === undefined || !limiter.covers(path)) {
      return finishHere(request, undefined, answer, templated, requestId, path, recordedRoute, started, polled);
    }
    const forwardedFor = trustProxy ? requestHeader(request, "x-forwarded-for") : undefined;
    const admission = limiter.take(clientKey(forwardedFor, remoteAddrOf(info)?.hostname, trustProxy));
    return admission instanceof Promise
      ? admission.then((taken) =>
        finishHere(request, taken, answer, templated, requestId, path, recordedRoute, started, polled)
      )
      : finishHere(request, admission, answer, templated, requestId, path, recordedRoute, started, polled);
  };

  /** `answerHere`'s answer once admitted (or not): a function of its own, so a request allocates no closure for it. */
  const finishHere = (
    request: Request,
    admission: Admission | undefined,
    answer: () => Response,
    templated: boolean,
    requestId: string,
    path: string,
    route: string,
    started: number,
    polled: boolean,
  ): Response => {
    let response: Response;
    let corsLabelled = false;
    // An admission exists only when the limiter does.
    if (admission !== undefined && limiter && !admission.result.allowed) {
      response = limiter.refusal(admission);
      response.headers.set(REQUEST_ID_HEADER, requestId);
    } else {
      response = answer();
      // A template's copy comes with its request id (answer-templates.ts).
      if (!templated) response.headers.set(REQUEST_ID_HEADER, requestId);
      corsLabelled = templated && labelCors.sameForEveryOrigin;
      if (admission !== undefined && limiter) limiter.label(response.headers, admission);
    }
    if (!corsLabelled) labelCors(response.headers, requestHeader(request, "origin") ?? undefined);
    record(requestId, request.method, path, route, response.status, started, polled);
    return response;
  };

  /** The app's answer, labelled and recorded. */
  const answeredByApp = (
    answer: Response,
    method: string,
    pathAndQuery: string,
    origin: string | undefined,
    exchange: Exchange,
    started: number,
  ): Response => {
    const response = labelResponse(answer, (headers) => {
      headers.set(REQUEST_ID_HEADER, exchange.requestId);
      labelCors(headers, origin);
    });
    const context = exchange.context;
    const path = context ? context.req.path : pathOf(pathAndQuery);
    const route = context ? routeTemplate(context) : OTHER;
    // A plain read's route answered by the app (a query string, a HEAD) is logged as the edge logs it.
    record(exchange.requestId, method, path, route, response.status, started, reads.has(route));
    return response;
  };

  /** The app's answer to `request`. */
  const toApp = (
    request: Request,
    method: string,
    pathAndQuery: string,
    origin: string | undefined,
    requestId: string,
    started: number,
    info: unknown,
    body?: string,
  ): Response | Promise<Response> => {
    // A handshake served by the connection layer carries its upgrade on to the stream route.
    const exchange: Exchange = carrySocketUpgrade({ remoteAddr: remoteAddrOf(info), requestId, body }, info);
    if (method === "HEAD") {
      return Promise.resolve(app(new Request(request, { method: "GET" }), exchange))
        .then((response) => headOf(answeredByApp(response, method, pathAndQuery, origin, exchange, started)));
    }
    const answer = app(request, exchange);
    return answer instanceof Promise
      ? answer.then((response) => answeredByApp(response, method, pathAndQuery, origin, exchange, started))
      : answeredByApp(answer, method, pathAndQuery, origin, exchange, started);
  };

  /**
   * A POST to a target with kept answers (answer-cache.ts): its body is read here, and the request is answered with
   * the answer kept for that body, or handed to the app with the body it was read into.
   */
  const answerKeptOrApp = async (
    request: Request,
    target: string,
    stamp: StateStamp,
    pathAndQuery: string,
    requestId: string,
    started: number,
    info: unknown,
  ): Promise<Response> => {
    let body: string;
    try {
      body = await readByClient(request.text());
    } catch {
      record(requestId, "POST", pathAndQuery, target, CLIENT_CLOSED_REQUEST, started);
      return new Response(null, { status: CLIENT_CLOSED_REQUEST });
    }
    const kept = quotes?.find(target, body, stamp);
    if (kept !== undefined) {
      const answer = () => templates.answer(kept, kept.text, undefined, requestId);
      return answerHere(request, info, pathAndQuery, kept.route, answer, true, requestId, started);
    }
    // Handed on with the text read here: a new Request carrying it would cost a fifth of a computed preview's time.
    const origin = requestHeader(request, "origin") ?? undefined;
    return toApp(request, "POST", pathAndQuery, origin, requestId, started, info, body);
  };

  return (request, info) => {
    const method = request.method;
    if (!KNOWN_METHODS.has(method)) return Response.json(UNKNOWN_METHOD, { status: 404 });
    if (method === "OPTIONS") return preflight(request, info);
    const started = performance.now();
    const requestId = requestIdFor(requestHeader(request, "x-request-id") ?? undefined);
    const pathAndQuery = pathAndQueryOf(request.url);
    if (method === "GET") {
      // A plain read's path is exact (no query): it is also its route's template.
      const plain = reads.get(pathAndQuery)?.();
      if (plain !== undefined) {
        const { json, etag, identity } = plain;
        const ifNoneMatch = etag === undefined ? undefined : requestHeader(request, "if-none-match") ?? undefined;
        // A 304 (the client holds this answer) is built as it is; a 200 of a kept answer comes from its template.
        const templated = identity !== undefined && !(etag !== undefined && ifNoneMatchHolds(ifNoneMatch, etag));
        const answer = templated
          ? () => templates.answer(identity, json, etag, requestId)
          : () => keptJsonResponse(json, etag, ifNoneMatch);
        return answerHere(request, info, pathAndQuery, undefined, answer, templated, requestId, started, true);
      }
      const heldAnswer = held?.(pathAndQuery);
      if (heldAnswer !== undefined) {
        const answer = () => templates.answer(heldAnswer.identity, heldAnswer.json, undefined, requestId);
        return answerHere(request, info, pathAndQuery, heldAnswer.route, answer, true, requestId, started);
      }
    } else if (method === "POST" && quotes !== undefined) {
      const stamp = quotes.stamp();
      const target = stamp && keptTarget(method, request.url);
      if (stamp && target && quotes.holds(target, stamp) && readableHere(request)) {
        return answerKeptOrApp(request, target, stamp, pathAndQuery, requestId, started, info);
      }
    }
    // Read before the app runs: once a WebSocket upgrade has taken the request, its headers can no longer be read.
    const origin = requestHeader(request, "origin") ?? undefined;
    return toApp(request, method, pathAndQuery, origin, requestId, started, info);
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
 * Whether a POST's body may be read here to look for a kept answer: a JSON body whose declared length is within what
 * is ever kept. Any other body is the app's (its limit, its 415, a chunked body).
 */
function readableHere(request: Request): boolean {
  const length = requestHeader(request, "content-length");
  const type = requestHeader(request, "content-type");
  return length !== null && /^\d{1,4}$/.test(length) && Number(length) <= LONGEST_BODY_READ_HERE &&
    requestHeader(request, "transfer-encoding") === null && type !== null && JSON_CONTENT_TYPE.test(type);
}
