/**
 * `create_referral` (PROTOCOL-v1 §8.10): links the owner to a referrer by the referrer's token stake account.
 */
import { type NoArgs, noArgs, systemProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

const CREATE_REFERRAL_DISCRIMINATOR = "3d11f0f5ac429fe8";

/** `CreateReferralParams` is empty: the data is the 8-byte discriminator alone. */
export const createReferral = defineInstruction<NoArgs>("create_referral", CREATE_REFERRAL_DISCRIMINATOR, noArgs, 50_000 // compute units: one account creation
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const CREATE_REFERRAL_ACCOUNTS = accountTable("create_referral", {
  /** The trader's wallet. */
  owner: WS,
  /** Pays fees and rent (the owner unless the builder says otherwise). */
  feePayer: WS,
  /** The **referrer's** token stake account (`pda.tokenStake(programId, referrer)`). */
  tokenStakeAccount: R,
  /** `pda.referral(programId, owner)` (created). */
  referralAccount: W,
  /** System program. */
  systemProgram: [R, systemProgram],
});
export type CreateReferralAccounts = AccountsOf<typeof CREATE_REFERRAL_ACCOUNTS>;

export function createReferralInstruction(programId: string, accounts: CreateReferralAccounts): Instruction {
  return createReferral.instruction(programId, CREATE_REFERRAL_ACCOUNTS.metas(programId, accounts), {});
}
