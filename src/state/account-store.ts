import type { Chain, RawAccount, Unsubscribe } from "./types.ts";
import { fromHex, hex, hexPrefix8 } from "../protocol/codec/bytes.ts";
import { dataLength, prefixHex8, sameBytes } from "./packed-bytes.ts";
import { CodecError } from "../protocol/codec/errors.ts";
import { countOf, KeyIndex, keysOf } from "./key-index.ts";
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
  /** Slot at which a key was deleted, so an older snapshot cannot resurrect it. */
  readonly #tombstones: Record<Chain, Map<string, number>> = { base: new Map(), er: new Map() };
  /**
   * owner → discriminator (hex) → keys, so one program's accounts of one kind are listed and counted without a scan.
   * The one index: by owner, or by discriminator alone, is a union over it (owners are programs, a handful), which
   * saves two more entries per account (a 100,000-owner world has 400,000 accounts).
   */
  readonly #index = new KeyIndex();
  readonly #listeners = new Set<AccountChangeListener>();
  readonly #slots: Record<Chain, number> = { base: 0, er: 0 };
  #listenerErrors = 0;

  /** Effective account (ER wins over base). */
  get(pubkey: string): RawAccount | undefined {
    return this.#copies.er.get(pubkey) ?? this.#copies.base.get(pubkey);
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
    return this.#collect(this.#index.groupsOf(owner));
  }

  /** Number of effective accounts owned by `owner`. */
  countByOwner(owner: string): number {
    return countOf(this.#index.groupsOf(owner));
  }

  /** Effective accounts whose data starts with the 8-byte discriminator (hex or bytes), optionally of one owner. */
  listByDiscriminator(discriminator: Uint8Array | string, owner?: string): RawAccount[] {
    return this.#collect(this.#keysOfKind(normalizeDiscriminator(discriminator), owner));
  }

  /**
   * Keys of the effective accounts `listByDiscriminator` lists, without making their accounts: for a caller that keeps
   * a value per key and reads only the accounts it has none for.
   */
  keysByDiscriminator(discriminator: Uint8Array | string, owner?: string): string[] {
    return [...keysOf(this.#keysOfKind(normalizeDiscriminator(discriminator), owner))];
  }

  countByDiscriminator(discriminator: Uint8Array | string, owner?: string): number {
    return countOf(this.#keysOfKind(normalizeDiscriminator(discriminator), owner));
  }

  /** The key sets of one kind: one owner's, or every owner's. */
  #keysOfKind(disc: string, owner: string | undefined): Iterable<ReadonlySet<string>> {
    if (owner === undefined) return this.#index.groupsNamed(disc);
    const keys = this.#index.group(owner, disc);
    return keys ? [keys] : [];
  }

  #collect(groups: Iterable<ReadonlySet<string>>): RawAccount[] {
    const out: RawAccount[] = [];
    for (const key of keysOf(groups)) {
      const a = this.get(key);
      if (a) out.push(a);
    }
    return out;
  }

  /** Writes one chain's copy. Refused (`stale`) when that chain already holds, or deleted the key at, a newer slot. */
  set(account: RawAccount): ApplyResult {
    const copies = this.#copies[account.chain];
    const heldSlot = copies.slotOf(account.pubkey);
    if (heldSlot !== undefined && heldSlot > account.slot) return "stale";
    const tomb = this.#tombstones[account.chain].get(account.pubkey);
    if (tomb !== undefined) {
      if (tomb > account.slot) return "stale";
      this.#tombstones[account.chain].delete(account.pubkey);
    }
    this.noteSlot(account.chain, account.slot);
    if (account.chain === "base" && this.#copies.er.has(account.pubkey)) {
      // Hidden behind the ER copy: what `get` returns stays the same.
      copies.set(account);
      return "unchanged";
    }
    // What `get` returned before (a copy is made of a held row only: a first load sets 400,000 accounts into an empty
    // store), and the account written is what it returns now.
    const existing = heldSlot === undefined ? undefined : copies.get(account.pubkey);
    const before = existing ?? (account.chain === "er" ? this.#copies.base.get(account.pubkey) : undefined) ?? null;
    copies.set(account);
    return this.#afterWrite(account.pubkey, before, account);
  }

  /** Deletes one chain's copy as of `slot` (refused when the held copy is newer). */
  delete(chain: Chain, pubkey: string, slot: number): ApplyResult {
    const copies = this.#copies[chain];
    const heldSlot = copies.slotOf(pubkey);
    if (heldSlot !== undefined && heldSlot > slot) return "stale";
    this.noteSlot(chain, slot);
    const tombs = this.#tombstones[chain];
    if ((tombs.get(pubkey) ?? -1) < slot) tombs.set(pubkey, slot);
    if (heldSlot === undefined) return "unchanged";
    const before = this.get(pubkey) ?? null;
    copies.delete(pubkey);
    return this.#afterWrite(pubkey, before, this.get(pubkey) ?? null);
  }

  /** Forgets deletion markers at or below `slot` (call after a full reload at that slot). */
  pruneTombstones(chain: Chain, slot: number): void {
    for (const [key, s] of this.#tombstones[chain]) if (s <= slot) this.#tombstones[chain].delete(key);
  }

  #afterWrite(pubkey: string, before: RawAccount | null, after: RawAccount | null): ApplyResult {
    if (before !== after) {
      const oldKind = before && kindOf(before);
      const newKind = after && kindOf(after);
      if (before?.owner !== after?.owner || oldKind !== newKind) {
        if (before && oldKind !== null) this.#index.delete(before.owner, oldKind, pubkey);
        if (after && newKind !== null) this.#index.add(after.owner, newKind, pubkey);
      }
    }
    if (sameAccountContent(before, after)) return "unchanged";
    this.#emit({ pubkey, before, after });
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
