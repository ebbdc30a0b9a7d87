/**
 * Delegation record of the delegation program (`["delegation", account]`, ORACLE-AND-CHAIN §2.2): which ER
 * validator holds a delegated account, its original owner program, and how often the ER commits it back to base.
 * The 8-byte discriminant is 100 as a little-endian u64.
 */
import { type Codec, pubkey, struct, u64 } from "../codec/mod.ts";
import { type AccountCodec, defineAccount } from "../accounts/common.ts";

export interface DelegationRecord {
  /** The ER validator's identity. */
  authority: string;
  /** The program that owned the account before delegation. */
  owner: string;
  delegationSlot: bigint;
  lamports: bigint;
  commitFrequencyMs: bigint;
}
export const delegationRecordStruct: Codec<DelegationRecord> = struct<DelegationRecord>("DelegationRecord", {
  authority: pubkey,
  owner: pubkey,
  delegationSlot: u64,
  lamports: u64,
  commitFrequencyMs: u64,
});
export const delegationRecordAccount: AccountCodec<DelegationRecord> = defineAccount(
  "DelegationRecord",
  "6400000000000000",
  delegationRecordStruct,
);
