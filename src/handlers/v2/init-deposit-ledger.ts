/** POST /v2/transaction-builder/init-deposit-ledger: the owner's deposit ledger, paid by `payer` (default the owner). */
import type { V2Handler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { initDepositLedgerTransaction } from "../../domain/builders/v2/init-deposit-ledger.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder, withPreconditions } from "../shared/builder-answers.ts";

export const v2InitDepositLedger: V2Handler<"v2InitDepositLedger"> = (c) => {
  const body = c.req.valid("json");
  return answerBuilder(
    c,
    "v2InitDepositLedger",
    attempt(() => initDepositLedgerTransaction(snapshotOf(c, "v2"), c.get("services").accounts, body)),
    withPreconditions,
  );
};
