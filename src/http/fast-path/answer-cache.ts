/**
 * Answers kept by request: a handler whose answer depends on nothing but its request and the state (accounts,
 * prices, the clock second) marks that answer keepable, and the request validator (request-validator.ts) keeps its
 * text by method, URL and body, so the same request in the same state is answered from the kept text without being
 * parsed, validated or computed again. The pure quotes answer so (`answerQuote`: previews, preview-only builders);
 * what the state is, and when it moves, is the keeper's business (src/runtime/quote-answer-cache.ts).
 */
import type { Context } from "hono";

/** A moment of the service's state (chains, prices, clock): while the same object is current, a kept answer is still the answer. */
export type StateStamp = object;

/** A kept answer: its JSON text, and the route template that answered it (for the request's metrics and log). */
export interface KeptAnswer {
  readonly text: string;
  readonly route: string;
}

/**
 * Where kept answers live (`services.quotes`). A request is named by its target (`METHOD url`) and its body text; the
 * edge (edge.ts) asks `holds` before it reads a body, so a route with nothing kept costs it no read.
 */
export interface KeptAnswers {
  /** The current state moment, or undefined while nothing may be kept (not started: nothing tells of changes). */
  stamp(): StateStamp | undefined;
  /** Whether some answer is kept for `target` at `stamp`. */
  holds(target: string, stamp: StateStamp): boolean;
  /** The answer kept for `target` and `body` at `stamp`, if any. */
  find(target: string, body: string, stamp: StateStamp): KeptAnswer | undefined;
  /** Keeps `answer` for `target` and `body` if `stamp` (read before the answer was computed) is still current. */
  keep(target: string, body: string, answer: KeptAnswer, stamp: StateStamp): void;
}

/**
 * What the edge hands the app (as Hono's `c.env`) about a body it read to look for a kept answer: the body's text, the
 * request's own body being used up. The request validator takes it from here instead of reading the body again.
 */
export interface BodyReadAtEdge {
  body?: string;
}

/** The body text the edge read from this request, if it did. */
export function bodyReadAtEdge(c: Context): string | undefined {
  return (c.env as BodyReadAtEdge | undefined)?.body;
}

/** What a kept answer is kept under besides its body: the request's method and URL. */
export function keptTarget(method: string, url: string): string {
  return `${method} ${url}`;
}

const keepable = new WeakMap<Response, string>();

/** Marks `response` as the keepable answer whose body is `text` (a 200 computed from the request and state alone). */
export function markKeepable<R extends Response>(response: R, text: string): R {
  keepable.set(response, text);
  return response;
}

/** The body text of a keepable answer, or undefined for any other answer. */
export function keepableText(response: Response): string | undefined {
  return keepable.get(response);
}
