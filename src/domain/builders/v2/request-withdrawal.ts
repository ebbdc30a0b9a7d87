/**
 * POST /v2/transaction-builder/request-withdrawal (PROTOCOL-v2 §3.12), both variants of one request schema
 * (DECISIONS 1.4):
 *
 * - Variant B (`feePayer` sent): the withdrawal request as `withdraw` builds it, without a top-up.
 * - Variant A (no `feePayer`, DECISIONS 5.20): `withdrawal_with_action` needs a `fee_payer` that signs and is not
 *   the owner (PROTOCOL-v2 §2.1), which a wallet alone cannot provide. The handler makes a fresh key for this one
 *   request (`../one-time-fee-payer.ts`) and names it here as `oneTimeFeePayer`; the owner tops it up first with
 *   what the instruction needs of it and takes back what the instruction leaves in it (`withdrawal-rent.ts`), so the
 *   key holds nothing once the transaction has run. The owner stays the transaction's fee payer (account 0).
 *   `includeCustodySettlement` is accepted and ignored (custody-settlement builds that request).
 */
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import type { ChainAccountReader } from "./funds-state.ts";
import { fundsTokenByMint, parseTokenAmount } from "./funds-token.ts";
import { type WithdrawalRequestPlan, withdrawalRequestPlan } from "./withdraw.ts";
import { withdrawalRequestRent } from "./withdrawal-rent.ts";

export interface RequestWithdrawalRequest {
  owner: string;
  tokenMint: string;
  amount: string;
  feePayer?: string;
  /** Variant A's option; accepted and ignored (custody-settlement builds a settlement request). */
  includeCustodySettlement?: boolean;
}

/**
 * The plan of either variant. `oneTimeFeePayer` is the fresh key of variant A (ignored when the request names its own
 * `feePayer`); the caller pre-signs the assembled transaction with it.
 */
export function requestWithdrawalTransaction(
  snapshot: DeploymentSnapshot,
  chains: ChainAccountReader,
  request: RequestWithdrawalRequest,
  oneTimeFeePayer?: string,
): WithdrawalRequestPlan {
  const token = fundsTokenByMint(snapshot, request.tokenMint);
  const amount = parseTokenAmount(request.amount, token);
  const { owner } = request;
  if (request.feePayer !== undefined) {
    return withdrawalRequestPlan(snapshot, chains, { owner, feePayer: request.feePayer, token, amount });
  }
  if (oneTimeFeePayer === undefined) throw new TypeError("request-withdrawal variant A needs a one-time fee payer");
  const rent = withdrawalRequestRent(snapshot.programId, owner, token.mint, oneTimeFeePayer);
  return withdrawalRequestPlan(snapshot, chains, {
    owner,
    feePayer: oneTimeFeePayer,
    token,
    amount,
    topUpLamports: rent.topUpLamports,
    returnLamports: rent.returnedLamports,
  });
}
