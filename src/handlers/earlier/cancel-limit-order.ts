/** POST /transaction-builder/cancel-limit-order (DECISIONS 5.19): the slot's reserve returns to the owner. */
import type { EarlierHandler } from "./handler.ts";
import { cancelLimitOrderTransaction } from "../../domain/builders/earlier/cancel-limit-order.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder } from "../shared/builder-answers.ts";

export const cancelLimitOrder: EarlierHandler<"cancelLimitOrder"> = (c) =>
  answerBuilder(c, "cancelLimitOrder", cancelLimitOrderTransaction(snapshotOf(c, "earlier"), c.req.valid("json")));
