/**
 * POST /v2/transaction-builder/request-withdrawal: variant B (with `feePayer`) builds the withdrawal request;
 * variant A is 400 FEE_PAYER_REQUIRED (see the domain builder for why).
 */
import type { V2Handler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { buildRequestWithdrawal } from "../../domain/builders/v2/request-withdrawal.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder } from "../shared/builder-answers.ts";

export const v2RequestWithdrawal: V2Handler<"v2RequestWithdrawal"> = (c) => {
  const body = c.req.valid("json");
  return answerBuilder(
    c,
    "v2RequestWithdrawal",
    attempt(() => buildRequestWithdrawal(snapshotOf(c, "v2"), c.var.services.accounts, body)),
    ({ receipt, unmetPreconditions }, transactionBase64) => ({ transactionBase64, receipt, unmetPreconditions }),
  );
};
