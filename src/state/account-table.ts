/**
 * One chain's account copies, held by key. An account whose bytes are packed (`PackedRawAccount`: what a chain source
 * writes) is kept as a row of typed columns (slot, lamports, owner, the packed segments' slab and place) instead of as
 * its objects: at 100,000 owners a store holds 424,000 accounts, and an account object with its packed form was 144
 * bytes of heap each, every one of them copied by the young-generation collector and faulted in during the first load
 * (retaining two more such objects per account cost a live start 85–95 MiB of peak RSS and 0.3–1.7 s, 5 alternated
 * pairs). Columns hold no references, so the collector never scans them, and they grow a page at a time, so growing
 * copies nothing and leaves no garbage. Any other account (plain bytes) is kept as it is. The in-process replay holds
 * its accounts in such a table too (`../replay/recorded-accounts.ts`), so the store's rows point into the very slabs
 * the replay's rows do: one copy of each account's bytes, and no object per account in either.
 *
 * Readers get a `RawAccount` as before, made on demand for a packed row. Its packed form is what caches of decoded
 * values key by (`bytesIdentity`), so a row keeps the form it last gave out while it is read (`#forms`): the same
 * segments give the same object, and hot accounts stay decoded once.
 */
import type { Chain, RawAccount } from "./types.ts";
import { PackedBytes } from "./packed-bytes.ts";
import { PackedRawAccount } from "./packed-account.ts";
import { BoundedMemo } from "../protocol/memo.ts";
import { KeyRows } from "./key-rows.ts";

/** The slab id of a row held as an object. */
const OBJECT_ROW = 0xffffffff;

/**
 * Slabs the rows' segments lie in, by a small id (a column of ids costs 4 bytes a row, a column of references 8), with
 * a count of the rows in each, so a slab no row uses any more is let go (a notification's bytes have a buffer of their
 * own, replaced at the next change).
 */
class SlabRegistry {
  readonly #ids = new Map<Uint8Array, number>();
  readonly #slabs: (Uint8Array | undefined)[] = [];
  readonly #rows: number[] = [];
  readonly #freeIds: number[] = [];
  /** The last slab acquired: a bulk load packs hundreds of accounts in a row into one slab. */
  #lastSlab: Uint8Array | undefined;
  #lastId = 0;

  acquire(slab: Uint8Array): number {
    let id = slab === this.#lastSlab ? this.#lastId : this.#ids.get(slab);
    if (id === undefined) {
      id = this.#freeIds.pop() ?? this.#slabs.length;
      this.#ids.set(slab, id);
      this.#slabs[id] = slab;
      this.#rows[id] = 0;
    }
    this.#lastSlab = slab;
    this.#lastId = id;
    this.#rows[id]++;
    return id;
  }

  release(id: number): void {
    if (--this.#rows[id] > 0) return;
    const slab = this.#slabs[id];
    if (slab === undefined) return;
    this.#ids.delete(slab);
    this.#slabs[id] = undefined;
    this.#freeIds.push(id);
    if (slab === this.#lastSlab) this.#lastSlab = undefined;
  }

  slab(id: number): Uint8Array {
    const slab = this.#slabs[id];
    if (slab === undefined) throw new Error(`slab ${id} was released while a row uses it`);
    return slab;
  }

  /** Slabs in use (tests). */
  get size(): number {
    return this.#ids.size;
  }
}

/** Rows a page of columns holds. */
const PAGE_ROWS = 1 << 14;
const PAGE_SHIFT = 14;
const PAGE_MASK = PAGE_ROWS - 1;

/** Lamports a column holds; any other amount (none on a chain) makes the account an object row. */
const MAX_LAMPORTS = (1n << 64n) - 1n;

/**
 * One page of the columns: rows [k * PAGE_ROWS, (k + 1) * PAGE_ROWS). Every row has a slot and a slab id; the packed
 * rows' columns and the other rows' objects are made for the first row of the page that needs them, so a page of
 * packed accounts has no objects, and a page of plain ones no packed columns.
 */
class ColumnPage {
  readonly slot = new Float64Array(PAGE_ROWS);
  /** The slab's id in the table's registry, or OBJECT_ROW for a row kept as an object. */
  readonly slabId = new Uint32Array(PAGE_ROWS);
  packed: PackedColumns | undefined;
  objects: (RawAccount | undefined)[] | undefined;
}

/** What a packed row holds besides its slot and slab id. */
class PackedColumns {
  readonly lamports = new BigUint64Array(PAGE_ROWS);
  readonly offset = new Uint32Array(PAGE_ROWS);
  readonly size = new Uint32Array(PAGE_ROWS);
  readonly length = new Uint32Array(PAGE_ROWS);
  readonly owner = new Uint32Array(PAGE_ROWS);
  /** The bytes' first 8 bytes in hex (`PackedBytes.prefix`), by id. */
  readonly prefix = new Uint32Array(PAGE_ROWS);
  readonly executable = new Uint8Array(PAGE_ROWS);
}

/**
 * Strings by a small id, kept for the table's life: owners (a handful of programs) and prefixes (a few dozen account
 * kinds: the sources take only the configured programs' accounts and a few extra ones, so the set stays small).
 */
class Interned {
  readonly #ids = new Map<string, number>();
  readonly #values: string[] = [];
  /** The last value asked for: a load writes one kind of one owner after another, each kind's name a new string. */
  #lastValue: string | undefined;
  #lastId = 0;

  id(value: string): number {
    if (value === this.#lastValue) return this.#lastId;
    let id = this.#ids.get(value);
    if (id === undefined) {
      id = this.#values.length;
      this.#ids.set(value, id);
      this.#values.push(value);
    }
    this.#lastValue = value;
    this.#lastId = id;
    return id;
  }

  value(id: number): string {
    return this.#values[id];
  }
}

/** Enough forms for every account a second's requests read, far fewer than a large deployment's accounts. */
const FORMS_KEPT = 16_384;

export class AccountTable {
  /** Which row holds each key (`key-rows.ts`), and each row's key. */
  readonly #rows = new KeyRows();
  readonly #pages: ColumnPage[] = [];
  readonly #freeRows: number[] = [];
  #used = 0;
  readonly #slabs = new SlabRegistry();
  readonly #owners = new Interned();
  readonly #prefixes = new Interned();
  /**
   * The packed form each recently read row gave out, so reading a row again gives the same object while its segments
   * are the same ones (a rewrite with equal bytes keeps the segments held, `chain-source.ts`).
   */
  readonly #forms = new BoundedMemo<number, PackedBytes>(FORMS_KEPT);

  constructor(readonly chain: Chain) {}

  get size(): number {
    return this.#rows.size;
  }

  has(pubkey: string): boolean {
    return this.#rows.has(pubkey);
  }

  get(pubkey: string): RawAccount | undefined {
    const row = this.#rows.get(pubkey);
    return row < 0 ? undefined : this.#accountAt(pubkey, row);
  }

  /**
   * As `get`, remembering no packed form: for a reader that never keys a cache by one (a replay's RPC answer, read once
   * per account listed), so a listing of 400,000 accounts costs no memo write each and evicts no hot account's form.
   */
  peek(pubkey: string): RawAccount | undefined {
    const row = this.#rows.get(pubkey);
    return row < 0 ? undefined : this.#accountAt(pubkey, row, false);
  }

  /** The row holding `pubkey`, or -1. A row stays the key's while it is held, rewritten or not. */
  rowOf(pubkey: string): number {
    return this.#rows.get(pubkey);
  }

  /** The slot of the copy a row holds. */
  slotAt(row: number): number {
    return this.#pages[row >>> PAGE_SHIFT].slot[row & PAGE_MASK];
  }

  /** The key a row holds. */
  keyAt(row: number): string {
    const key = this.#rows.keyAt(row);
    if (key === undefined) throw new Error(`row ${row} holds no account`);
    return key;
  }

  /** The account a row holds. */
  accountAt(row: number): RawAccount {
    return this.#accountAt(this.keyAt(row), row);
  }

  /** The account a row holds, as `peek` reads it (no packed form remembered). */
  peekAt(row: number): RawAccount {
    return this.#accountAt(this.keyAt(row), row, false);
  }

  /** Keys in row order (a table nothing was deleted from: the order they were set in). */
  keys(): IterableIterator<string> {
    return this.#rows.keys();
  }

  /** Every account, in row order, each read as `get` reads it. */
  *values(): IterableIterator<RawAccount> {
    for (const [pubkey, row] of this.#rows.entries()) yield this.#accountAt(pubkey, row);
  }

  /**
   * Every account, in row order, remembering none of the packed forms it gives out: a walk over a whole replayed chain
   * would push the forms of the accounts being read out of `#forms` for accounts read once, at a map write each.
   */
  *scan(): IterableIterator<RawAccount> {
    for (const [pubkey, row] of this.#rows.entries()) yield this.#accountAt(pubkey, row, false);
  }

  /** Holds `account` (of this table's chain) in place of any copy held for its key; returns its row. */
  set(account: RawAccount): number {
    const free = this.#nextRow();
    const row = this.#rows.getOrAdd(account.pubkey, free);
    const held = row !== free; // a free row holds no key
    if (!held) this.#takeRow();
    const packed = account instanceof PackedRawAccount && account.lamports >= 0n && account.lamports <= MAX_LAMPORTS
      ? account.packed
      : undefined;
    // The new slab is counted before the old one is let go: a rewrite in the same slab keeps it registered.
    const id = packed ? this.#slabs.acquire(packed.slab) : OBJECT_ROW;
    const page = this.#pages[row >>> PAGE_SHIFT];
    const i = row & PAGE_MASK;
    if (held) this.#letGo(row);
    page.slot[i] = account.slot;
    page.slabId[i] = id;
    if (packed) {
      const columns = page.packed ??= new PackedColumns();
      columns.offset[i] = packed.offset;
      columns.size[i] = packed.size;
      columns.length[i] = packed.length;
      columns.prefix[i] = this.#prefixes.id(packed.prefix);
      columns.lamports[i] = account.lamports;
      columns.owner[i] = this.#owners.id(account.owner);
      columns.executable[i] = account.executable ? 1 : 0;
    } else {
      const objects = page.objects ??= new Array(PAGE_ROWS);
      objects[i] = account;
    }
    return row;
  }

  delete(pubkey: string): boolean {
    const row = this.#rows.delete(pubkey);
    if (row < 0) return false;
    this.#letGo(row);
    this.#freeRows.push(row);
    return true;
  }

  /** Slabs the table's rows use (tests: a slab no row uses is let go). */
  get slabsInUse(): number {
    return this.#slabs.size;
  }

  #accountAt(pubkey: string, row: number, remember = true): RawAccount {
    const page = this.#pages[row >>> PAGE_SHIFT];
    const i = row & PAGE_MASK;
    const id = page.slabId[i];
    if (id === OBJECT_ROW) {
      const object = page.objects?.[i];
      if (object === undefined) throw new Error(`row ${row} of ${pubkey} holds nothing`);
      return object;
    }
    const columns = page.packed;
    if (columns === undefined) throw new Error(`row ${row} of ${pubkey} has no packed columns`);
    return new PackedRawAccount(
      pubkey,
      this.#owners.value(columns.owner[i]),
      columns.lamports[i],
      this.#packedAt(row, columns, i, id, remember),
      columns.executable[i] === 1,
      page.slot[i],
      this.chain,
    );
  }

  #packedAt(row: number, columns: PackedColumns, i: number, id: number, remember: boolean): PackedBytes {
    const slab = this.#slabs.slab(id);
    const offset = columns.offset[i];
    const size = columns.size[i];
    const length = columns.length[i];
    const given = this.#forms.find(row);
    if (given && given.slab === slab && given.offset === offset && given.size === size && given.length === length) {
      return given;
    }
    const packed = new PackedBytes(slab, offset, size, length, this.#prefixes.value(columns.prefix[i]));
    return remember ? this.#forms.remember(row, packed) : packed;
  }

  /** What a row held before it is rewritten or freed: its slab's count, or its object. */
  #letGo(row: number): void {
    const page = this.#pages[row >>> PAGE_SHIFT];
    const id = page.slabId[row & PAGE_MASK];
    if (id !== OBJECT_ROW) this.#slabs.release(id);
    else if (page.objects) page.objects[row & PAGE_MASK] = undefined;
  }

  /** The row a new key goes to: the last one freed, else the next never used. */
  #nextRow(): number {
    const freed = this.#freeRows.length;
    return freed > 0 ? this.#freeRows[freed - 1] : this.#used;
  }

  /** Takes the row `#nextRow` gave. */
  #takeRow(): void {
    if (this.#freeRows.pop() !== undefined) return;
    if ((this.#used & PAGE_MASK) === 0) this.#pages.push(new ColumnPage());
    this.#used++;
  }
}
