import type { Chain, RawAccount } from "./types.ts";
import { type PackedBytes, unpacked } from "./packed-bytes.ts";

/**
 * A store account whose bytes are held packed (`packed-bytes.ts`), for example in the in-process replay's slabs: one
 * copy for both. `data` expands them on read. Neither `data` nor `packed` is an own property, so
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
