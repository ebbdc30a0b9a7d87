/**
 * POST /v2/transaction-builder/request-withdrawal: variant B (with `feePayer`) builds the withdrawal request for the
 * caller's fee payer; variant A (without) for a fresh one-time fee payer that pre-signs the transaction and is named
 * in the answer (DECISIONS 5.20; the domain builder says how). The key is made only for variant A, lives as long as
 * this request, and only its public half ever leaves this function.
 */
import type { V2Handler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { requestWithdrawalTransaction } from "../../domain/builders/v2/request-withdrawal.ts";
import { OneTimeFeePayer } from "../../domain/builders/one-time-fee-payer.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder } from "../shared/builder-answers.ts";

export const v2RequestWithdrawal: V2Handler<"v2RequestWithdrawal"> = (c) => {
  const body = c.req.valid("json");
  const oneTime = body.feePayer === undefined ? new OneTimeFeePayer() : undefined;
  return answerBuilder(
    c,
    "v2RequestWithdrawal",
    attempt(() =>
      requestWithdrawalTransaction(snapshotOf(c, "v2"), c.get("services").accounts, body, oneTime?.publicKey)
    ),
    ({ receipt, unmetPreconditions }, transactionBase64) =>
      oneTime
        ? {
          transactionBase64: oneTime.presign(transactionBase64),
          receipt,
          unmetPreconditions,
          feePayer: oneTime.publicKey,
        }
        : { transactionBase64, receipt, unmetPreconditions },
  );
};
