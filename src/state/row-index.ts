/**
 * The account store's index: owner program → kind → entries, an entry being the row of one chain's table that holds
 * an account (`rowEntry`). A group is a typed array the entries are appended to, so indexing an account hashes nothing:
 * a set of keys per group cost a live start at 100,000 owners 0.3 s of its main thread (424,000 inserts into sets of up
 * to 100,000 strings, each probe reading a stored key's hash from wherever that string lies), and its tables' growth.
 *
 * Entries are listed in the order they were added, as a set's would be: a removed entry leaves a hole, and a group
 * closes its holes once they are half of it, keeping the order of the rest. Where each entry lies in its group is kept
 * by entry (`#place`), so a removal looks nothing up.
 */

/** A row of one chain's table as one number: the row, doubled, plus 1 for the ER's table. */
export type RowEntry = number;

export function rowEntry(row: number, er: boolean): RowEntry {
  return row * 2 + (er ? 1 : 0);
}

/** The row of an entry. */
export const entryRow = (entry: RowEntry): number => Math.floor(entry / 2);

/** Whether an entry is a row of the ER's table. */
export const entryOnEr = (entry: RowEntry): boolean => entry % 2 === 1;

const HOLE = -1;

/** One group's entries: `[0, end)` of `entries`, holes among them. */
class RowGroup {
  entries = new Int32Array(8);
  end = 0;
  size = 0;
}

export class RowIndex {
  readonly #groups = new Map<string, Map<string, RowGroup>>();
  /** Where each entry lies in its group (entries not indexed: anything). */
  #place = new Int32Array(1024);
  /**
   * The group added to last, and its names: a load adds one kind of one owner after another, and a kind's name is a
   * new string for each account (hashing it for the lookup cost more than comparing it with the last).
   */
  #last: { owner: string; kind: string; group: RowGroup } | undefined;

  add(owner: string, kind: string, entry: RowEntry): void {
    const last = this.#last;
    const group = last !== undefined && last.owner === owner && last.kind === kind
      ? last.group
      : this.#groupToAdd(owner, kind);
    if (group.end === group.entries.length) {
      const grown = new Int32Array(group.entries.length * 2);
      grown.set(group.entries);
      group.entries = grown;
    }
    if (entry >= this.#place.length) {
      const grown = new Int32Array(Math.max(entry + 1, this.#place.length * 2));
      grown.set(this.#place);
      this.#place = grown;
    }
    this.#place[entry] = group.end;
    group.entries[group.end++] = entry;
    group.size++;
  }

  #groupToAdd(owner: string, kind: string): RowGroup {
    let inner = this.#groups.get(owner);
    if (!inner) this.#groups.set(owner, inner = new Map());
    let group = inner.get(kind);
    if (!group) inner.set(kind, group = new RowGroup());
    this.#last = { owner, kind, group };
    return group;
  }

  /** Removes an entry added under `owner` and `kind`; emptied groups go. */
  delete(owner: string, kind: string, entry: RowEntry): void {
    const inner = this.#groups.get(owner);
    const group = inner?.get(kind);
    const at = entry < this.#place.length ? this.#place[entry] : HOLE;
    if (!inner || !group || at < 0 || at >= group.end || group.entries[at] !== entry) {
      throw new Error(`row entry ${entry} is not indexed under ${owner} / ${kind}`);
    }
    group.entries[at] = HOLE;
    group.size--;
    if (group.size === 0) {
      if (this.#last?.group === group) this.#last = undefined;
      inner.delete(kind);
      if (inner.size === 0) this.#groups.delete(owner);
    } else if (group.size * 2 < group.end) this.#compact(group);
  }

  /** The entries of one group (none when it is absent). */
  entries(owner: string, kind: string): Iterable<RowEntry> {
    const group = this.#groups.get(owner)?.get(kind);
    return group ? entriesOf([group]) : [];
  }

  /** How many entries one group holds. */
  count(owner: string, kind: string): number {
    return this.#groups.get(owner)?.get(kind)?.size ?? 0;
  }

  /** The entries of every group under `owner`. */
  entriesOfOwner(owner: string): Iterable<RowEntry> {
    return entriesOf(this.#groups.get(owner)?.values() ?? []);
  }

  countOfOwner(owner: string): number {
    return sizeOf(this.#groups.get(owner)?.values() ?? []);
  }

  /** The entries of the groups named `kind`, under every owner. */
  entriesOfKind(kind: string): Iterable<RowEntry> {
    return entriesOf(this.#groupsNamed(kind));
  }

  countOfKind(kind: string): number {
    return sizeOf(this.#groupsNamed(kind));
  }

  *#groupsNamed(kind: string): Iterable<RowGroup> {
    for (const inner of this.#groups.values()) {
      const group = inner.get(kind);
      if (group) yield group;
    }
  }

  /** Closes a group's holes, keeping the order of its entries. */
  #compact(group: RowGroup): void {
    let to = 0;
    for (let from = 0; from < group.end; from++) {
      const entry = group.entries[from];
      if (entry === HOLE) continue;
      group.entries[to] = entry;
      this.#place[entry] = to++;
    }
    group.end = to;
  }
}

function* entriesOf(groups: Iterable<RowGroup>): Iterable<RowEntry> {
  for (const group of groups) {
    for (let i = 0; i < group.end; i++) {
      const entry = group.entries[i];
      if (entry !== HOLE) yield entry;
    }
  }
}

function sizeOf(groups: Iterable<RowGroup>): number {
  let n = 0;
  for (const group of groups) n += group.size;
  return n;
}
