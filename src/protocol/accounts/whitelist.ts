/** Whitelist (PDA `["whitelist", owner]`): fee-exemption record, 80 bytes, same layout in both versions. */
import { array, bool, type Codec, pubkey, struct, u8 } from "../codec/mod.ts";
import { type AccountCodec, defineAccount } from "./common.ts";

export interface Whitelist {
  owner: string;
  isInitialized: boolean;
  bump: number;
  isSwapFeeExempt: boolean;
  isDepositFeeExempt: boolean;
  isWithdrawalFeeExempt: boolean;
  /** `[u8;3]`. */
  buffer: number[];
  /** The default key (all ones in base58) means every pool. */
  pool: string;
}
export const whitelistStruct: Codec<Whitelist> = struct<Whitelist>("Whitelist", {
  owner: pubkey,
  isInitialized: bool,
  bump: u8,
  isSwapFeeExempt: bool,
  isDepositFeeExempt: bool,
  isWithdrawalFeeExempt: bool,
  buffer: array(u8, 3),
  pool: pubkey,
});

export const whitelistAccount: AccountCodec<Whitelist> = defineAccount(
  "Whitelist",
  "ccb0344f927936f7",
  whitelistStruct,
);
