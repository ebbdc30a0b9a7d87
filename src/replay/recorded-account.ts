/** One account as a recording holds it (both the JSONL and the binary forms read into this). */
export interface RecordedAccountData {
  owner: string;
  lamports: bigint;
  executable: boolean;
  data: Uint8Array;
  rentEpoch?: number;
}

export interface RecordedAccount extends RecordedAccountData {
  pubkey: string;
}
