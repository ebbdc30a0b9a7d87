/** Which RPC an account copy came from: the base chain or the MagicBlock ephemeral rollup. */
export type Chain = "base" | "er";
export const CHAINS: readonly Chain[] = ["base", "er"];

/** A raw account as ingested from one chain. `data` must be treated as immutable. */
export interface RawAccount {
  pubkey: string;
  owner: string;
  lamports: bigint;
  data: Uint8Array;
  executable: boolean;
  /** Slot of the context the copy was observed at. */
  slot: number;
  chain: Chain;
}

/** A listener is removed by calling the returned function. */
export type Unsubscribe = () => void;
