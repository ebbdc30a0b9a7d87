/** Referral (PDA `["referral", owner]`): per-user referral link, 106 bytes, same layout in both versions. */
import { bool, bytes, type Codec, pubkey, struct, u8 } from "../codec/mod.ts";
import { type AccountCodec, defineAccount } from "./common.ts";

export interface Referral {
  isInitialized: boolean;
  bump: number;
  /** The referrer's TokenStake PDA. */
  refererTokenStakeAccount: string;
  refererBoosterAccount: string;
  /** `[u64;4]` as 32 raw bytes. */
  padding: Uint8Array;
}
export const referralStruct: Codec<Referral> = struct<Referral>("Referral", {
  isInitialized: bool,
  bump: u8,
  refererTokenStakeAccount: pubkey,
  refererBoosterAccount: pubkey,
  padding: bytes(32),
});

export const referralAccount: AccountCodec<Referral> = defineAccount(
  "Referral",
  "1eeb88e06a6b3140",
  referralStruct,
);
