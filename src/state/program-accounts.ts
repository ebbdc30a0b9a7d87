/**
 * The decoded accounts of one deployment's program, over the raw AccountStore.
 *
 * Raw account bytes are immutable and replaced on every change, so decoded values are cached per byte buffer, or per
 * packed form of a packed account (a WeakMap): a handler decodes an account at most once per on-chain change, and
 * memory follows the store.
 * Accounts of another program (the other deployment, token programs, the delegation program) are ignored.
 */
import type { ProgramVersion } from "../protocol/vocabulary.ts";
import { ACCOUNT_CODECS, type AccountKind, type AccountTypes, DISCRIMINATORS } from "../protocol/accounts/mod.ts";
import type { AccountChange, AccountStore } from "./account-store.ts";
import type { RawAccount } from "./types.ts";
import { bytesIdentity, prefixHex8, pubkeyAt } from "./packed-bytes.ts";

export interface Keyed<T> {
  pubkey: string;
  value: T;
}

/** Account kinds whose owner wallet is the first field after the discriminator (bytes 8..40). */
const OWNER_INDEXED: ReadonlySet<AccountKind> = new Set(["Position", "Order", "TokenStake", "Referral"]);

export class ProgramAccounts {
  /** Keyed by the bytes' identity (`bytesIdentity`: the packed form of a packed account). */
  readonly #decoded = new WeakMap<object, unknown>();
  /** kind → owner wallet → account keys; built on first use, then kept current from change events. */
  readonly #byOwnerWallet = new Map<AccountKind, Map<string, Set<string>>>();

  constructor(
    readonly version: ProgramVersion,
    readonly programId: string,
    readonly store: AccountStore,
  ) {
    store.subscribe((change) => this.#onChange(change));
  }

  /** The decoded account of a kind at a key, or undefined when absent, of another kind, or of another program. */
  get<K extends AccountKind>(kind: K, pubkey: string): AccountTypes[K] | undefined {
    const raw = this.store.get(pubkey);
    return raw ? this.decodeAs(kind, raw) : undefined;
  }

  raw(pubkey: string): RawAccount | undefined {
    const raw = this.store.get(pubkey);
    return raw && raw.owner === this.programId ? raw : undefined;
  }

  /** As `raw`, for a sweep that reads each account once and keys nothing by its bytes (`AccountStore.peek`). */
  peekRaw(pubkey: string): RawAccount | undefined {
    const raw = this.store.peek(pubkey);
    return raw && raw.owner === this.programId ? raw : undefined;
  }

  decodeAs<K extends AccountKind>(kind: K, raw: RawAccount): AccountTypes[K] | undefined {
    if (raw.owner !== this.programId) return undefined;
    const codec = ACCOUNT_CODECS[this.version][kind];
    if (!codec || !hasDiscriminator(raw, DISCRIMINATORS[kind])) return undefined;
    const key = bytesIdentity(raw);
    const cached = this.#decoded.get(key);
    if (cached !== undefined) return cached as AccountTypes[K];
    try {
      const value = codec.decode(raw.data) as AccountTypes[K];
      this.#decoded.set(key, value);
      return value;
    } catch {
      // A malformed account is skipped, never fatal: the rest of the accounts stay readable.
      return undefined;
    }
  }

  /** Every account of a kind owned by this program, in store order. */
  list<K extends AccountKind>(kind: K): Keyed<AccountTypes[K]>[] {
    const out: Keyed<AccountTypes[K]>[] = [];
    for (const raw of this.store.listByDiscriminator(DISCRIMINATORS[kind].hex, this.programId)) {
      const value = this.decodeAs(kind, raw);
      if (value) out.push({ pubkey: raw.pubkey, value });
    }
    return out;
  }

  /** The keys of every account of a kind owned by this program (for scans that keep a value per account). */
  keys(kind: AccountKind): string[] {
    return this.store.keysByDiscriminator(DISCRIMINATORS[kind].hex, this.programId);
  }

  count(kind: AccountKind): number {
    return this.store.countByDiscriminator(DISCRIMINATORS[kind].hex, this.programId);
  }

  /** Accounts of a kind whose owner wallet is `owner` (earlier positions and orders, stakes, referrals). */
  listOwnedBy<K extends AccountKind>(kind: K, owner: string): Keyed<AccountTypes[K]>[] {
    if (!OWNER_INDEXED.has(kind)) throw new Error(`${kind} accounts are not indexed by owner`);
    const index = this.#ownerIndex(kind);
    const out: Keyed<AccountTypes[K]>[] = [];
    for (const pubkey of index.get(owner) ?? []) {
      const value = this.get(kind, pubkey);
      if (value) out.push({ pubkey, value });
    }
    return out;
  }

  #ownerIndex(kind: AccountKind): Map<string, Set<string>> {
    let index = this.#byOwnerWallet.get(kind);
    if (!index) {
      index = new Map();
      for (const raw of this.store.listByDiscriminator(DISCRIMINATORS[kind].hex, this.programId)) {
        addKey(index, ownerWalletOf(raw), raw.pubkey);
      }
      this.#byOwnerWallet.set(kind, index);
    }
    return index;
  }

  #onChange({ pubkey, before, after }: AccountChange): void {
    for (const [kind, index] of this.#byOwnerWallet) {
      const disc = DISCRIMINATORS[kind];
      if (before && before.owner === this.programId && hasDiscriminator(before, disc)) {
        removeKey(index, ownerWalletOf(before), pubkey);
      }
      if (after && after.owner === this.programId && hasDiscriminator(after, disc)) {
        addKey(index, ownerWalletOf(after), pubkey);
      }
    }
  }
}

/** Whether an account's data starts with the discriminator (packed bytes are read, not expanded). */
function hasDiscriminator(raw: RawAccount, disc: { bytes: Uint8Array; hex: string }): boolean {
  if (raw.packed) return raw.packed.length >= 8 && prefixHex8(raw) === disc.hex;
  const data = raw.data;
  if (data.length < 8) return false;
  for (let i = 0; i < 8; i++) if (data[i] !== disc.bytes[i]) return false;
  return true;
}

/** The owner wallet stored in bytes 8..40 (read without decoding, or expanding, the whole account). */
function ownerWalletOf(raw: RawAccount): string {
  return pubkeyAt(raw, 8);
}

function addKey(index: Map<string, Set<string>>, owner: string, pubkey: string) {
  let set = index.get(owner);
  if (!set) index.set(owner, set = new Set());
  set.add(pubkey);
}

function removeKey(index: Map<string, Set<string>>, owner: string, pubkey: string) {
  const set = index.get(owner);
  if (!set) return;
  set.delete(pubkey);
  if (!set.size) index.delete(owner);
}
