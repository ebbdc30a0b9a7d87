/**
 * POST /v2/transaction-builder/request-withdrawal (PROTOCOL-v2 §3.12), both variants of one request schema
 * (DECISIONS 1.4):
 *
 * - Variant B (`feePayer` sent): the withdrawal request as `withdraw` builds it, without a top-up.
 * - Variant A (no `feePayer`): refused with 400 FEE_PAYER_REQUIRED (issue 9, item 5). `withdrawal_with_action`
 *   needs a `fee_payer` that signs and is not the owner (PROTOCOL-v2 §2.1), so no withdrawal transaction exists that
 *   the owner alone can sign; the live service's answer to that (a key of its own, pre-signed, PROTOCOL-v2 §8.2) is
 *   ruled out because this service never signs and holds no keys (DECISIONS 5.4). The code tells the client to send
 *   `feePayer`. Returning a transaction without the withdrawal (only the token account and a custody-settlement
 *   request) would look like success and withdraw nothing.
 */
import { failField } from "../../quotes/result.ts";
import type { DeploymentSnapshot } from "../../views/context.ts";
import type { ChainAccountReader } from "./funds-state.ts";
import { fundsTokenByMint, parseTokenAmount } from "./funds-token.ts";
import { planWithdrawalRequest, type WithdrawalRequestPlan } from "./withdraw.ts";

export interface RequestWithdrawalRequest {
  owner: string;
  tokenMint: string;
  amount: string;
  feePayer?: string;
  /** Variant A's option; accepted and ignored (variant A is refused, variant B bundles no settlement). */
  includeCustodySettlement?: boolean;
}

export function buildRequestWithdrawal(
  snapshot: DeploymentSnapshot,
  chains: ChainAccountReader,
  request: RequestWithdrawalRequest,
): WithdrawalRequestPlan {
  const token = fundsTokenByMint(snapshot, request.tokenMint);
  const amount = parseTokenAmount(request.amount, token);
  const feePayer = request.feePayer ??
    failField(
      "FEE_PAYER_REQUIRED",
      "feePayer",
      "is required: the withdrawal must be co-signed by a fee payer other than the owner, and this service never " +
        "signs; send feePayer (a key you hold, funded with a little SOL for the escrow rent)",
    );
  return planWithdrawalRequest(snapshot, chains, { owner: request.owner, feePayer, token, amount });
}
