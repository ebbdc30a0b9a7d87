/**
 * `init_user_deposit_ledger` (PROTOCOL-v2 §3.10): creates the owner's deposit ledger on the base chain.
 */
import { struct, u8 } from "../../codec/mod.ts";
import { systemProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

const INIT_USER_DEPOSIT_LEDGER_DISCRIMINATOR = "5570ce9412130593";

/** `InitUserDepositLedgerParams` (9 bytes of instruction data with the discriminator). */
export interface InitUserDepositLedgerArgs {
  /** Deposit entries allocated (SDK default 8; live ledgers hold 20). */
  depositCapacity: number;
}

export const initUserDepositLedger = defineInstruction<InitUserDepositLedgerArgs>(
  "init_user_deposit_ledger",
  INIT_USER_DEPOSIT_LEDGER_DISCRIMINATOR,
  struct<InitUserDepositLedgerArgs>("InitUserDepositLedgerParams", { depositCapacity: u8 }),
  60_000, // compute units: one account creation
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const INIT_USER_DEPOSIT_LEDGER_ACCOUNTS = accountTable("init_user_deposit_ledger", {
  /** Basket owner's wallet (not a signer here). */
  owner: R,
  /** Pays rent and fees. */
  payer: WS,
  /** `pda.userDepositLedger(programId, owner)`. */
  userDepositLedger: W,
  /** System program. */
  systemProgram: [R, systemProgram],
});
export type InitUserDepositLedgerAccounts = AccountsOf<typeof INIT_USER_DEPOSIT_LEDGER_ACCOUNTS>;

export function initUserDepositLedgerInstruction(
  programId: string,
  accounts: InitUserDepositLedgerAccounts,
  args: InitUserDepositLedgerArgs,
): Instruction {
  return initUserDepositLedger.instruction(
    programId,
    INIT_USER_DEPOSIT_LEDGER_ACCOUNTS.metas(programId, accounts),
    args,
  );
}
