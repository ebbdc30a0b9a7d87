/**
 * The service's fetch handler: plain reads are answered here, before the Hono app is entered; every other request
 * goes to the app.
 *
 * A plain read is a GET route whose answer depends on nothing in the request but its path and `If-None-Match` (no path
 * parameter, query or body): health, prices, tokens and pool data of both interfaces (src/handlers/shared/
 * plain-reads.ts). For them the app's context, router and middleware chain cost more than the answer itself: in this
 * Deno a kept read took about 11 µs in the app against 4.5 µs for a bare route. Here each gets exactly what the
 * middleware gives every answer, through the same functions: the request id, the rate limit's token and headers, the
 * CORS headers, one metrics sample and one log line (tests/http/read-edge.test.ts compares the two paths' answers).
 *
 * Anything else is left to the app: another method (HEAD, the preflight's OPTIONS), a query string, a path the table
 * does not hold, or a read that has no plain 200 to give (no price received yet, degraded health), so every error is
 * still answered by the app's one error mapping.
 */
import { ifNoneMatchHolds } from "./entity-tag.ts";
import { type RecordAnswer, REQUEST_ID_HEADER, requestIdFor } from "./middleware/observe.ts";
import { type Admission, clientKey, type RequestLimiter } from "./middleware/rate-limit.ts";

/** A plain read's 200: its JSON text and, for a kept answer, its entity tag. */
export interface PlainAnswer {
  json: string;
  etag?: string;
}

/** The answer of a plain read now, or undefined when it is not a plain 200 (the app answers then). */
export type PlainRead = () => PlainAnswer | undefined;

/** `info` is what Deno.serve passes beside the request (`remoteAddr`), absent when a test calls the app in-process. */
export type FetchHandler = (request: Request, info?: unknown) => Response | Promise<Response>;

export interface ReadEdgeOptions {
  /** Plain reads by path: each path is also its route template (it has no parameters). */
  reads: ReadonlyMap<string, PlainRead>;
  record: RecordAnswer;
  labelCors: (headers: Headers, origin: string | undefined) => void;
  /** The service's rate limit, shared with the app's middleware; absent when the limit is off. */
  limiter?: RequestLimiter;
  trustProxy: boolean;
}

/** One object for every answer: a Response built with a single header stays on Deno's cheap path. */
const JSON_CONTENT = { "content-type": "application/json" };

/** The path and query of an absolute request URL (`http://host:port/v2/tokens?x` → `/v2/tokens?x`). */
function pathAndQueryOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("://") + 3);
  return start < 0 ? "/" : url.slice(start);
}

const remoteHostnameOf = (info: unknown) =>
  (info as { remoteAddr?: { hostname?: string } } | undefined)?.remoteAddr?.hostname;

export function answerPlainReadsFirst(app: FetchHandler, options: ReadEdgeOptions): FetchHandler {
  const { reads, record, labelCors, limiter, trustProxy } = options;

  const answer = (
    path: string,
    plain: PlainAnswer,
    headers: Headers,
    requestId: string,
    started: number,
    admission: Admission | undefined,
  ): Response => {
    let response: Response;
    // An admission exists only when the limiter does.
    if (admission !== undefined && limiter && !admission.result.allowed) response = limiter.refusal(admission);
    else {
      const notModified = plain.etag !== undefined &&
        ifNoneMatchHolds(headers.get("if-none-match") ?? undefined, plain.etag);
      response = notModified
        ? new Response(null, { status: 304 })
        : new Response(plain.json, { headers: JSON_CONTENT });
      if (plain.etag !== undefined) response.headers.set("etag", plain.etag);
      if (admission !== undefined && limiter) limiter.label(response.headers, admission);
    }
    response.headers.set(REQUEST_ID_HEADER, requestId);
    labelCors(response.headers, headers.get("origin") ?? undefined);
    record(requestId, "GET", path, path, response.status, started);
    return response;
  };

  return (request, info) => {
    if (request.method !== "GET") return app(request, info);
    const path = pathAndQueryOf(request.url);
    const read = reads.get(path);
    if (read === undefined) return app(request, info);
    const started = performance.now();
    const plain = read();
    if (plain === undefined) return app(request, info);
    const headers = request.headers;
    const requestId = requestIdFor(headers.get(REQUEST_ID_HEADER) ?? undefined);
    if (limiter === undefined || !limiter.covers(path)) {
      return answer(path, plain, headers, requestId, started, undefined);
    }
    const forwardedFor = trustProxy ? headers.get("x-forwarded-for") : undefined;
    const client = clientKey(forwardedFor, remoteHostnameOf(info), trustProxy);
    const admission = limiter.take(client);
    return admission instanceof Promise
      ? admission.then((taken) => answer(path, plain, headers, requestId, started, taken))
      : answer(path, plain, headers, requestId, started, admission);
  };
}
