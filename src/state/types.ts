/** Which RPC an account copy came from: the base chain or the MagicBlock ephemeral rollup. */
export type Chain = "base" | "er";
export const CHAINS: readonly Chain[] = ["base", "er"];

import type { PackedBytes } from "./packed-bytes.ts";

/** A raw account as ingested from one chain. `data` must be treated as immutable. */
export interface RawAccount {
  pubkey: string;
  owner: string;
  lamports: bigint;
  /** The full bytes (of a packed account: expanded on read, see `packed`). */
  data: Uint8Array;
  /**
   * The bytes held compact (`packed-bytes.ts`), when they are: readers of a few bytes read them there (`dataRange`),
   * and caches of values derived from the bytes key by it (`bytesIdentity`), so nothing expands them for that.
   */
  packed?: PackedBytes;
  executable: boolean;
  /** Slot of the context the copy was observed at. */
  slot: number;
  chain: Chain;
}

/** A listener is removed by calling the returned function. */
export type Unsubscribe = () => void;
