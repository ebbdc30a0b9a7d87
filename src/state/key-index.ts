/**
 * Account keys grouped two levels deep (owner program → kind → keys): what the replay's chain state lists accounts by
 * (the account store indexes rows instead: `row-index.ts`). One Set entry per account; listing by the first level alone
 * is a union over its groups.
 */
export class KeyIndex {
  readonly #groups = new Map<string, Map<string, Set<string>>>();

  add(first: string, second: string, key: string): void {
    let inner = this.#groups.get(first);
    if (!inner) this.#groups.set(first, inner = new Map());
    let keys = inner.get(second);
    if (!keys) inner.set(second, keys = new Set());
    keys.add(key);
  }

  /** Removes a key; emptied groups go too. */
  delete(first: string, second: string, key: string): void {
    const inner = this.#groups.get(first);
    const keys = inner?.get(second);
    if (!inner || !keys) return;
    keys.delete(key);
    if (keys.size === 0) inner.delete(second);
    if (inner.size === 0) this.#groups.delete(first);
  }

  clear(): void {
    this.#groups.clear();
  }

  /** The keys of one group (absent: none). */
  group(first: string, second: string): ReadonlySet<string> | undefined {
    return this.#groups.get(first)?.get(second);
  }

  /** Every group under `first`. */
  groupsOf(first: string): Iterable<ReadonlySet<string>> {
    return this.#groups.get(first)?.values() ?? [];
  }

  /** The groups named `second`, under every first level. */
  *groupsNamed(second: string): Iterable<ReadonlySet<string>> {
    for (const inner of this.#groups.values()) {
      const keys = inner.get(second);
      if (keys) yield keys;
    }
  }
}

/** Keys of several groups, one after the other. */
export function* keysOf(groups: Iterable<ReadonlySet<string>>): Iterable<string> {
  for (const keys of groups) yield* keys;
}
