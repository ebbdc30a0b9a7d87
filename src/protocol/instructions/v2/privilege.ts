/**
 * Remaining accounts of the v2 trading instructions that take a privilege (`open_position_er`,
 * `increase_position_size_er`, `close_position_er`, `decrease_position_size_er`; PROTOCOL-v2 §3.0 and §3.13):
 * none for `None`; otherwise `[referral (read-only), token stake (writable)]`.
 */
import type { Privilege } from "../common.ts";
import { type AccountMeta, readonly, writable } from "../instruction.ts";

export interface PrivilegeAccounts {
  /** The owner's referral account, `pda.referral(programId, owner)`. */
  referral: string;
  /** Token stake: the trader's own for `Stake`, the referrer's for `Referral`. */
  tokenStake: string;
}

/**
 * The tail for `privilege`. Unlike the SDK, which silently drops the tail when an account is missing (and so sends
 * a privilege the program cannot honour), a non-None privilege without both accounts is a `TypeError`: the builder
 * decides the fallback to `None` before it gets here.
 */
export function privilegeAccounts(privilege: Privilege, accounts?: PrivilegeAccounts): AccountMeta[] {
  if (privilege === "None") return [];
  if (accounts === undefined) throw new TypeError(`privilege ${privilege} needs the referral and token stake accounts`);
  return [readonly(accounts.referral), writable(accounts.tokenStake)];
}
