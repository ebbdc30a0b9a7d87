/**
 * POST /v2/transaction-builder/deposit: the deposit with whatever setup the owner lacks, packed into the fewest
 * transactions; `transactionBase64` is the first (normally the only) one.
 */
import type { V2Handler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { depositTransactions } from "../../domain/builders/v2/deposit.ts";
import { snapshotOf } from "../context.ts";
import { requireAccepted } from "../shared/builder-answers.ts";
import { bundleTransactions } from "../shared/transactions.ts";

export const v2Deposit: V2Handler<"v2Deposit"> = (c) => {
  const body = c.req.valid("json");
  const outcome = attempt(() => depositTransactions(snapshotOf(c, "v2"), c.get("services").accounts, body));
  const plan = requireAccepted(c, "v2Deposit", outcome);
  const transactions = bundleTransactions(c, "v2Deposit", plan).map(({ transactionBase64, steps }) => ({
    transactionBase64,
    steps: steps.map((s) => s.step),
  }));
  return c.json({
    transactionBase64: transactions[0].transactionBase64,
    transactions,
    includedSteps: plan.steps.map((s) => s.step),
    unmetPreconditions: plan.unmetPreconditions,
  }, 200);
};
