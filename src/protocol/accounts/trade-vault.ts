/** TradeVault (v2 only; PDA `["trade_vault", mint]`), 88 bytes. */
import { bytes, type Codec, pubkey, struct, u64, u8 } from "../codec/mod.ts";
import { type AccountCodec, defineAccount } from "./common.ts";

export interface TradeVault {
  tokenMint: string;
  tokenAccount: string;
  tokenAmount: bigint;
  bump: number;
  tokenAccountBump: number;
  /** 6 bytes. */
  padding: Uint8Array;
}
export const tradeVaultStruct: Codec<TradeVault> = struct<TradeVault>("TradeVault", {
  tokenMint: pubkey,
  tokenAccount: pubkey,
  tokenAmount: u64,
  bump: u8,
  tokenAccountBump: u8,
  padding: bytes(6),
});

export const tradeVaultAccount: AccountCodec<TradeVault> = defineAccount(
  "TradeVault",
  "e9634a7c3de205af",
  tradeVaultStruct,
);
