/**
 * Close detection (issue 14 item 3). programSubscribe never reports a closed account, on Agave as on the replay server
 * (the account no longer belongs to the program, so no subscription matches it), and a full reload runs only every
 * few minutes. This check asks the RPC, in batches of 100 keys with no account data (`dataSlice` of length 0), whether
 * the accounts a chain source holds still exist and still belong to its programs; the ones that do not are removed
 * from the store (which tells its listeners, as for any change).
 *
 * A sweep covers every held key; one run checks at most `maxKeysPerRun` of them, so at very large scale a sweep spans
 * several runs (latency ≈ run interval × ⌈keys / maxKeysPerRun⌉) while the load on the RPC stays bounded.
 */
import type { AccountStore } from "../state/account-store.ts";
import type { Chain } from "../state/types.ts";
import type { RpcAccountJson } from "./web3-internals.ts";

/** getMultipleAccounts as the RPC answers it (only `owner` and `lamports` are read here). */
export type MultipleAccountsRequest = (
  keys: string[],
) => Promise<{ context: { slot: number }; value: (Pick<RpcAccountJson, "owner" | "lamports"> | null)[] }>;

export interface ExistenceCheckOptions {
  chain: Chain;
  store: AccountStore;
  /** Programs whose accounts this source holds: an account now owned by another program has left the scope. */
  programIds: readonly string[];
  /** Accounts held whatever their owner (lookup tables, mints): only their existence is checked. */
  extraAccounts: ReadonlySet<string>;
  /** Keys per run (default 10,000: 100 requests). */
  maxKeysPerRun?: number;
  /** Requests in flight (default 4). */
  concurrency?: number;
}

export interface ExistenceRunResult {
  checked: number;
  /** Keys removed from the store (closed, or no longer the program's). */
  removed: string[];
  /** True when this run finished a sweep over every held key. */
  sweepDone: boolean;
}

export const RPC_MAX_KEYS_PER_REQUEST = 100;

export class ExistenceCheck {
  readonly #options: ExistenceCheckOptions;
  #sweep: string[] = [];
  #next = 0;

  constructor(options: ExistenceCheckOptions) {
    this.#options = options;
  }

  /** Checks the next slice of the current sweep (a new sweep starts from the keys held now). */
  async run(request: MultipleAccountsRequest): Promise<ExistenceRunResult> {
    const { chain, store, programIds, extraAccounts } = this.#options;
    if (this.#next >= this.#sweep.length) {
      this.#sweep = [...store.keys(chain)];
      this.#next = 0;
    }
    const start = this.#next;
    const keys = this.#sweep.slice(start, start + (this.#options.maxKeysPerRun ?? 10_000));
    const removed: string[] = [];
    let cursor = 0;
    const worker = async () => {
      while (cursor < keys.length) {
        const batch = keys.slice(cursor, cursor += RPC_MAX_KEYS_PER_REQUEST);
        const res = await request(batch);
        batch.forEach((key, i) => {
          const info = res.value[i];
          const gone = !info || info.lamports === 0 || (!extraAccounts.has(key) && !programIds.includes(info.owner));
          if (!gone || store.getFrom(chain, key) === undefined) return;
          // Slot-ordered: a copy written after this answer's slot (a re-created account) is kept.
          if (store.delete(chain, key, res.context.slot) !== "stale") removed.push(key);
        });
      }
    };
    const concurrency = Math.max(1, this.#options.concurrency ?? 4);
    // A failed run is retried from its start (what it removed stays removed).
    await Promise.all(
      Array.from({ length: Math.min(concurrency, Math.ceil(keys.length / RPC_MAX_KEYS_PER_REQUEST)) }, worker),
    );
    this.#next = start + keys.length;
    return { checked: keys.length, removed, sweepDone: this.#next >= this.#sweep.length };
  }
}
