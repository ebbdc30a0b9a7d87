import type { EarlierHandler } from "./handler.ts";

/** GET /tokens: the configuration's tokens, one per mint (the earlier document dedupes by mint: SOL, not WSOL). */
export const getTokens: EarlierHandler<"getTokens"> = (c) =>
  c.json([...c.var.services.deployments.earlier.tokenList.tokens], 200);
