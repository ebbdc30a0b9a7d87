/**
 * Account counts of one deployment by kind (the health endpoints' `accounts` block). Health may be polled thousands
 * of times a second while the store changes far less often, so once started a count is cached until the next
 * account change, which the store's subscription signals; before `start()` (and after `stop()`) every read counts
 * afresh.
 */
import type { AccountKind } from "../protocol/accounts/mod.ts";
import type { AccountStore } from "../state/account-store.ts";
import type { ProgramAccounts } from "../state/program-accounts.ts";
import type { Unsubscribe } from "../state/types.ts";

export class AccountCountsCache {
  readonly #cached = new Map<AccountKind, number>();
  #unsubscribe: Unsubscribe | undefined;
  #generation = 0;

  constructor(private readonly accounts: ProgramAccounts, private readonly store: AccountStore) {}

  /** How many accounts of `kind` this deployment's program owns. */
  of(kind: AccountKind): number {
    if (!this.#unsubscribe) return this.accounts.count(kind);
    let count = this.#cached.get(kind);
    if (count === undefined) this.#cached.set(kind, count = this.accounts.count(kind));
    return count;
  }

  /**
   * A number that changes whenever a count may have (with every account change) while counts are cached, so a reader
   * may cache what it made of them as long as it reads the same number; undefined while they are not cached (before
   * `start()`, after `stop()`), when any read may differ from the last.
   */
  get generation(): number | undefined {
    return this.#unsubscribe ? this.#generation : undefined;
  }

  start(): void {
    if (this.#unsubscribe) return;
    this.#generation++;
    this.#unsubscribe = this.store.subscribe(() => {
      this.#generation++;
      this.#cached.clear();
    });
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#cached.clear();
  }
}
