/**
 * POST /v2/transaction-builder/execute-withdrawal: withdrawal-settle's transaction, with the custody settlement
 * included only when `includeCustodySettlement` (default true) asks for it.
 */
import type { V2Handler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { withdrawalSettleTransaction } from "../../domain/builders/v2/withdrawal-settle.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder, withPreconditions } from "../shared/builder-answers.ts";

export const v2ExecuteWithdrawal: V2Handler<"v2ExecuteWithdrawal"> = (c) => {
  const body = c.req.valid("json");
  return answerBuilder(
    c,
    "v2ExecuteWithdrawal",
    attempt(() => withdrawalSettleTransaction(snapshotOf(c, "v2"), c.get("services").accounts, body)),
    withPreconditions,
  );
};
