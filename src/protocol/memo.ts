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
 * A bounded memo keyed by a path of up to five strings (`program, seed name, key, key, key`), as nested maps: a
 * lookup hashes each part (strings that already exist and keep their hash) instead of building and hashing one long
 * key, and allocates nothing. Past `limit` values it starts over empty (a tree has no cheap "oldest entry"); the
 * values are derived and never stale, so that only costs recomputing them. A path ends at its first undefined part.
 */
export class PathMemo<V> {
  #root: PathNode<V> = { value: undefined, children: undefined };
  #size = 0;

  constructor(readonly limit: number) {
    if (!(limit >= 1)) throw new RangeError(`a memo holds at least one entry (got ${limit})`);
  }

  /** The value remembered at the path, or undefined. */
  find(a: string, b?: string, c?: string, d?: string, e?: string): V | undefined {
    let node = this.#root.children?.get(a);
    if (b !== undefined) node = node?.children?.get(b);
    if (c !== undefined) node = node?.children?.get(c);
    if (d !== undefined) node = node?.children?.get(d);
    if (e !== undefined) node = node?.children?.get(e);
    return node?.value;
  }

  /** Remembers `value` at the path (starting over first when the memo is full); returns it. */
  remember(value: V, a: string, b?: string, c?: string, d?: string, e?: string): V {
    if (this.#size >= this.limit) this.clear();
    let node = this.#child(this.#root, a);
    if (b !== undefined) node = this.#child(node, b);
    if (c !== undefined) node = this.#child(node, c);
    if (d !== undefined) node = this.#child(node, d);
    if (e !== undefined) node = this.#child(node, e);
    if (node.value === undefined) this.#size++;
    node.value = value;
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
