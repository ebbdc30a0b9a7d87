import type { Chain, RawAccount, Unsubscribe } from "./types.ts";
import { fromHex, hex, hexPrefix8 } from "../protocol/codec/bytes.ts";
import { dataLength, prefixHex8, sameBytes } from "./packed-bytes.ts";
import { CodecError } from "../protocol/codec/errors.ts";
import { entryOnEr, entryRow, type RowEntry, rowEntry, RowIndex } from "./row-index.ts";
import { AccountTable } from "./account-table.ts";

/** An effective change: what `get(pubkey)` returned before and after. */
export interface AccountChange {
  pubkey: string;
  before: RawAccount | null;
  after: RawAccount | null;
}

export type AccountChangeListener = (change: AccountChange) => void;

/**
 * Outcome of a write:
 * - `changed`: the effective account changed (listeners were told);
 * - `unchanged`: stored (for example a newer slot, or a base copy hidden by an ER copy) but nothing visible changed;
 * - `stale`: refused because the store already holds a newer slot for that key on that chain.
 */
export type ApplyResult = "changed" | "unchanged" | "stale";

/** Hex of the first 8 bytes (Anchor discriminator), or undefined for shorter data. */
export function discriminatorKey(data: Uint8Array): string | undefined {
  return data.length < 8 ? undefined : hexPrefix8(data);
}

const LOWER_HEX_8_BYTES = /^[0-9a-f]{16}$/;

/** A discriminator given as 8 bytes or 16 hex digits (either case), as its index key. */
function normalizeDiscriminator(disc: Uint8Array | string): string {
  // The usual caller passes the index key itself (DISCRIMINATORS.X.hex): no bytes round trip per count.
  if (typeof disc === "string" && LOWER_HEX_8_BYTES.test(disc)) return disc;
  const bytes = typeof disc === "string" ? fromHex(disc, 8) : disc;
  if (bytes.length !== 8) throw new CodecError("discriminator must be 8 bytes");
  return hex(bytes);
}

/** Same visible content (slot and chain ignored). */
export function sameAccountContent(a: RawAccount | null | undefined, b: RawAccount | null | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  if (a.owner !== b.owner || a.lamports !== b.lamports || a.executable !== b.executable) return false;
  return sameBytes(a, b);
}

/** What `get` returns for a key, with its index entry (the row holding it). */
interface Effective {
  readonly account: RawAccount;
  readonly entry: RowEntry;
}

/** The index key of data shorter than a discriminator: listed by owner, never by discriminator. */
const NO_DISCRIMINATOR = "";

/** An account's index key (its discriminator), read without expanding packed bytes. */
function kindOf(account: RawAccount): string {
  return dataLength(account) < 8 ? NO_DISCRIMINATOR : prefixHex8(account);
}

/**
 * Raw accounts of both chains. The effective account for a key is the ER copy when there is one, else the base copy
 * (DECISIONS 5.2: ER first, base fallback). Owner and discriminator indexes cover effective accounts only, so listing
 * never scans the whole store.
 */
export class AccountStore {
  /** Each chain's copies (`account-table.ts`: a packed account is held as columns, not objects). */
  readonly #copies: Record<Chain, AccountTable> = { base: new AccountTable("base"), er: new AccountTable("er") };
  /** Slot at which a key was deleted, so an older full load cannot resurrect it. */
  readonly #tombstones: Record<Chain, Map<string, number>> = { base: new Map(), er: new Map() };
  /**
   * owner → discriminator (hex) → the rows of the effective accounts (`row-index.ts`), so one program's accounts of one
   * kind are listed and counted without a scan. The one index: by owner, or by discriminator alone, is a union over it
   * (owners are programs, a handful), which saves two more entries per account (a 100,000-owner deployment has 400,000
   * accounts).
   */
  readonly #index = new RowIndex();
  readonly #listeners = new Set<AccountChangeListener>();
  readonly #slots: Record<Chain, number> = { base: 0, er: 0 };
  #listenerErrors = 0;

  /** Effective account (ER wins over base). */
  get(pubkey: string): RawAccount | undefined {
    return this.#copies.er.get(pubkey) ?? this.#copies.base.get(pubkey);
  }

  /**
   * As `get`, remembering no packed form (`AccountTable.peek`): for a sweep that reads every account of a kind once and
   * keys nothing by its bytes, so it neither pays a memo write per account nor pushes the hot accounts' forms out.
   */
  peek(pubkey: string): RawAccount | undefined {
    return this.#copies.er.peek(pubkey) ?? this.#copies.base.peek(pubkey);
  }

  /** The copy held for one chain. */
  getFrom(chain: Chain, pubkey: string): RawAccount | undefined {
    return this.#copies[chain].get(pubkey);
  }

  /** Number of copies held for a chain, or of effective accounts when no chain is given. */
  size(chain?: Chain): number {
    if (chain) return this.#copies[chain].size;
    let n = this.#copies.er.size;
    for (const key of this.#copies.base.keys()) if (!this.#copies.er.has(key)) n++;
    return n;
  }

  /** Keys held for one chain. */
  keys(chain: Chain): IterableIterator<string> {
    return this.#copies[chain].keys();
  }

  /** Copies held for one chain (a packed one is made as it is reached). */
  values(chain: Chain): IterableIterator<RawAccount> {
    return this.#copies[chain].values();
  }

  /** Effective accounts owned by `owner`. */
  listByOwner(owner: string): RawAccount[] {
    return this.#collect(this.#index.entriesOfOwner(owner));
  }

  /** Number of effective accounts owned by `owner`. */
  countByOwner(owner: string): number {
    return this.#index.countOfOwner(owner);
  }

  /** Effective accounts whose data starts with the 8-byte discriminator (hex or bytes), optionally of one owner. */
  listByDiscriminator(discriminator: Uint8Array | string, owner?: string): RawAccount[] {
    return this.#collect(this.#entriesOfKind(normalizeDiscriminator(discriminator), owner));
  }

  /**
   * Keys of the effective accounts `listByDiscriminator` lists, without making their accounts: for a caller that keeps
   * a value per key and reads only the accounts it has none for.
   */
  keysByDiscriminator(discriminator: Uint8Array | string, owner?: string): string[] {
    const keys: string[] = [];
    for (const entry of this.#entriesOfKind(normalizeDiscriminator(discriminator), owner)) {
      keys.push(this.#tableOf(entry).keyAt(entryRow(entry)));
    }
    return keys;
  }

  countByDiscriminator(discriminator: Uint8Array | string, owner?: string): number {
    const disc = normalizeDiscriminator(discriminator);
    return owner === undefined ? this.#index.countOfKind(disc) : this.#index.count(owner, disc);
  }

  /** The index entries of one kind: one owner's, or every owner's. */
  #entriesOfKind(disc: string, owner: string | undefined): Iterable<RowEntry> {
    return owner === undefined ? this.#index.entriesOfKind(disc) : this.#index.entries(owner, disc);
  }

  #collect(entries: Iterable<RowEntry>): RawAccount[] {
    const out: RawAccount[] = [];
    for (const entry of entries) out.push(this.#tableOf(entry).accountAt(entryRow(entry)));
    return out;
  }

  #tableOf(entry: RowEntry): AccountTable {
    return entryOnEr(entry) ? this.#copies.er : this.#copies.base;
  }

  /** Writes one chain's copy. Refused (`stale`) when that chain already holds, or deleted the key at, a newer slot. */
  set(account: RawAccount): ApplyResult {
    const { chain, pubkey } = account;
    const copies = this.#copies[chain];
    const row = copies.rowOf(pubkey);
    if (row >= 0 && copies.slotAt(row) > account.slot) return "stale";
    // Most writes find no tombstones at all (a first load): the map is not asked then, so the key is not hashed for it.
    const tombs = this.#tombstones[chain];
    const tomb = tombs.size === 0 ? undefined : tombs.get(pubkey);
    if (tomb !== undefined) {
      if (tomb > account.slot) return "stale";
      tombs.delete(pubkey);
    }
    this.noteSlot(chain, account.slot);
    if (chain === "base" && this.#copies.er.has(pubkey)) {
      // Hidden behind the ER copy: what `get` returns stays the same.
      copies.set(account);
      return "unchanged";
    }
    // What `get` returned before, and its row (a copy is made of a held row only: a first load sets 400,000 accounts
    // into an empty store); the account written is what it returns now.
    const before = row >= 0 ? this.#copyAt(chain, row) : chain === "er" ? this.#copyOn("base", pubkey) : null;
    const written = copies.set(account);
    return this.#afterWrite(pubkey, before, { account, entry: rowEntry(written, chain === "er") });
  }

  /** The copy a chain's row holds, with its index entry. */
  #copyAt(chain: Chain, row: number): Effective {
    return { account: this.#copies[chain].accountAt(row), entry: rowEntry(row, chain === "er") };
  }

  /** A chain's copy of `pubkey` with its index entry (what `get` returns once no ER copy hides it), or null. */
  #copyOn(chain: Chain, pubkey: string): Effective | null {
    const row = this.#copies[chain].rowOf(pubkey);
    return row < 0 ? null : this.#copyAt(chain, row);
  }

  /** Deletes one chain's copy as of `slot` (refused when the held copy is newer). */
  delete(chain: Chain, pubkey: string, slot: number): ApplyResult {
    const copies = this.#copies[chain];
    const row = copies.rowOf(pubkey);
    if (row >= 0 && copies.slotAt(row) > slot) return "stale";
    this.noteSlot(chain, slot);
    const tombs = this.#tombstones[chain];
    if ((tombs.get(pubkey) ?? -1) < slot) tombs.set(pubkey, slot);
    if (row < 0) return "unchanged";
    if (chain === "base" && this.#copies.er.has(pubkey)) {
      // Hidden behind the ER copy: what `get` returns stays the same.
      copies.delete(pubkey);
      return "unchanged";
    }
    const before = this.#copyAt(chain, row);
    copies.delete(pubkey);
    return this.#afterWrite(pubkey, before, chain === "er" ? this.#copyOn("base", pubkey) : null);
  }

  /** Forgets deletion markers at or below `slot` (call after a full reload at that slot). */
  pruneTombstones(chain: Chain, slot: number): void {
    for (const [key, s] of this.#tombstones[chain]) if (s <= slot) this.#tombstones[chain].delete(key);
  }

  /** Moves the index entry from what `get` returned before to what it returns now, and tells the listeners. */
  #afterWrite(pubkey: string, before: Effective | null, after: Effective | null): ApplyResult {
    const oldKind = before && kindOf(before.account);
    const newKind = after && kindOf(after.account);
    if (before?.entry !== after?.entry || before?.account.owner !== after?.account.owner || oldKind !== newKind) {
      if (before && oldKind !== null) this.#index.delete(before.account.owner, oldKind, before.entry);
      if (after && newKind !== null) this.#index.add(after.account.owner, newKind, after.entry);
    }
    const was = before?.account ?? null;
    const is = after?.account ?? null;
    if (sameAccountContent(was, is)) return "unchanged";
    this.#emit({ pubkey, before: was, after: is });
    return "changed";
  }

  #emit(change: AccountChange): void {
    for (const listener of this.#listeners) {
      try {
        listener(change);
      } catch (err) {
        this.#listenerErrors++;
        console.error("AccountStore listener threw:", err);
      }
    }
  }

  /** Listens to effective changes (byte-identical rewrites and hidden base writes are not changes). */
  subscribe(listener: AccountChangeListener): Unsubscribe {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Records that `chain` reached `slot` (the tracker only moves forward). */
  noteSlot(chain: Chain, slot: number): void {
    if (slot > this.#slots[chain]) this.#slots[chain] = slot;
  }

  /** Highest slot seen for a chain (0 before anything was seen). */
  slot(chain: Chain): number {
    return this.#slots[chain];
  }

  /** Listener exceptions swallowed so far. */
  get listenerErrors(): number {
    return this.#listenerErrors;
  }
}
