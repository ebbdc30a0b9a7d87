/**
 * A full load of one chain: every account in scope (the programs' accounts of the configured kinds, and the extra
 * accounts) fetched over the RPC and applied with slot ordering, so a notification newer than the load is never
 * overwritten, and keys gone from the chain removed. Kinds load one at a time with getProgramAccounts, each account
 * applied as its answer arrives; numerous kinds (`bulkLoad: "batches"`, or once the RPC has failed such an answer)
 * are listed by key and fetched with getMultipleAccounts in batches of 100. A first load may instead read a state
 * held in this process (`loadState`). The session (`chain-source.ts`) runs it; it writes through `AccountWriter`.
 */
import { type Commitment, PublicKey } from "@solana/web3.js";
import type { AccountStore } from "../state/account-store.ts";
import type { Chain } from "../state/types.ts";
import { base58, fromHex, hex } from "../protocol/codec/bytes.ts";
import { dataLength, prefixHex8 } from "../state/packed-bytes.ts";
import type { AccountWriter } from "./account-writer.ts";
import type { ChainSourceConfig, ChainState, ChainStateAccount } from "./chain-source-config.ts";
import { RPC_MAX_KEYS_PER_REQUEST } from "./existence-check.ts";
import type { JsonRpcHttp } from "./json-rpc-http.ts";
import type { KeyListing } from "./key-listing.ts";
import type { RpcAccountJson } from "./web3-internals.ts";

/** An entry of a getProgramAccounts answer. */
interface ProgramAccount {
  pubkey: string;
  account: RpcAccountJson | null;
}

/** The context slot of a JSON-RPC answer's envelope, when it has one. */
function contextSlotOf(answer: unknown): number | undefined {
  const slot = (answer as { result?: { context?: { slot?: unknown } } } | null)?.result?.context?.slot;
  return typeof slot === "number" ? slot : undefined;
}

/** A discriminator given as bytes or as 16 hex digits. */
export const discriminatorBytes = (d: Uint8Array | string): Uint8Array => typeof d === "string" ? fromHex(d, 8) : d;

export type GpaFilter = { memcmp: { offset: number; bytes: string } };

/** One filter set per discriminator (a memcmp at offset 0), or one empty set: every account of the program. */
export function filterSetsOf(discriminators: readonly Uint8Array[]): GpaFilter[][] {
  if (discriminators.length === 0) return [[]];
  return discriminators.map((d) => [{ memcmp: { offset: 0, bytes: base58(d) } }]);
}

export interface FullLoadDeps {
  config: ChainSourceConfig;
  discriminators: readonly Uint8Array[];
  store: AccountStore;
  writer: AccountWriter;
  /** Counts an upstream error (the source's status). */
  error: (where: string, err: unknown) => void;
}

export class FullLoader {
  readonly #config: ChainSourceConfig;
  readonly #chain: Chain;
  readonly #discriminators: readonly Uint8Array[];
  readonly #store: AccountStore;
  readonly #writer: AccountWriter;
  readonly #error: (where: string, err: unknown) => void;
  /** The RPC failed a streamed answer of a numerous kind: later loads fetch those kinds by key (`bulkLoad` batches). */
  #streamRefused = false;

  constructor(deps: FullLoadDeps) {
    this.#config = deps.config;
    this.#chain = deps.config.chain;
    this.#discriminators = deps.discriminators;
    this.#store = deps.store;
    this.#writer = deps.writer;
    this.#error = deps.error;
  }

  /** Loads everything in scope and removes what is gone. */
  async load(http: JsonRpcHttp, commitment: Commitment): Promise<void> {
    const cfg = this.#config;
    // What the store holds as the load begins, less what the load finds: what is left is gone, removed at the end. A
    // first load begins with nothing, so it keeps no set of what it loads (at 100,000 owners, 424,000 inserts into a
    // set the size of the store, and as many lookups of a held copy that cannot be there: in 4 alternated live starts
    // the service's CPU time until ready went from 6.7-8.1 s to 5.9-7.5 s, its peak RSS down by about 10 MiB). What
    // notifications write meanwhile is newer than the listings and stays.
    const unseen = new Set(this.#store.keys(this.#chain));
    let minSlot = Number.POSITIVE_INFINITY;
    const filterSets = filterSetsOf(this.#discriminators);
    const listKeys = (program: PublicKey, filters: GpaFilter[]) =>
      http.callKeyListing("getProgramAccounts", [program.toBase58(), {
        encoding: "base64",
        commitment,
        filters,
        withContext: true,
        dataSlice: { offset: 0, length: 0 },
      }]);
    const load = async (program: PublicKey, filters: GpaFilter[]) => {
      minSlot = Math.min(minSlot, await this.#streamProgramAccounts(http, program, filters, commitment, unseen));
    };
    const batched = cfg.bulkLoad === "batches" || this.#streamRefused;
    const byKey = async (program: PublicKey, filters: GpaFilter[], listing: Promise<KeyListing>) => {
      // Only the listing's keys are read from its answer (key-listing.ts: no object per account while batches load).
      const { keys, slot } = await listing;
      // A few keys come in one answer, unless the RPC has failed such answers (it may fail a small one as well).
      if (keys.length <= (cfg.batchThreshold ?? 4096) && !this.#streamRefused) return await load(program, filters);
      minSlot = Math.min(minSlot, slot);
      await this.#loadInBatches(http, keys, commitment, unseen);
    };
    try {
      // Batched, the numerous kinds' key listings are all asked for first: the RPC works them out while the service
      // loads what came before, instead of the service waiting on each listing in turn (at 100,000 owners a listing
      // took the replay endpoints a third of a second, the service idle meanwhile).
      const kinds = cfg.programIds.flatMap((pid) => {
        const program = new PublicKey(pid);
        return filterSets.map((filters) => {
          const numerous = this.#isBatchedKind(filters);
          const listing = batched && numerous ? listKeys(program, filters) : undefined;
          listing?.catch(() => {}); // awaited below, in turn; a failure then ends the load
          return { program, filters, numerous, listing };
        });
      });
      // The slabs this load packs into have their pages faulted in by a worker meanwhile (`prefaulted-slabs.ts`).
      await this.#writer.slab.prefaulting(async () => {
        for (const { program, filters, numerous, listing } of kinds) {
          if (listing !== undefined) await byKey(program, filters, listing); // batched, and numerous
          else if (!numerous) await load(program, filters);
          // Refused earlier in this load: the later numerous kinds are listed by key at once, not asked for again.
          else if (this.#streamRefused) await byKey(program, filters, listKeys(program, filters));
          else {
            try {
              await load(program, filters);
            } catch (err) {
              if (http.signal.aborted) throw err;
              // An RPC that cuts or refuses a large answer (a size or time limit of its own): this kind, the numerous
              // kinds after it and those of every later load are fetched by key instead. What the failed answer brought
              // stays (it is current), and the batches write what it did not.
              this.#streamRefused = true;
              this.#error("streamed getProgramAccounts (numerous kinds are loaded by key from now on)", err);
              await byKey(program, filters, listKeys(program, filters));
            }
          }
        }
      });
      const extrasSlot = await this.#loadInBatches(http, cfg.extraAccounts ?? [], commitment, unseen);
      if (extrasSlot !== undefined) minSlot = Math.min(minSlot, extrasSlot);
    } catch (err) {
      this.#error("full reload", err);
      throw err;
    }
    if (Number.isFinite(minSlot)) {
      for (const key of unseen) this.#store.delete(this.#chain, key, minSlot);
      this.#store.pruneTombstones(this.#chain, minSlot);
      this.#writer.noteDataSlot(minSlot);
    }
    this.#writer.noteFullLoad();
  }

  /**
   * Loads what a full load would fetch (the programs' accounts of the configured kinds, and the extra accounts) from
   * a state held in this process, at its slot, keeping its bytes (their packed form: one copy for both), and removes
   * what it does not hold, as `load` does. Why this is the same load: the subscriptions are acknowledged before,
   * exactly as before a full load, so a change made after this synchronous read arrives as a notification, and one
   * made before is in the state; the RPC would have served this very state at this slot (its getProgramAccounts and
   * getMultipleAccounts read the same accounts). Only the encoding round trip is skipped, and that path is still what
   * outside clients and every later reload of this source use (tests/ingest compare both).
   */
  loadState(state: ChainState): void {
    const programs = new Set(this.#config.programIds);
    const extras = new Set(this.#config.extraAccounts ?? []);
    const kinds = new Set(this.#discriminators.map((d) => hex(d)));
    // The extras (a few keys) are asked last: a `Set` lookup hashes the key string, and the first hash of each of a
    // large deployment's 500,000 keys costs more than the owner and kind tests that take nearly every account in scope.
    const inScope = (account: ChainStateAccount) =>
      account.lamports !== 0n && ((programs.has(account.owner) &&
        (kinds.size === 0 || (dataLength(account) >= 8 && kinds.has(prefixHex8(account))))) ||
        extras.has(account.pubkey));
    // What notifications brought before this load (usually nothing): removed unless the state still holds it.
    const held = [...this.#store.keys(this.#chain)];
    for (const account of state.accounts) {
      if (!inScope(account)) continue;
      this.#writer.applyHeld(account, account.packed ?? account.data, state.slot);
    }
    for (const key of held) {
      const account = state.accounts.get(key);
      if (!account || !inScope(account)) this.#store.delete(this.#chain, key, state.slot);
    }
    this.#store.pruneTombstones(this.#chain, state.slot);
    this.#store.noteSlot(this.#chain, state.slot);
    this.#writer.noteDataSlot(state.slot);
    this.#writer.noteWrite();
    this.#writer.noteFullLoad();
  }

  /**
   * Fetches accounts by key, 100 a request (the RPC limit), a few requests in flight; keys that exist leave the
   * load's `unseen`, missing ones are deleted. Returns the lowest context slot, or undefined when there were no keys.
   */
  async #loadInBatches(http: JsonRpcHttp, keys: string[], commitment: Commitment, unseen: Set<string>) {
    let lowest: number | undefined;
    let next = 0;
    const worker = async () => {
      while (next < keys.length) {
        const batch = keys.slice(next, next += RPC_MAX_KEYS_PER_REQUEST);
        const res = await http.callValueArray<{ context: { slot: number }; value: (RpcAccountJson | null)[] }>(
          "getMultipleAccounts",
          [batch, { encoding: "base64", commitment }],
        );
        lowest = Math.min(lowest ?? Number.POSITIVE_INFINITY, res.context.slot);
        batch.forEach((key, j) => this.#writer.applyLoaded(key, res.value[j], res.context.slot, unseen));
      }
    };
    await Promise.all(Array.from({ length: this.#config.batchConcurrency ?? 4 }, worker));
    return lowest;
  }

  /**
   * One getProgramAccounts, streamed (`JsonRpcHttp.streamValueArray`): each account is applied at the answer's context
   * slot as it is parsed, so a kind of any size is loaded without its answer ever being held (at 100,000 owners the
   * baskets' answer is about 490 MB of JSON). Against key listings followed by 100-key batches, a live start at
   * 100,000 owners sends about 4,240 requests fewer and the RPC lists nothing twice. Returns the answer's slot.
   */
  async #streamProgramAccounts(
    http: JsonRpcHttp,
    program: PublicKey,
    filters: GpaFilter[],
    commitment: Commitment,
    unseen: Set<string>,
  ): Promise<number> {
    let slot: number | undefined;
    // Entries before the context (an RPC writing the value first) wait for the slot the answer ends with.
    const early: ProgramAccount[] = [];
    const res = await http.streamValueArray<{ context: { slot: number } }>(
      "getProgramAccounts",
      [program.toBase58(), { encoding: "base64", commitment, filters, withContext: true }],
      {
        envelope: (answer) => slot = contextSlotOf(answer),
        element: (entry) => {
          const { pubkey, account } = entry as ProgramAccount;
          if (slot === undefined) early.push({ pubkey, account });
          else this.#writer.applyLoaded(pubkey, account, slot, unseen);
        },
      },
    );
    for (const { pubkey, account } of early) this.#writer.applyLoaded(pubkey, account, res.context.slot, unseen);
    return res.context.slot;
  }

  /** Whether the discriminator a filter set selects is one of the numerous kinds. */
  #isBatchedKind(filters: GpaFilter[]): boolean {
    const disc = filters[0]?.memcmp.offset === 0 ? filters[0].memcmp.bytes : undefined;
    return disc !== undefined &&
      (this.#config.batchedKinds ?? []).some((d) => base58(discriminatorBytes(d)) === disc);
  }
}
