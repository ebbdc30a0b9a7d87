/**
 * Delegation metadata of the delegation program (`["delegation-metadata", account]`, ORACLE-AND-CHAIN §2.1): the
 * seeds that re-derive a delegated PDA on undelegation and the key that paid the delegation's rent. Its size
 * depends on the seeds, so the rent a delegation costs is the rent of this account as encoded for those seeds.
 * Layout (delegation program `state/delegation_metadata.rs`, Borsh): the 8-byte discriminant (102 as a
 * little-endian u64), then the fields below.
 */
import { bool, type Codec, pubkey, struct, u64, u8, vec } from "../codec/mod.ts";
import { type AccountCodec, defineAccount } from "../accounts/common.ts";

export interface DelegationMetadata {
  lastUpdateExternalSlot: bigint;
  isUndelegatable: boolean;
  /** The delegated PDA's seeds, without its bump. */
  seeds: number[][];
  rentPayer: string;
}
export const delegationMetadataStruct: Codec<DelegationMetadata> = struct<DelegationMetadata>("DelegationMetadata", {
  lastUpdateExternalSlot: u64,
  isUndelegatable: bool,
  seeds: vec(vec(u8)),
  rentPayer: pubkey,
});
export const delegationMetadataAccount: AccountCodec<DelegationMetadata> = defineAccount(
  "DelegationMetadata",
  "6600000000000000",
  delegationMetadataStruct,
);
