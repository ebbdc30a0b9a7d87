/** Referral (PDA `["referral", owner]`): per-user referral link, 106 bytes, same layout in both versions. */
import { bool, bytes, type Codec, pubkey, struct, u8 } from "../codec/mod.ts";
import { type AccountCodec, defineAccount } from "./common.ts";

export const REFERRAL_DISCRIMINATOR_HEX = "1eeb88e06a6b3140";

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
  REFERRAL_DISCRIMINATOR_HEX,
  referralStruct,
);
export const REFERRAL_DISCRIMINATOR: Uint8Array = referralAccount.discriminator;

export function decodeReferral(data: Uint8Array): Referral {
  return referralAccount.decode(data);
}

export function encodeReferral(value: Referral): Uint8Array {
  return referralAccount.encode(value);
}
