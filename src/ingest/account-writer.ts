/**
 * How one chain's received accounts reach the store, and what the ingest status says about them: a notification, an
 * account of a full load or one of a state held in this process is written (bytes kept once: shared, already held,
 * or packed), a closed one deleted, and the status's slot, write and full-load figures follow. The chain source
 * (`chain-source.ts`) and its full loads (`full-load.ts`) write only through it.
 */
import type { AccountInfo } from "@solana/web3.js";
import type { AccountStore } from "../state/account-store.ts";
import type { Clock } from "../state/clock.ts";
import type { Chain, RawAccount } from "../state/types.ts";
import { fromBase64Transient, packAlone, PackedBytes, PackSlab } from "../state/packed-bytes.ts";
import { PackedRawAccount } from "../state/packed-account.ts";
import { BoundedMemo } from "../protocol/memo.ts";
import type { ChainIngestStatus } from "./status.ts";
import type { RpcAccountJson } from "./web3-internals.ts";

/**
 * One bigint per lamports amount received in bulk: accounts of one kind and size mostly hold the same rent-exempt
 * amount, and a bigint apiece was 10 MB of a 100,000-owner live load's retained heap (about 159 MB after a full
 * collection at ready, 149 MB with this memo).
 */
const LAMPORTS = new BoundedMemo<number, bigint>(4096);
const lamportsOf = (lamports: number): bigint => LAMPORTS.get(lamports, BigInt);

export interface AccountWriterDeps {
  chain: Chain;
  store: AccountStore;
  status: ChainIngestStatus;
  clock: Clock;
  /** Equal bytes held elsewhere to keep instead of received ones (see `ChainSourceDeps.shareData`). */
  shareData?: (pubkey: string, data: Uint8Array) => Uint8Array | PackedBytes;
}

export class AccountWriter {
  readonly #chain: Chain;
  readonly #store: AccountStore;
  readonly #status: ChainIngestStatus;
  readonly #clock: Clock;
  readonly #shareData: AccountWriterDeps["shareData"];
  /** Where a bulk load's received bytes are packed. */
  readonly slab = new PackSlab();
  /** One string per owner program (every received account carries its owner as a new string). */
  readonly #owners = new Map<string, string>();
  /** Highest slot of data this source holds (notifications and loads; not blockhash polls). */
  #dataSlot = 0;

  constructor(deps: AccountWriterDeps) {
    this.#chain = deps.chain;
    this.#store = deps.store;
    this.#status = deps.status;
    this.#clock = deps.clock;
    this.#shareData = deps.shareData;
  }

  get dataSlot(): number {
    return this.#dataSlot;
  }

  /** A notification's account (null or no lamports: the account is gone). */
  applyAccount(pubkey: string, info: AccountInfo<Uint8Array> | null, slot: number): void {
    const store = this.#store;
    if (!info || info.lamports === 0) {
      store.delete(this.#chain, pubkey, slot);
    } else {
      // Packed (a copy: web3.js Buffers may share a pooled ArrayBuffer), or the equal bytes held elsewhere.
      const bytes = this.#keep(pubkey, info.data, false);
      store.set(
        this.#account(pubkey, this.#owner(info.owner.toBase58()), BigInt(info.lamports), bytes, info.executable, slot),
      );
    }
    this.noteWrite();
  }

  /**
   * An account a full load found (null: the RPC holds none at that key): it leaves the load's `unseen`. Once nothing the
   * store held is left to find (from the start in a first load), no held copy of its bytes can be there to keep.
   */
  applyLoaded(pubkey: string, info: RpcAccountJson | null, slot: number, unseen: Set<string>): void {
    const mayBeHeld = unseen.size > 0;
    if (mayBeHeld && info) unseen.delete(pubkey);
    this.#applyRpcAccount(pubkey, info, slot, mayBeHeld);
  }

  /** An account of a state held in this process, its bytes kept as that state holds them (one copy for both). */
  applyHeld(
    account: { pubkey: string; owner: string; lamports: bigint; executable: boolean },
    bytes: Uint8Array | PackedBytes,
    slot: number,
  ): void {
    this.#store.set(
      this.#account(account.pubkey, this.#owner(account.owner), account.lamports, bytes, account.executable, slot),
    );
  }

  /**
   * Data of `slot` reached the store (a notification or a load): when that moves this source's data forward, the
   * status says when (the slot lag). Blockhash polls move the slot tracker but bring no data, so they do not count.
   */
  noteDataSlot(slot: number): void {
    if (slot > this.#dataSlot || this.#status.slotAdvancedAtMs === null) {
      this.#dataSlot = Math.max(this.#dataSlot, slot);
      this.#status.slotAdvancedAtMs = this.#clock.nowMs();
    }
  }

  /** Mirrors the store's slot tracker for this chain in the status. */
  noteSlot(): void {
    this.#status.lastSlot = this.#store.slot(this.#chain);
  }

  noteWrite(): void {
    this.noteSlot();
    this.#status.lastUpdateMs = this.#clock.nowMs();
    this.#status.accounts = this.#store.size(this.#chain);
  }

  /** What every completed load records. */
  noteFullLoad(): void {
    this.#status.accounts = this.#store.size(this.#chain);
    this.noteSlot();
    this.#status.lastFullLoadMs = this.#clock.nowMs();
    this.#status.fullLoads++;
  }

  /** An account from a plain JSON-RPC answer (bulk loads). */
  #applyRpcAccount(pubkey: string, info: RpcAccountJson | null, slot: number, mayBeHeld: boolean): void {
    if (!info || info.lamports === 0) return this.applyAccount(pubkey, null, slot);
    // Decoded into a reused buffer: `#keep` packs a copy (or keeps equal bytes held already), never this array.
    const bytes = this.#keep(pubkey, fromBase64Transient(info.data[0]), true, mayBeHeld);
    this.#store.set(
      this.#account(pubkey, this.#owner(info.owner), lamportsOf(info.lamports), bytes, info.executable, slot),
    );
    this.noteWrite();
  }

  /**
   * How received bytes are kept: the equal bytes held elsewhere (`shareData`) or already held for that key, else packed
   * (`packed-bytes.ts`: a deployment's accounts are mostly zeros). A bulk load's are packed side by side in the source's
   * slab; a notification's into a buffer of their own, so a stream of changes never leaves a slab held by one account
   * still alive in it. `mayBeHeld` false: the caller knows no held copy is left to find (`applyLoaded`), so none is
   * looked for (at worst a notification's copy is not shared: a second copy, never a wrong one).
   */
  #keep(pubkey: string, data: Uint8Array, bulk: boolean, mayBeHeld = true): Uint8Array | PackedBytes {
    const shared = this.#shareData?.(pubkey, data);
    if (shared !== undefined && shared !== data) return shared;
    if (!mayBeHeld) return bulk ? this.slab.pack(data) : packAlone(data);
    // Unchanged bytes (a periodic reload, a change of lamports only) keep the packed form held: no new copy, and the
    // values decoded from it stay cached.
    const held = this.#store.getFrom(this.#chain, pubkey)?.packed;
    if (held?.equals(data)) return held;
    return bulk ? this.slab.pack(data) : packAlone(data);
  }

  /** A store account of this chain, its bytes held as given (an array, or a packed form). */
  #account(
    pubkey: string,
    owner: string,
    lamports: bigint,
    bytes: Uint8Array | PackedBytes,
    executable: boolean,
    slot: number,
  ): RawAccount {
    if (bytes instanceof PackedBytes) {
      return new PackedRawAccount(pubkey, owner, lamports, bytes, executable, slot, this.#chain);
    }
    return { pubkey, owner, lamports, data: bytes, executable, slot, chain: this.#chain };
  }

  #owner(owner: string): string {
    const known = this.#owners.get(owner);
    if (known !== undefined) return known;
    this.#owners.set(owner, owner);
    return owner;
  }
}
