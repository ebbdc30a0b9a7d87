import type { EarlierHandler } from "./handler.ts";
import { answerCachedJson } from "../shared/answers.ts";

/** GET /tokens: the configuration's tokens, one per mint (the earlier document dedupes by mint: SOL, not WSOL). */
export const getTokens: EarlierHandler<"getTokens"> = (c) =>
  answerCachedJson(c, c.get("services").deployments.earlier.tokenList.json);
