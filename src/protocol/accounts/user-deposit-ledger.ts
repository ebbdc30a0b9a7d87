/**
 * UserDepositLedger (v2 only; PDA `["user_deposit_ledger", owner]`): cumulative deposits per mint
 * (PROTOCOL-v2 §4.3). Allocated for a capacity (52 + 40·n bytes), so trailing bytes are ignored on decode.
 */
import { bytes, type Codec, pubkey, struct, u8, vec } from "../codec/mod.ts";
import { type AccountCodec, defineAccount, type Ledger, ledger } from "./common.ts";

/** Offset of `owner` in the raw account, for `memcmp` filters. */
export const USER_DEPOSIT_LEDGER_OWNER_OFFSET = 16;

/** `{mint, amount}`: cumulative native units deposited (never reduced by withdrawals). */
export type DepositEntry = Ledger;

export interface UserDepositLedger {
  bump: number;
  /** 7 bytes. */
  padding: Uint8Array;
  owner: string;
  deposits: DepositEntry[];
}
export const userDepositLedgerStruct: Codec<UserDepositLedger> = struct<UserDepositLedger>("UserDepositLedger", {
  bump: u8,
  padding: bytes(7),
  owner: pubkey,
  deposits: vec(ledger),
});

export const userDepositLedgerAccount: AccountCodec<UserDepositLedger> = defineAccount(
  "UserDepositLedger",
  "3363adbe15330782",
  userDepositLedgerStruct,
);

/** Account size for a ledger with room for `capacity` deposit entries. */
export function userDepositLedgerSpace(capacity: number): number {
  return 52 + 40 * capacity;
}
