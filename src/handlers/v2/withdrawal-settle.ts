/**
 * POST /v2/transaction-builder/withdrawal-settle: finish a withdrawal the validator did not settle (the custody
 * settlement included whenever its receipt is settleable: this operation has no `includeCustodySettlement`).
 */
import type { V2Handler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { withdrawalSettleTransaction } from "../../domain/builders/v2/withdrawal-settle.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder, withPreconditions } from "../shared/builder-answers.ts";

export const v2WithdrawalSettle: V2Handler<"v2WithdrawalSettle"> = (c) => {
  const body = c.req.valid("json");
  return answerBuilder(
    c,
    "v2WithdrawalSettle",
    attempt(() =>
      withdrawalSettleTransaction(snapshotOf(c, "v2"), c.get("services").accounts, {
        owner: body.owner,
        tokenMint: body.tokenMint,
      })
    ),
    withPreconditions,
  );
};
