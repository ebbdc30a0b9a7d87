/**
 * A replayed chain's current accounts: the recording's initial accounts, read in place, under the changes replayed
 * since. The initial accounts are never written (a loop returns to them), so the replay needs no copy of them: a
 * 100,000-owner world's 600,000 accounts are held once, as the recording's table rows (`recorded-accounts.ts`), and a
 * change is an entry here (a recording changes a few thousand accounts).
 */
import { KeyedRecordedAccount, type RecordedAccount, type RecordedAccountData } from "./recorded-account.ts";
import type { RecordedAccounts } from "./recorded-accounts.ts";

export class ReplayedAccounts implements Iterable<RecordedAccount> {
  readonly #initial: RecordedAccounts;
  /** What the replay changed, by key: the account now, or null for one closed. */
  readonly #changed = new Map<string, RecordedAccount | null>();
  #size: number;

  constructor(initial: RecordedAccounts) {
    this.#initial = initial;
    this.#size = initial.size;
  }

  get size(): number {
    return this.#size;
  }

  has(pubkey: string): boolean {
    const changed = this.#changed.get(pubkey);
    return changed !== undefined ? changed !== null : this.#initial.has(pubkey);
  }

  get(pubkey: string): RecordedAccount | undefined {
    const changed = this.#changed.get(pubkey);
    return changed !== undefined ? changed ?? undefined : this.#initial.get(pubkey);
  }

  /**
   * The account `pubkey` holds now (a key this state holds), for a reader that reads it later, as an answer written
   * while it is sent does: the account itself when the replay changed it, else the key, whose initial account never
   * changes (`read` gives it then). Holding keys instead of views kept a listing of 400,000 accounts from holding
   * 800,000 objects (a view and its packed form each) through the young-generation collections of its sending.
   */
  take(pubkey: string): RecordedAccount | string {
    const changed = this.#changed.get(pubkey);
    if (changed === null) throw new Error(`${pubkey} is not held`);
    return changed ?? pubkey;
  }

  /** The account a `take` stands for. */
  read(taken: RecordedAccount | string): RecordedAccount {
    if (typeof taken !== "string") return taken;
    const account = this.#initial.get(taken);
    if (account === undefined) throw new Error(`${taken} is not an initial account`);
    return account;
  }

  /** Holds `account` under `pubkey` in place of what is held there. */
  set(pubkey: string, account: RecordedAccountData): void {
    if (!this.has(pubkey)) this.#size++;
    this.#changed.set(pubkey, new KeyedRecordedAccount(pubkey, account));
  }

  delete(pubkey: string): boolean {
    if (!this.has(pubkey)) return false;
    this.#size--;
    // A key the recording starts with is marked closed; one the replay added is as at the start again: not there.
    if (this.#initial.has(pubkey)) this.#changed.set(pubkey, null);
    else this.#changed.delete(pubkey);
    return true;
  }

  /**
   * Every key whose account may differ from the start, with its account now (null: closed): every initial account
   * the replay changed (a change back too) and every account it added and holds.
   */
  changes(): [string, RecordedAccount | null][] {
    return [...this.#changed];
  }

  /** Keys: the initial accounts' in their order, then the keys the replay added, in the order they came. */
  *keys(): IterableIterator<string> {
    for (const account of this) yield account.pubkey;
  }

  /** Every account, in the order of `keys`. */
  *[Symbol.iterator](): IterableIterator<RecordedAccount> {
    const changed = this.#changed;
    if (changed.size === 0) return yield* this.#initial;
    for (const account of this.#initial) {
      const now = changed.get(account.pubkey);
      if (now === undefined) yield account;
      else if (now !== null) yield now;
    }
    for (const [pubkey, now] of changed) if (now !== null && !this.#initial.has(pubkey)) yield now;
  }
}
