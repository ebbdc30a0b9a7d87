/** POST /transaction-builder/init-token-stake and /create-referral (earlier interface): the accounts' PDAs and transactions. */
import type { EarlierHandler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { createReferralTransaction } from "../../domain/builders/earlier/create-referral.ts";
import { initTokenStakeTransaction } from "../../domain/builders/earlier/init-token-stake.ts";
import { snapshotOf } from "../context.ts";
import { missingField } from "../shared/answers.ts";
import { answerBuilder } from "../shared/builder-answers.ts";

export const initTokenStake: EarlierHandler<"initTokenStake"> = (c) =>
  answerBuilder(
    c,
    "initTokenStake",
    initTokenStakeTransaction(snapshotOf(c, "earlier"), c.req.valid("json")),
    ({ tokenStakeAccount }, transactionBase64) => ({ tokenStakeAccount, transactionBase64 }),
  );

export const createReferral: EarlierHandler<"createReferral"> = (c) => {
  const body = c.req.valid("json");
  if (body.referrer === body.owner) throw missingField("referrer", "must differ from owner");
  return answerBuilder(
    c,
    "createReferral",
    attempt(() => createReferralTransaction(snapshotOf(c, "earlier"), body)),
    ({ referralAccount }, transactionBase64) => ({ referralAccount, transactionBase64 }),
  );
};
