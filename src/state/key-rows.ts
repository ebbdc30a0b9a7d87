/**
 * Account keys → the rows of a table that hold them: an open-addressing hash table over typed arrays, each slot a row and
 * that key's hash. A lookup reads one slot (and its neighbours, in the same cache line) and compares the stored hash
 * before it touches a stored key, so a key that is absent, which is every key of a first load, is found absent without
 * reading a string the table holds. A `Map` of strings reads, for each probe, the entry and the stored key's hash from
 * wherever that string lies: at 100,000 owners the first lookup of each new key was 0.95 s of a live start's main
 * thread. Measured in isolation (424,000 fresh keys, each looked up then added, with other memory touched in between):
 * 134–191 ms against 380–643 ms for a `Map`.
 *
 * The hash is seeded per process, so keys cannot be chosen to collide (accounts are created by anyone, with keys they
 * may grind). Rows are numbers the caller allocates (small, reused); the table also keeps each row's key.
 */

const EMPTY = -1;
const SEED = crypto.getRandomValues(new Uint32Array(1))[0];

/** The last key hashed, and its hash: a write looks its key up in two tables, then adds it to one. */
let lastKey: string | undefined;
let lastHash = 0;

/** A seeded FNV-1a over the key's UTF-16 units, finished with MurmurHash3's mix so every bit reaches the low ones. */
export function keyHash(key: string): number {
  if (key === lastKey) return lastHash;
  let h = SEED ^ 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  lastKey = key;
  lastHash = h >>> 0;
  return lastHash;
}

export class KeyRows {
  /** Per slot: the row held there, or EMPTY. */
  #rows = new Int32Array(16).fill(EMPTY);
  /** Per slot: the hash of the key held there. */
  #hashes = new Uint32Array(16);
  #mask = 15;
  #size = 0;
  /** Per row: its key (undefined: a row free or never used). */
  readonly #keys: (string | undefined)[] = [];

  get size(): number {
    return this.#size;
  }

  /** The row holding `key`, or -1. */
  get(key: string): number {
    const slot = this.#slotOf(key, keyHash(key));
    return slot === EMPTY ? EMPTY : this.#rows[slot];
  }

  has(key: string): boolean {
    return this.get(key) !== EMPTY;
  }

  /**
   * The row holding `key`; when none does, records that `row` holds it and returns `row`. One probe where `get` then
   * `add` would take two: most writes of a load are of keys not held yet.
   */
  getOrAdd(key: string, row: number): number {
    if (row < 0 || row > 0x7fffffff) throw new RangeError(`row ${row} out of range`);
    if ((this.#size + 1) * 2 > this.#rows.length) this.#grow();
    const hash = keyHash(key);
    const mask = this.#mask;
    let slot = hash & mask;
    for (let held = this.#rows[slot]; held !== EMPTY; held = this.#rows[slot]) {
      if (this.#hashes[slot] === hash && this.#keys[held] === key) return held;
      slot = (slot + 1) & mask;
    }
    this.#rows[slot] = row;
    this.#hashes[slot] = hash;
    this.#keys[row] = key;
    this.#size++;
    return row;
  }

  /** Forgets `key`; returns the row that held it, or -1. */
  delete(key: string): number {
    let slot = this.#slotOf(key, keyHash(key));
    if (slot === EMPTY) return EMPTY;
    const row = this.#rows[slot];
    this.#keys[row] = undefined;
    this.#size--;
    // Backward-shift deletion: the entries after the freed slot that would no longer be found past it move back into it.
    const mask = this.#mask;
    for (let next = (slot + 1) & mask;; next = (next + 1) & mask) {
      const moved = this.#rows[next];
      if (moved === EMPTY) break;
      const home = this.#hashes[next] & mask;
      // The entry at `next` stays when its home lies cyclically in (slot, next].
      const stays = slot <= next ? home > slot && home <= next : home > slot || home <= next;
      if (stays) continue;
      this.#rows[slot] = moved;
      this.#hashes[slot] = this.#hashes[next];
      slot = next;
    }
    this.#rows[slot] = EMPTY;
    return row;
  }

  /** The key a row holds (undefined when the row holds none). */
  keyAt(row: number): string | undefined {
    return this.#keys[row];
  }

  /** Keys in row order. */
  *keys(): IterableIterator<string> {
    for (const key of this.#keys) if (key !== undefined) yield key;
  }

  /** Keys and their rows, in row order. */
  *entries(): IterableIterator<[string, number]> {
    for (let row = 0; row < this.#keys.length; row++) {
      const key = this.#keys[row];
      if (key !== undefined) yield [key, row];
    }
  }

  /** The slot holding `key`, or EMPTY. */
  #slotOf(key: string, hash: number): number {
    const mask = this.#mask;
    for (let slot = hash & mask;; slot = (slot + 1) & mask) {
      const row = this.#rows[slot];
      if (row === EMPTY) return EMPTY;
      if (this.#hashes[slot] === hash && this.#keys[row] === key) return slot;
    }
  }

  /** Twice the slots, every entry placed again from its stored hash (no key is read or hashed). */
  #grow(): void {
    const rows = this.#rows;
    const hashes = this.#hashes;
    const size = rows.length * 2;
    this.#rows = new Int32Array(size).fill(EMPTY);
    this.#hashes = new Uint32Array(size);
    this.#mask = size - 1;
    for (let i = 0; i < rows.length; i++) {
      if (rows[i] === EMPTY) continue;
      let slot = hashes[i] & this.#mask;
      while (this.#rows[slot] !== EMPTY) slot = (slot + 1) & this.#mask;
      this.#rows[slot] = rows[i];
      this.#hashes[slot] = hashes[i];
    }
  }
}
