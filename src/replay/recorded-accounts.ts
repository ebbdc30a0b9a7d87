/**
 * One chain's recorded accounts by key: a recording's initial accounts, and the replayed chain's current ones. They
 * are held as the rows of an `AccountTable` (`../state/account-table.ts`), not as objects: an account whose bytes are
 * packed is a row of typed columns pointing into the shared slab its bytes were packed into. A 100,000-owner world has
 * 600,000 initial accounts; held as two objects each (the account and its packed form), they were 600,000 × 2 old
 * objects for the collector to trace and for the recording, the replay state and the service's store to point at.
 *
 * A read gives a view made on demand (`RecordedAccount`): an account's fields, its packed bytes. An account that has a
 * recorded rent epoch, or whose bytes are a plain array (an update's), is kept as an object (`KeptAccount`): few are.
 * A view is a copy: changing it changes nothing held; `set` replaces an account.
 */
import type { Chain, RawAccount } from "../state/types.ts";
import { AccountTable } from "../state/account-table.ts";
import { PackedRawAccount } from "../state/packed-account.ts";
import { KeyedRecordedAccount, type RecordedAccount, type RecordedAccountData } from "./recorded-account.ts";

export class RecordedAccounts implements Iterable<RecordedAccount> {
  readonly #table: AccountTable;

  constructor(readonly chain: Chain) {
    this.#table = new AccountTable(chain);
  }

  /** The accounts given, in their order (a key given twice: the later account). */
  static of(chain: Chain, accounts: Iterable<RecordedAccount>): RecordedAccounts {
    const held = new RecordedAccounts(chain);
    for (const account of accounts) held.add(account);
    return held;
  }

  get size(): number {
    return this.#table.size;
  }

  has(pubkey: string): boolean {
    return this.#table.has(pubkey);
  }

  /** A view of the account (no packed form is remembered for it: nothing keys a cache by a recorded account's). */
  get(pubkey: string): RecordedAccount | undefined {
    return this.#table.peek(pubkey);
  }

  /**
   * As `get`, but the view's key is the string held here rather than the one asked with: a reader that keeps the key
   * (another chain's copy of the account) then keeps one string for both.
   */
  getWithHeldKey(pubkey: string): RecordedAccount | undefined {
    const row = this.#table.rowOf(pubkey);
    return row < 0 ? undefined : this.#table.peekAt(row);
  }

  /** Holds `account` under its own key. */
  add(account: RecordedAccount): void {
    this.set(account.pubkey, account);
  }

  /**
   * Holds `account` under `pubkey`, in place of what was held there. Its fields are read now: later changes to it are
   * not seen.
   */
  set(pubkey: string, account: RecordedAccountData): void {
    const packed = account.packed;
    this.#table.set(
      packed && account.rentEpoch === undefined
        ? new PackedRawAccount(pubkey, account.owner, account.lamports, packed, account.executable, 0, this.chain)
        : new KeptAccount(pubkey, account, this.chain),
    );
  }

  delete(pubkey: string): boolean {
    return this.#table.delete(pubkey);
  }

  /** Keys in row order: the order the accounts were added in, until one is deleted (its row is then reused). */
  keys(): IterableIterator<string> {
    return this.#table.keys();
  }

  /** Every account, in row order (see `keys`). */
  [Symbol.iterator](): IterableIterator<RecordedAccount> {
    return this.#table.scan();
  }
}

/** An account held as an object (a table row's object), seen as the table's accounts are: at slot 0, on its chain. */
class KeptAccount extends KeyedRecordedAccount implements RawAccount {
  readonly slot = 0;

  constructor(pubkey: string, from: RecordedAccountData, readonly chain: Chain) {
    super(pubkey, from);
  }
}
