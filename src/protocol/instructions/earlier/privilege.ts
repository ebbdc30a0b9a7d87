/**
 * Remaining accounts of the earlier program's instructions that take a privilege (`open_position`, `swap_and_open`,
 * `close_position`, `close_and_swap`, `increase_size`, `decrease_size`; PROTOCOL-v1 §5.14 and §8.0): none for
 * `None`; otherwise `[referral, token stake (writable)]`, the referral writable unless the privilege is `Stake`.
 */
import type { Privilege } from "../common.ts";
import { type AccountMeta, readonly, writable } from "../instruction.ts";

export interface PrivilegeAccounts {
  /** The request's `userReferralAccount`. */
  referral: string;
  /** The request's `tokenStakeTokenAccount` (alias `tokenStakeFafAccount`). */
  tokenStake: string;
}

/**
 * The tail for `privilege`. The SDK drops the tail when either account is missing or the default key, which sends a
 * privilege without its accounts; here that is a `TypeError` and the builder falls back to `None` itself (issue 10).
 */
export function privilegeAccounts(privilege: Privilege, accounts?: PrivilegeAccounts): AccountMeta[] {
  if (privilege === "None") return [];
  if (accounts === undefined) throw new TypeError(`privilege ${privilege} needs the referral and token stake accounts`);
  const referral = privilege === "Stake" ? readonly(accounts.referral) : writable(accounts.referral);
  return [referral, writable(accounts.tokenStake)];
}
