/**
 * `create_referral` (PROTOCOL-v1 §8.10): links the owner to a referrer by the referrer's token stake account.
 */
import { type NoArgs, noArgs, systemProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

export const CREATE_REFERRAL_DISCRIMINATOR = "3d11f0f5ac429fe8";

/** `CreateReferralParams` is empty: the data is the 8-byte discriminator alone. */
export const createReferral = defineInstruction<NoArgs>("create_referral", CREATE_REFERRAL_DISCRIMINATOR, noArgs, 50_000 // compute units: one account creation
);

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface CreateReferralAccounts {
  /** The trader's wallet. */
  owner: string;
  /** Pays fees and rent (the owner unless the builder says otherwise). */
  feePayer: string;
  /** The **referrer's** token stake account (`pda.tokenStake(programId, referrer)`). */
  tokenStakeAccount: string;
  /** `pda.referral(programId, owner)` (created). */
  referralAccount: string;
  /** System program. */
  systemProgram?: string;
}

export const CREATE_REFERRAL_ACCOUNTS = accountTable<CreateReferralAccounts>("create_referral", [
  ["owner", WS],
  ["feePayer", WS],
  ["tokenStakeAccount", R],
  ["referralAccount", W],
  ["systemProgram", R, systemProgram],
]);

export function createReferralInstruction(programId: string, accounts: CreateReferralAccounts): Instruction {
  return createReferral.instruction(programId, CREATE_REFERRAL_ACCOUNTS.metas(programId, accounts), {});
}
