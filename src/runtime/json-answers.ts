/**
 * Answers kept as JSON bytes: a cache's kept value is serialized once, on the first read, and every later read of
 * the same value serves the same bytes instead of re-serializing it per request. Keyed by the kept value itself (its
 * identity) and the shape the answer gives it, so a cache that replaces its value (a price change, a pool-stats
 * refresh) needs no invalidation, and a value built afresh per read (a cache before `start()`) is simply serialized
 * per read.
 */

/** UTF-8 bytes of `JSON.stringify` of a `T` (the brand only carries the type to the handler that serves them). */
export type JsonBytes<T> = Uint8Array<ArrayBuffer> & { readonly __json?: T };

const encoder = new TextEncoder();

export class JsonAnswers<S extends object> {
  readonly #kept = new WeakMap<S, Map<(source: S) => unknown, Uint8Array<ArrayBuffer>>>();

  /** `shape(source)` as JSON bytes, serialized once per (source, shape); `shape` should be a module-level function. */
  of<T>(source: S, shape: (source: S) => T): JsonBytes<T> {
    let byShape = this.#kept.get(source);
    if (!byShape) this.#kept.set(source, byShape = new Map());
    let bytes = byShape.get(shape);
    if (!bytes) byShape.set(shape, bytes = encoder.encode(JSON.stringify(shape(source))));
    return bytes as JsonBytes<T>;
  }
}
