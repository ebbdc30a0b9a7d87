/** POST /v2/transaction-builder/deposit-direct: a deposit from the owner's (or `fundingOwner`'s) token account, no setup. */
import type { V2Handler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { depositDirectTransaction } from "../../domain/builders/v2/deposit-direct.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder, withPreconditions } from "../shared/builder-answers.ts";

export const v2DepositDirect: V2Handler<"v2DepositDirect"> = (c) => {
  const body = c.req.valid("json");
  return answerBuilder(
    c,
    "v2DepositDirect",
    attempt(() => depositDirectTransaction(snapshotOf(c, "v2"), c.get("services").accounts, body)),
    withPreconditions,
  );
};
