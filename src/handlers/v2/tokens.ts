import type { V2Handler } from "./handler.ts";
import { answerCachedJson } from "../shared/answers.ts";

/**
 * GET /v2/tokens: the v2 configuration's tokens, deduplicated across pools by symbol (USDC once; SOL and WSOL
 * both, since they are distinct symbols with their own price keys).
 */
export const v2ListTokens: V2Handler<"v2ListTokens"> = (c) =>
  answerCachedJson(c, c.get("services").deployments.v2.tokenList.json);
