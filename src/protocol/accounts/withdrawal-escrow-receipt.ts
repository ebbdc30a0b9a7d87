/** WithdrawalEscrowReceipt (v2 only; PDA `["withdrawal_escrow_receipt", owner, mint]`), 104 bytes. */
import { bytes, type Codec, i64, pubkey, struct, u64, u8 } from "../codec/mod.ts";
import { type AccountCodec, defineAccount } from "./common.ts";

export interface WithdrawalEscrowReceipt {
  owner: string;
  mint: string;
  amount: bigint;
  ledgerDeductible: bigint;
  /** Unix seconds. */
  requestedAt: bigint;
  processed: number;
  bump: number;
  /** 6 bytes. */
  padding: Uint8Array;
}
export const withdrawalEscrowReceiptStruct: Codec<WithdrawalEscrowReceipt> = struct<WithdrawalEscrowReceipt>(
  "WithdrawalEscrowReceipt",
  {
    owner: pubkey,
    mint: pubkey,
    amount: u64,
    ledgerDeductible: u64,
    requestedAt: i64,
    processed: u8,
    bump: u8,
    padding: bytes(6),
  },
);

export const withdrawalEscrowReceiptAccount: AccountCodec<WithdrawalEscrowReceipt> = defineAccount(
  "WithdrawalEscrowReceipt",
  "39f66704afa6c74f",
  withdrawalEscrowReceiptStruct,
);
