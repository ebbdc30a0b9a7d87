/**
 * Associated-token-account program `CreateIdempotent` (instruction tag 1, no arguments): creates the owner's ATA of a
 * mint when it does not exist and succeeds without change when it does, so builders never need to know whether it
 * exists (issue 9, "builders answer for what the client will have").
 */
import { ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID } from "../../constants.ts";
import { associatedTokenAddress } from "../../pda.ts";
import { type NoArgs, noArgs, systemProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";
import { checkTokenProgram } from "./token.ts";

export const CREATE_IDEMPOTENT_TAG = "01";

export const createAssociatedTokenIdempotent = defineInstruction<NoArgs>(
  "CreateIdempotent",
  CREATE_IDEMPOTENT_TAG,
  noArgs,
);

export const CREATE_ASSOCIATED_TOKEN_IDEMPOTENT_ACCOUNTS = accountTable("CreateIdempotent", {
  /** Pays the rent when the account is created; signs. */
  payer: AccountRole.WRITABLE_SIGNER,
  /** The ATA of (`owner`, `mint`, `tokenProgram`); `createAssociatedTokenIdempotentInstruction` derives it. */
  associatedToken: AccountRole.WRITABLE,
  owner: AccountRole.READONLY,
  mint: AccountRole.READONLY,
  systemProgram: [AccountRole.READONLY, systemProgram],
  /** Token program of the mint: legacy SPL Token or Token-2022. */
  tokenProgram: AccountRole.READONLY,
});
/** The table's accounts, the ATA derived when left out. */
export type CreateAssociatedTokenIdempotentAccounts =
  & Omit<AccountsOf<typeof CREATE_ASSOCIATED_TOKEN_IDEMPOTENT_ACCOUNTS>, "associatedToken">
  & { associatedToken?: string };

export function createAssociatedTokenIdempotentInstruction(
  accounts: CreateAssociatedTokenIdempotentAccounts,
): Instruction {
  const tokenProgram = checkTokenProgram(accounts.tokenProgram);
  const associatedToken = accounts.associatedToken ??
    associatedTokenAddress(accounts.owner, accounts.mint, tokenProgram === TOKEN_2022_PROGRAM_ID);
  return createAssociatedTokenIdempotent.instruction(
    ASSOCIATED_TOKEN_PROGRAM_ID,
    CREATE_ASSOCIATED_TOKEN_IDEMPOTENT_ACCOUNTS.metas(ASSOCIATED_TOKEN_PROGRAM_ID, { ...accounts, associatedToken }),
    {},
  );
}
