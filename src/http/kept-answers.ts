/**
 * Answers kept by request: a handler whose answer depends on nothing but its request and the world (accounts,
 * prices, the clock second) marks that answer keepable, and the request validator (request-validator.ts) keeps its
 * text by method, URL and body, so the same request in the same world is answered from the kept text without being
 * parsed, validated or computed again. The pure quotes answer so (`answerQuote`: previews, preview-only builders);
 * what the world is, and when it moves, is the keeper's business (src/runtime/quote-answer-cache.ts).
 */

/** A moment of the world: while the same object is current, a kept answer is still the answer. */
export type WorldStamp = object;

/** Where kept answers live (`services.quotes`). */
export interface KeptAnswers {
  /** The current world moment, or undefined while nothing may be kept (not started: nothing tells of changes). */
  stamp(): WorldStamp | undefined;
  /** The answer text kept for `key` at `stamp`, if any. */
  find(key: string, stamp: WorldStamp): string | undefined;
  /** Keeps `text` for `key` if `stamp` (read before the answer was computed) is still the current moment. */
  keep(key: string, text: string, stamp: WorldStamp): void;
}

const keepable = new WeakMap<Response, string>();

/** Marks `response` as the keepable answer whose body is `text` (a 200 computed from the request and world alone). */
export function markKeepable<R extends Response>(response: R, text: string): R {
  keepable.set(response, text);
  return response;
}

/** The body text of a keepable answer, or undefined for any other answer. */
export function keepableText(response: Response): string | undefined {
  return keepable.get(response);
}
