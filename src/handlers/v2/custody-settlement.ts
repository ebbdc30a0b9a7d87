/** POST /v2/transaction-builder/custody-settlement: a settlement request for the token's custody, and its receipt. */
import type { V2Handler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { custodySettlementTransaction } from "../../domain/builders/v2/custody-settlement.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder } from "../shared/builder-answers.ts";

export const v2CustodySettlement: V2Handler<"v2CustodySettlement"> = (c) => {
  const body = c.req.valid("json");
  return answerBuilder(
    c,
    "v2CustodySettlement",
    attempt(() => custodySettlementTransaction(snapshotOf(c, "v2"), c.get("services").accounts, body)),
    ({ receipt, unmetPreconditions }, transactionBase64) => ({ transactionBase64, receipt, unmetPreconditions }),
  );
};
