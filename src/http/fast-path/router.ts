/**
 * The app's router: hono's TrieRouter (the contract's paths put a parameter and a literal at the same place, e.g.
 * `/positions/{pubkey}` and `/positions/owner/{owner}`, which hono's faster RegExpRouter refuses), with its matches
 * cached:
 *
 * - a route's literal path (`/v2/health`, `/v2/prices`) is searched once: it always matches the same handlers, and the
 *   cache of those is bounded by the route table whatever paths clients send;
 * - a path that matched a parameter route (`/v2/owner/<key>`, `/positions/owner/<key>`) is cached in a bounded memo
 *   (src/protocol/memo.ts: what was used lately stays, every step O(1) however many distinct paths clients send),
 *   so the owners and accounts being polled are not searched for again on every request: the trie search (splitting
 *   the path, walking ~150 routes' nodes, collecting the middleware) is a visible part of such a request's time
 *   (bench/HISTORY.md).
 *
 * A cached match is shared between requests: hono only reads it (the parameter values it holds are the same for the
 * same path). Paths of no route are never cached, so a scan of random paths cannot fill the memo with dead entries
 * beyond its bound. Adding a route forgets every cached match.
 */
import type { Result, Router } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";
import { BoundedMemo } from "../../protocol/memo.ts";

const isLiteral = (path: string) => !path.includes(":") && !path.includes("*");

/** Parameter paths cached per method (a few hundred bytes each). */
export const CACHED_PARAMETER_PATHS = 4096;
/** Longer paths are matched afresh: no route has a path near this long, and a cached key should stay small. */
const LONGEST_CACHED_PATH = 160;

export class CachedMatchRouter<T> implements Router<T> {
  readonly name = "CachedMatchRouter(TrieRouter)";
  readonly #trie = new TrieRouter<T>();
  readonly #literalPaths = new Set<string>();
  /** method → literal path → the trie's match (bounded by the route table). */
  readonly #literal = new Map<string, Map<string, Result<T>>>();
  /** method → parameter path → the trie's match. */
  readonly #parameter = new Map<string, BoundedMemo<string, Result<T>>>();
  readonly #parameterLimit: number;

  constructor(parameterLimit = CACHED_PARAMETER_PATHS) {
    this.#parameterLimit = parameterLimit;
  }

  add(method: string, path: string, handler: T): void {
    this.#trie.add(method, path, handler);
    if (isLiteral(path)) this.#literalPaths.add(path);
    this.#literal.clear();
    this.#parameter.clear();
  }

  match(method: string, path: string): Result<T> {
    const cached = this.#literal.get(method)?.get(path) ?? this.#parameter.get(method)?.find(path);
    if (cached) return cached;
    const result = this.#trie.match(method, path);
    if (this.#literalPaths.has(path)) {
      let byPath = this.#literal.get(method);
      if (!byPath) this.#literal.set(method, byPath = new Map());
      byPath.set(path, result);
    } else if (path.length <= LONGEST_CACHED_PATH && matchedARoute(result)) {
      let byPath = this.#parameter.get(method);
      if (!byPath) this.#parameter.set(method, byPath = new BoundedMemo(this.#parameterLimit));
      byPath.remember(path, result);
    }
    return result;
  }
}

/**
 * Whether the match holds a route with a parameter, not only the catch-all middleware (a path of no route matches
 * `/*` and nothing else: its parameter map is empty, while a parameter route's holds the parameter).
 */
function matchedARoute<T>(result: Result<T>): boolean {
  for (const entry of result[0]) {
    const params = entry[1] as Record<string, unknown>;
    for (const _ in params) return true;
  }
  return false;
}
