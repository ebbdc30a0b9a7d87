/** CustodySettlementReceipt (v2 only; PDA `["custody_settlement_receipt", custody]`), 120 bytes. */
import { bool, bytes, type Codec, pubkey, struct, u64, u8 } from "../codec/mod.ts";
import { type AccountCodec, defineAccount } from "./common.ts";

export interface CustodySettlementReceipt {
  pool: string;
  custody: string;
  tokenMint: string;
  netAmount: bigint;
  /** Direction of the settlement: custody → trade vault when true. */
  custodyToVault: boolean;
  processed: number;
  bump: number;
  /** 5 bytes. */
  padding: Uint8Array;
}
export const custodySettlementReceiptStruct: Codec<CustodySettlementReceipt> = struct<CustodySettlementReceipt>(
  "CustodySettlementReceipt",
  {
    pool: pubkey,
    custody: pubkey,
    tokenMint: pubkey,
    netAmount: u64,
    custodyToVault: bool,
    processed: u8,
    bump: u8,
    padding: bytes(5),
  },
);

export const custodySettlementReceiptAccount: AccountCodec<CustodySettlementReceipt> = defineAccount(
  "CustodySettlementReceipt",
  "af0a0eee7fade644",
  custodySettlementReceiptStruct,
);
