/**
 * Answers cached as JSON text: a cache's value is serialized once, on the first read, and every later read of the
 * same value serves the same text instead of re-serializing it per request. Keyed by the cached value itself (its
 * identity) and the shape the answer gives it, so a cache that replaces its value (a price change, a pool-stats
 * refresh) needs no invalidation, and a value built afresh per read (a cache before `start()`) is simply serialized
 * per read.
 *
 * Text rather than UTF-8 bytes: Deno.serve sends a string body cheaper than a byte array (which it copies, and which
 * with more than one response header takes it off its fast path: bench/HISTORY.md).
 */

/**
 * `JSON.stringify` of a `T`, held in an object so what is derived from it once (its entity tag: src/http/
 * entity-tag.ts) can be remembered beside it. The brand only carries the type to the handler that serves it.
 */
export interface JsonText<T> {
  readonly text: string;
  readonly __json?: T;
}

export class JsonCache<S extends object> {
  readonly #cached = new WeakMap<S, Map<(source: S) => unknown, JsonText<unknown>>>();

  /** `shape(source)` as JSON text, serialized once per (source, shape); `shape` should be a module-level function. */
  of<T>(source: S, shape: (source: S) => T): JsonText<T> {
    let byShape = this.#cached.get(source);
    if (!byShape) this.#cached.set(source, byShape = new Map());
    let cached = byShape.get(shape);
    if (!cached) byShape.set(shape, cached = Object.freeze({ text: JSON.stringify(shape(source)) }));
    return cached as JsonText<T>;
  }
}
