/**
 * A bounded memo: values computed once per key and remembered, the oldest entry evicted first once `limit` entries
 * are held (a `Map` keeps insertion order). For derived values that never go stale (a key's bytes, a PDA, an
 * instruction that depends only on its number): a repeated request costs a lookup, and no stream of distinct keys
 * can grow the memory without end. A computation that throws leaves nothing behind.
 */
export class BoundedMemo<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(public limit: number) {
    if (!(limit >= 1)) throw new RangeError(`a memo holds at least one entry (got ${limit})`);
  }

  /** The value remembered for `key`, else `compute(key)` remembered. */
  get(key: K, compute: (key: K) => V): V {
    let value = this.#entries.get(key);
    if (value === undefined) {
      value = compute(key);
      if (this.#entries.size >= this.limit) this.#entries.delete(this.#entries.keys().next().value as K);
      this.#entries.set(key, value);
    }
    return value;
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }
}
