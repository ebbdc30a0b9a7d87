import type { Chain, RawAccount } from "./types.ts";
import { type PackedBytes, unpacked } from "./packed-bytes.ts";

/**
 * A store account whose bytes are held packed (`packed-bytes.ts`), for example the in-process replay's own packed form
 * of that account: one copy for both. `data` expands them on read. Neither `data` nor `packed` is an own property, so
 * a spread copy (`{ ...account }`) has no bytes at all, rather than a `packed` that an overriding `data` contradicts.
 */
export class PackedRawAccount implements RawAccount {
  readonly #packed: PackedBytes;

  constructor(
    readonly pubkey: string,
    readonly owner: string,
    readonly lamports: bigint,
    packed: PackedBytes,
    readonly executable: boolean,
    readonly slot: number,
    readonly chain: Chain,
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

/** An account held elsewhere in this process (a replay's), its bytes packed. */
export interface HeldAccount {
  readonly pubkey: string;
  readonly owner: string;
  readonly lamports: bigint;
  readonly executable: boolean;
  readonly packed: PackedBytes;
}

/**
 * A store account that is an account held elsewhere in this process (the in-process replay's initial account), seen
 * at a slot on a chain: its fields are read from that account rather than copied, so a 100,000-owner world's 420,000
 * store accounts cost three fields each. The held account must not change (a replay replaces an account it updates).
 * As with PackedRawAccount, a spread copy has none of the held fields: copy one field by field.
 */
export class HeldRawAccount implements RawAccount {
  readonly #held: HeldAccount;

  constructor(held: HeldAccount, readonly slot: number, readonly chain: Chain) {
    this.#held = held;
  }

  /** The account held elsewhere that this one is seen from. */
  get held(): HeldAccount {
    return this.#held;
  }

  get pubkey(): string {
    return this.#held.pubkey;
  }

  get owner(): string {
    return this.#held.owner;
  }

  get lamports(): bigint {
    return this.#held.lamports;
  }

  get executable(): boolean {
    return this.#held.executable;
  }

  get packed(): PackedBytes {
    return this.#held.packed;
  }

  get data(): Uint8Array {
    return unpacked(this.#held.packed);
  }
}
