import { type PackedBytes, unpacked } from "../state/packed-bytes.ts";

/** One account as a recording holds it (both the JSONL and the binary forms read into this). */
export interface RecordedAccountData {
  owner: string;
  lamports: bigint;
  executable: boolean;
  /** The full bytes (of a packed account: expanded on read, see `packed`). */
  readonly data: Uint8Array;
  /** The bytes held compact (`packed-bytes.ts`), for readers of a few bytes; absent when `data` is held as it is. */
  readonly packed?: PackedBytes;
  rentEpoch?: number;
}

export interface RecordedAccount extends RecordedAccountData {
  pubkey: string;
}

/**
 * A recorded account whose bytes are held packed: what a recording's initial accounts are read into (a large world's
 * 600,000 accounts are mostly zeros). `data` expands them on read. Neither `data` nor `packed` is an own property, so
 * a spread copy (`{ ...account }`) has no bytes at all, rather than a `packed` that an overriding `data` contradicts.
 */
export class PackedRecordedAccount implements RecordedAccount {
  /** Set only when recorded (declared, so an account without one has no such property). */
  declare rentEpoch?: number;
  readonly #packed: PackedBytes;

  constructor(
    public pubkey: string,
    public owner: string,
    public lamports: bigint,
    public executable: boolean,
    packed: PackedBytes,
  ) {
    this.#packed = packed;
  }

  get packed(): PackedBytes {
    return this.#packed;
  }

  get data(): Uint8Array {
    return unpacked(this.#packed);
  }
}

/**
 * An account under a key it does not carry itself (an update's account has none): its fields copied when made, its
 * bytes those of the account it was made from (an array, or a packed form).
 */
export class KeyedRecordedAccount implements RecordedAccount {
  /** Set only when given (declared, so an account without one has no such property). */
  declare rentEpoch?: number;
  readonly owner: string;
  readonly lamports: bigint;
  readonly executable: boolean;
  readonly #from: RecordedAccountData;

  constructor(readonly pubkey: string, from: RecordedAccountData) {
    this.owner = from.owner;
    this.lamports = from.lamports;
    this.executable = from.executable;
    if (from.rentEpoch !== undefined) this.rentEpoch = from.rentEpoch;
    this.#from = from;
  }

  get data(): Uint8Array {
    return this.#from.data;
  }

  get packed(): PackedBytes | undefined {
    return this.#from.packed;
  }
}
