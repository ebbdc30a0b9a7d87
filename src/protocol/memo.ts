/**
 * A bounded memo: values computed once per key and remembered, at most `limit` entries cached. For derived values that
 * never go stale (a key's bytes, a PDA, an instruction that depends only on its number): a repeated request costs a
 * lookup, and no stream of distinct keys can grow the memory without end. A computation that throws leaves nothing
 * behind.
 *
 * Two generations of half the bound each: new entries go to the young one; when it is full it becomes the old one and
 * the previous old one is dropped; a hit in the old generation is copied back into the young one. So what was used
 * during the last half-bound of misses stays, and every step is O(1). (Evicting the oldest entry of one `Map` instead
 * looked O(1) but is not: V8 leaves deleted entries as holes that `keys().next()` walks past, so a stream of distinct
 * keys through a full memo went quadratic: 300,000 keys through 65,536 entries took 5.2 s.)
 */
export class BoundedMemo<K, V> {
  #young = new Map<K, V>();
  #old = new Map<K, V>();
  #limit = 1;
  #generation = 1;

  constructor(limit: number) {
    this.limit = limit;
  }

  get limit(): number {
    return this.#limit;
  }

  /** Changes the bound (entries already cached beyond it go at the next generation change). */
  set limit(limit: number) {
    if (!(limit >= 1)) throw new RangeError(`a memo holds at least one entry (got ${limit})`);
    this.#limit = limit;
    this.#generation = Math.max(1, Math.floor(limit / 2));
  }

  /** The value remembered for `key`, else `compute(key)` remembered. */
  get(key: K, compute: (key: K) => V): V {
    return this.find(key) ?? this.remember(key, compute(key));
  }

  /** The value remembered for `key`, or undefined (a hit in the old generation is carried into the young one). */
  find(key: K): V | undefined {
    const young = this.#young.get(key);
    if (young !== undefined) return young;
    const old = this.#old.get(key);
    return old === undefined ? undefined : this.remember(key, old);
  }

  /** Remembers `value` for `key` (for a value only some keys get: a caller that decides what is worth keeping). */
  remember(key: K, value: V): V {
    if (this.#young.size >= this.#generation) {
      // A bound of one has room for a single generation.
      this.#old = this.#limit >= 2 ? this.#young : new Map();
      this.#young = new Map();
    }
    this.#young.set(key, value);
    return value;
  }

  /** Entries cached (a key copied back from the old generation counts in both until the old one is dropped). */
  get size(): number {
    return this.#young.size + this.#old.size;
  }

  clear(): void {
    this.#young.clear();
    this.#old.clear();
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
