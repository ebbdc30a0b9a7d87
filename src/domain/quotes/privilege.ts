/**
 * The fee privilege an earlier-interface trade really gets (PROTOCOL-v1 §5.14): the one asked for when the accounts
 * it needs exist on chain, else NONE. Quotes take the discount from it and the builders the privilege argument and
 * its remaining accounts, so a quote never promises a discount the transaction cannot claim.
 *
 * Asked for: `privilege` when given; otherwise REFERRAL when a referral account is sent, STAKE when a token-stake
 * account is sent, else NONE (earlier.yaml OpenPositionRequest).
 *
 * - STAKE needs the trader's token-stake account (the request's, else the owner's PDA `["token_stake", owner]`):
 *   it must exist and belong to the owner. The referral slot, read-only for STAKE, carries the request's referral
 *   account, else the owner's referral PDA (the SDK always sends both; what the program reads there for STAKE is
 *   not documented, PROTOCOL-v1 §12.8).
 * - REFERRAL needs the owner's referral account (the request's, else `["referral", owner]`): it must exist and, with
 *   an owner, be that owner's PDA; its token-stake slot is the **referrer's** stake account, read from the referral
 *   account (error 6047 TokenStakeAccountMismatch otherwise), which must exist too.
 *
 * Choice (issue 10, "falls back to NONE and the quote says so"): a privilege whose accounts are missing falls back to
 * NONE instead of failing the request; the quote shows it within the contract: `discountPercentage` "0" and the fee
 * equal to the fee before discount (close: `fees` = `feesBeforeDiscount`). Only the earlier interface has privileges.
 * `enableFundedWallet` plays no part: no instruction of the program has a funded-wallet argument or account and the
 * Privilege enum has no such variant (PROTOCOL-v1 §1, §12.8).
 */
import * as pda from "../../protocol/pda.ts";
import type { Privilege } from "../math/types.ts";
import type { DeploymentSnapshot } from "../deployment-snapshot.ts";

export interface PrivilegeFields {
  privilege?: Privilege;
  userReferralAccount?: string;
  /** Alias `tokenStakeFafAccount` is merged into this field by the handler. */
  tokenStakeTokenAccount?: string;
}

export interface PrivilegeGrant {
  /** What the request asked for (explicitly or inferred). */
  requested: Privilege;
  /** What the trade gets: `requested`, or NONE when its accounts are missing. */
  privilege: Privilege;
  /** The remaining accounts of a non-NONE privilege; present only when the owner is known (a transaction is built). */
  accounts?: { referral: string; tokenStake: string };
}

/** The privilege a request asks for before any account is checked. */
export function requestedPrivilege(fields: PrivilegeFields): Privilege {
  if (fields.privilege) return fields.privilege;
  if (fields.userReferralAccount) return "REFERRAL";
  if (fields.tokenStakeTokenAccount) return "STAKE";
  return "NONE";
}

/** The privilege an earlier-interface trade of `owner` (undefined in preview-only mode) gets; see the module note. */
export function grantPrivilege(
  snapshot: DeploymentSnapshot,
  owner: string | undefined,
  fields: PrivilegeFields,
): PrivilegeGrant {
  const requested = requestedPrivilege(fields);
  const none: PrivilegeGrant = { requested, privilege: "NONE" };
  if (requested === "STAKE") {
    const tokenStake = fields.tokenStakeTokenAccount ?? (owner && pda.tokenStake(snapshot.programId, owner));
    if (!tokenStake) return none;
    const stake = snapshot.accounts.get("TokenStake", tokenStake);
    if (!stake || (owner !== undefined && stake.owner !== owner)) return none;
    if (owner === undefined) return { requested, privilege: "STAKE" };
    const referral = fields.userReferralAccount ?? pda.referral(snapshot.programId, owner);
    return { requested, privilege: "STAKE", accounts: { referral, tokenStake } };
  }
  if (requested === "REFERRAL") {
    const ownReferral = owner && pda.referral(snapshot.programId, owner);
    const referral = fields.userReferralAccount ?? ownReferral;
    if (!referral || (ownReferral && referral !== ownReferral)) return none;
    const link = snapshot.accounts.get("Referral", referral);
    if (!link || !snapshot.accounts.get("TokenStake", link.refererTokenStakeAccount)) return none;
    if (owner === undefined) return { requested, privilege: "REFERRAL" };
    return { requested, privilege: "REFERRAL", accounts: { referral, tokenStake: link.refererTokenStakeAccount } };
  }
  return none;
}

/**
 * Whether `whitelist` (the request's `userWhitelistAccount`) exempts the owner's swaps in `poolAddress` from swap
 * fees: an existing whitelist account of the owner (any owner in preview-only mode) with `is_swap_fee_exempt`, for
 * that pool or for every pool (the default key). Anything else is ignored: the swap is quoted with fees and the
 * account is not passed to the program (which would reject it, error 6069 InvalidWhitelistAccount).
 */
export function swapFeeExemption(
  snapshot: DeploymentSnapshot,
  owner: string | undefined,
  whitelist: string | undefined,
  poolAddress: string,
): string | undefined {
  if (!whitelist) return undefined;
  const account = snapshot.accounts.get("Whitelist", whitelist);
  if (!account || !account.isSwapFeeExempt) return undefined;
  if (owner !== undefined && account.owner !== owner) return undefined;
  const anyPool = account.pool === DEFAULT_KEY;
  return anyPool || account.pool === poolAddress ? whitelist : undefined;
}

/** `Pubkey::default()` in base58. */
const DEFAULT_KEY = "11111111111111111111111111111111";

/**
 * The fee privilege of an earlier-interface request: the one asked for (`privilege`, else inferred from the accounts
 * sent) when its accounts exist, else NONE. v2 always trades with NONE.
 */
export function privilegeOf(snapshot: DeploymentSnapshot, req: PrivilegeFields & { owner?: string }): Privilege {
  if (snapshot.version === "v2") return "NONE";
  return grantPrivilege(snapshot, req.owner, req).privilege;
}
