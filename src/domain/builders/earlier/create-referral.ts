/**
 * POST /transaction-builder/create-referral (PROTOCOL-v1 §8.10): `create_referral` creates the owner's referral
 * account (PDA `["referral", owner]`) pointing at the referrer's token-stake account (PDA `["token_stake",
 * referrer]`). Neither is checked here (the referrer's stake account may not exist yet, the referral may be taken):
 * the program rejects such transactions. The owner signs and pays the rent.
 */
import { createReferralInstruction } from "../../../protocol/instructions/earlier/create-referral.ts";
import * as pda from "../../../protocol/pda.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import { type BaseTransactionPlan, deploymentLookupTables } from "../plan.ts";

export interface CreateReferralRequest {
  owner: string;
  referrer: string;
}

export interface CreateReferralPlan extends BaseTransactionPlan {
  /** The owner's referral account the transaction creates. */
  referralAccount: string;
}

export function createReferralTransaction(
  snapshot: DeploymentSnapshot,
  req: CreateReferralRequest,
): CreateReferralPlan {
  const referralAccount = pda.referral(snapshot.programId, req.owner);
  const create = createReferralInstruction(snapshot.programId, {
    owner: req.owner,
    feePayer: req.owner,
    tokenStakeAccount: pda.tokenStake(snapshot.programId, req.referrer),
    referralAccount,
  });
  return {
    chain: "base",
    feePayer: req.owner,
    instructions: [create],
    lookupTableAddresses: deploymentLookupTables(snapshot),
    referralAccount,
  };
}
