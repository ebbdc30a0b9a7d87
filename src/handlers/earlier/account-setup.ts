/** POST /transaction-builder/init-token-stake and /create-referral (earlier interface): the accounts' PDAs and transactions. */
import type { EarlierHandler } from "./handler.ts";
import { createReferralBuild } from "../../domain/builders/earlier/create-referral.ts";
import { initTokenStakeBuild } from "../../domain/builders/earlier/init-token-stake.ts";
import { snapshotOf } from "../context.ts";
import { missingField } from "../shared/answers.ts";
import { requireBuilt } from "../shared/builder-answers.ts";
import { buildTransaction } from "../shared/transactions.ts";

export const initTokenStake: EarlierHandler<"initTokenStake"> = (c) => {
  const result = initTokenStakeBuild(snapshotOf(c, "earlier"), c.req.valid("json"));
  const { tokenStakeAccount, build } = requireBuilt(c, "initTokenStake", result);
  return c.json({
    tokenStakeAccount,
    transactionBase64: buildTransaction(c, "initTokenStake", { chain: "base", ...build }),
  }, 200);
};

export const createReferral: EarlierHandler<"createReferral"> = (c) => {
  const body = c.req.valid("json");
  if (body.referrer === body.owner) throw missingField("referrer", "must differ from owner");
  const { referralAccount, build } = createReferralBuild(snapshotOf(c, "earlier"), body);
  return c.json({
    referralAccount,
    transactionBase64: buildTransaction(c, "createReferral", { chain: "base", ...build }),
  }, 200);
};
