/**
 * The app's router: hono's TrieRouter (the contract's paths put a parameter and a literal at the same place, e.g.
 * `/positions/{pubkey}` and `/positions/owner/{owner}`, which hono's faster RegExpRouter refuses), with the match of
 * every path that is a route's literal path (`/v2/health`, `/v2/prices`, no parameter) kept after its first request.
 * A trie search over the ~150 routes was a tenth of a small GET's time in-process; such a path always matches the
 * same handlers, so it is searched once. Only literal route paths are kept, so the kept set is bounded by the route
 * table whatever paths clients send; adding a route forgets every kept match.
 */
import type { Result, Router } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";

const isLiteral = (path: string) => !path.includes(":") && !path.includes("*");

export class LiteralPathRouter<T> implements Router<T> {
  readonly name = "LiteralPathRouter(TrieRouter)";
  readonly #trie = new TrieRouter<T>();
  readonly #literalPaths = new Set<string>();
  /** method → literal path → the trie's match. */
  readonly #kept = new Map<string, Map<string, Result<T>>>();

  add(method: string, path: string, handler: T): void {
    this.#trie.add(method, path, handler);
    if (isLiteral(path)) this.#literalPaths.add(path);
    this.#kept.clear();
  }

  match(method: string, path: string): Result<T> {
    let byPath = this.#kept.get(method);
    const kept = byPath?.get(path);
    if (kept) return kept;
    const result = this.#trie.match(method, path);
    if (this.#literalPaths.has(path)) {
      if (!byPath) this.#kept.set(method, byPath = new Map());
      byPath.set(path, result);
    }
    return result;
  }
}
