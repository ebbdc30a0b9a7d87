/**
 * Answers cached by request: a handler whose answer depends on nothing but its request and the state (accounts,
 * prices, the clock second) marks that answer cacheable, and the request validator (../request-validator.ts) caches
 * its text by method, URL and body, so the same request in the same state is answered from the cached text without
 * being parsed, validated or computed again. The pure quotes answer so (`answerQuote`: previews, preview-only
 * builders); what the state is, and when it moves, is the cache's business (src/runtime/quote-answer-cache.ts).
 */
import type { Context } from "hono";

/** A moment of the service's state (chains, prices, clock): while the same object is current, a cached answer holds. */
export type StateStamp = object;

/** A cached answer: its JSON text, and the route template that answered it (for the request's metrics and log). */
export interface CachedAnswer {
  readonly text: string;
  readonly route: string;
}

/**
 * Where cached answers live (`services.quotes`). A request is named by its target (`METHOD url`) and its body text;
 * the edge (edge.ts) asks `caches` before it reads a body, so a route with nothing cached costs it no read.
 */
export interface AnswerCache {
  /** The current state moment, or undefined while nothing may be cached (not started: nothing tells of changes). */
  stamp(): StateStamp | undefined;
  /** Whether some answer is cached for `target` at `stamp`. */
  caches(target: string, stamp: StateStamp): boolean;
  /** The answer cached for `target` and `body` at `stamp`, if any. */
  find(target: string, body: string, stamp: StateStamp): CachedAnswer | undefined;
  /** Caches `answer` for `target` and `body` if `stamp` (read before the answer was computed) is still current. */
  cache(target: string, body: string, answer: CachedAnswer, stamp: StateStamp): void;
}

/**
 * What the edge hands the app (as Hono's `c.env`) about a body it read to look for a cached answer: the body's text,
 * the request's own body being used up. The request validator takes it from here instead of reading the body again.
 */
export interface BodyReadAtEdge {
  body?: string;
}

/** The body text the edge read from this request, if it did. */
export function bodyReadAtEdge(c: Context): string | undefined {
  return (c.env as BodyReadAtEdge | undefined)?.body;
}

/** What an answer is cached under besides its body: the request's method and URL. */
export function cacheTarget(method: string, url: string): string {
  return `${method} ${url}`;
}

const cacheable = new WeakMap<Response, string>();

/** Marks `response` as the cacheable answer whose body is `text` (a 200 computed from the request and state alone). */
export function markCacheable<R extends Response>(response: R, text: string): R {
  cacheable.set(response, text);
  return response;
}

/** The body text of a cacheable answer, or undefined for any other answer. */
export function cacheableText(response: Response): string | undefined {
  return cacheable.get(response);
}
