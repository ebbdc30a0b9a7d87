import type { Chain } from "../state/types.ts";
import type { BlockhashRecord, RecordedAccount, RecordedAccountData } from "./format.ts";
import { base58, hex } from "../protocol/codec/bytes.ts";
import { KeyIndex, keysOf } from "../state/key-index.ts";
import { prefixHex8 } from "../state/packed-bytes.ts";
import { RecordedAccounts } from "./recorded-accounts.ts";
import { ReplayedAccounts } from "./replayed-accounts.ts";

/** The index key of an account's kind: its first 8 bytes (the Anchor discriminator, or less) as hex. */
const kindOf = (account: ReplayAccount): string => prefixHex8(account);

export type ReplayAccount = RecordedAccountData;

export type ChainStateEvent =
  | { type: "account"; pubkey: string; account: ReplayAccount | null; slot: number }
  | { type: "slot"; slot: number; parent: number };

/** A deterministic stand-in blockhash for a chain and slot (used when the recording has none). */
export function syntheticBlockhash(chain: Chain, slot: number): string {
  const bytes = new Uint8Array(32);
  bytes[0] = chain === "base" ? 0xba : 0xe7;
  let v = BigInt(slot);
  for (let i = 31; i > 0 && v > 0n; i--, v >>= 8n) bytes[i] = Number(v & 0xffn);
  bytes[1] = 1;
  return base58(bytes);
}

/**
 * The current state of one replayed chain: accounts (with an owner index for getProgramAccounts), slot, block height
 * and blockhash. The replayer mutates it; the RPC server reads it and turns its events into WS notifications.
 */
export class ReplayChainState {
  /** The accounts by key: the recording's, under the changes replayed since (`replayed-accounts.ts`). */
  #accounts: ReplayedAccounts;
  /**
   * owner → the first 8 data bytes as hex (the Anchor discriminator, or less) → keys. Built on the first
   * getProgramAccounts, then kept current: with the service in the same process its first load reads `accounts`
   * directly, and nothing may ask by owner for minutes (600,000 entries at 100,000 owners, not built at boot).
   */
  #byOwner: KeyIndex | undefined;
  readonly #listeners = new Set<(e: ChainStateEvent) => void>();
  #slot = 0;
  #startSlot = 0;
  #startBlockHeight = 0;
  #blockhash: BlockhashRecord | undefined;
  readonly #recentBlockhashes: string[] = [];
  /** While frozen, the changes that arrive wait here, in order. */
  #held: (() => void)[] | undefined;

  constructor(readonly chain: Chain) {
    this.#accounts = new ReplayedAccounts(new RecordedAccounts(chain));
  }

  get accounts(): ReplayedAccounts {
    return this.#accounts;
  }

  get slot(): number {
    return this.#slot;
  }

  get blockHeight(): number {
    return this.#blockhash?.blockHeight ?? this.#startBlockHeight + Math.max(0, this.#slot - this.#startSlot);
  }

  /** Current blockhash: the last recorded one, else a synthetic one for the current slot. */
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    if (this.#blockhash) {
      return { blockhash: this.#blockhash.blockhash, lastValidBlockHeight: this.#blockhash.lastValidBlockHeight };
    }
    return { blockhash: syntheticBlockhash(this.chain, this.#slot), lastValidBlockHeight: this.blockHeight + 150 };
  }

  isBlockhashKnown(hash: string): boolean {
    return this.#recentBlockhashes.includes(hash) || this.latestBlockhash().blockhash === hash;
  }

  /**
   * Replaces everything without events (initial load). A recording's accounts are read in place, never written: the
   * changes replayed from here are held apart from them (`ReplayedAccounts`).
   */
  reset(accounts: RecordedAccounts | Iterable<RecordedAccount>, slot: number, blockHeight = slot): void {
    const initial = accounts instanceof RecordedAccounts ? accounts : RecordedAccounts.of(this.chain, accounts);
    this.#accounts = new ReplayedAccounts(initial);
    this.#byOwner = undefined;
    this.#slot = slot;
    this.#startSlot = slot;
    this.#startBlockHeight = blockHeight;
    this.#blockhash = undefined;
    this.#recentBlockhashes.length = 0;
  }

  #put(pubkey: string, account: ReplayAccount | null): void {
    const index = this.#byOwner;
    if (index) {
      const prev = this.#accounts.get(pubkey);
      const kind = account && kindOf(account);
      if (prev) {
        const prevKind = kindOf(prev);
        if (!account || prev.owner !== account.owner || prevKind !== kind) index.delete(prev.owner, prevKind, pubkey);
      }
      if (account && kind !== null) index.add(account.owner, kind, pubkey);
    }
    if (account) this.#accounts.set(pubkey, account);
    else this.#accounts.delete(pubkey);
  }

  /**
   * Builds the owner and kind index now instead of at the first getProgramAccounts: stand-alone endpoints
   * (tools/replay-serve.ts) are then ready to list accounts as an RPC node is, and a client's first listing does not
   * wait for it (a quarter of a second at 100,000 owners). In the service's own process nothing lists accounts at
   * start, so the index stays lazy there.
   */
  prepareListings(): void {
    this.#index();
  }

  #index(): KeyIndex {
    if (!this.#byOwner) {
      this.#byOwner = new KeyIndex();
      for (const account of this.#accounts) this.#byOwner.add(account.owner, kindOf(account), account.pubkey);
    }
    return this.#byOwner;
  }

  /**
   * Keys of accounts owned by `owner`; with `discriminator` (8 bytes), only those whose data starts with it, found
   * without looking at the others (getProgramAccounts is asked once per account kind).
   */
  keysOwnedBy(owner: string, discriminator?: Uint8Array): Iterable<string> {
    const index = this.#index();
    if (discriminator?.length === 8) return index.group(owner, hex(discriminator)) ?? [];
    return keysOf(index.groupsOf(owner));
  }

  /**
   * Fault injection: a chain that lags (a stalled validator). While frozen, updates, slots and blockhashes are held:
   * the RPC server answers from the state as it was and sends no notification. `thaw()` applies what was held, in
   * order (the chain catches up).
   */
  freeze(): void {
    this.#held ??= [];
  }

  thaw(): void {
    const held = this.#held;
    this.#held = undefined;
    for (const change of held ?? []) change();
  }

  get frozen(): boolean {
    return this.#held !== undefined;
  }

  /** Applies an account update (null closes the account) at `slot`, then notifies listeners. */
  setAccount(pubkey: string, account: ReplayAccount | null, slot: number): void {
    if (this.#held) return void this.#held.push(() => this.setAccount(pubkey, account, slot));
    this.setSlot(slot);
    this.#put(pubkey, account);
    this.#emit({ type: "account", pubkey, account, slot: this.#slot });
  }

  /** Moves the slot forward (emits a slot event when it advances). */
  setSlot(slot: number): void {
    if (this.#held) return void this.#held.push(() => this.setSlot(slot));
    if (slot <= this.#slot) return;
    const parent = this.#slot;
    this.#slot = slot;
    this.#emit({ type: "slot", slot, parent });
  }

  setBlockhash(record: BlockhashRecord): void {
    if (this.#held) return void this.#held.push(() => this.setBlockhash(record));
    if (record.slot) this.setSlot(record.slot);
    if (this.#blockhash) {
      this.#recentBlockhashes.push(this.#blockhash.blockhash);
      if (this.#recentBlockhashes.length > 300) this.#recentBlockhashes.shift();
    }
    this.#blockhash = record;
  }

  subscribe(listener: (e: ChainStateEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  #emit(e: ChainStateEvent): void {
    for (const l of this.#listeners) {
      try {
        l(e);
      } catch (err) {
        console.error("ReplayChainState listener threw:", err);
      }
    }
  }
}
