import type { V2Handler } from "./handler.ts";

/**
 * GET /v2/tokens: the v2 configuration's tokens, deduplicated across pools by symbol (USDC once; SOL and WSOL
 * both, since they are distinct symbols with their own price keys).
 */
export const v2ListTokens: V2Handler<"v2ListTokens"> = (c) =>
  c.json([...c.var.services.deployments.v2.tokenList.tokens], 200);
