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

interface PathNode<V> {
  value: V | undefined;
  children: Map<string, PathNode<V>> | undefined;
}

/**
 * A bounded memo keyed by a path of strings (`[program, seed name, key, key]`), as nested maps: a lookup hashes each
 * part (strings that already exist and keep their hash) instead of building and hashing one long key per call.
 * Past `limit` values it starts over empty (a tree has no cheap "oldest entry"); the values are derived and never
 * stale, so that only costs recomputing them.
 */
export class PathMemo<V> {
  #root: PathNode<V> = { value: undefined, children: undefined };
  #size = 0;

  constructor(readonly limit: number) {
    if (!(limit >= 1)) throw new RangeError(`a memo holds at least one entry (got ${limit})`);
  }

  /** The value remembered at `first/...rest`, else `compute()` remembered there. */
  get(first: string, rest: readonly string[], compute: () => V): V {
    let node = this.#root.children?.get(first);
    for (let i = 0; node !== undefined && i < rest.length; i++) node = node.children?.get(rest[i]);
    if (node?.value !== undefined) return node.value;
    const value = compute();
    if (this.#size >= this.limit) this.clear();
    let at = this.#child(this.#root, first);
    for (const part of rest) at = this.#child(at, part);
    at.value = value;
    this.#size++;
    return value;
  }

  #child(node: PathNode<V>, part: string): PathNode<V> {
    const children = node.children ??= new Map();
    let next = children.get(part);
    if (next === undefined) children.set(part, next = { value: undefined, children: undefined });
    return next;
  }

  get size(): number {
    return this.#size;
  }

  clear(): void {
    this.#root = { value: undefined, children: undefined };
    this.#size = 0;
  }
}
