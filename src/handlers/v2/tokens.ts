import type { RouteHandler } from "@hono/zod-openapi";
import type * as routes from "../../../gen/v2/routes.ts";
import type { AppEnv } from "../../http/env.ts";

/**
 * GET /v2/tokens: the v2 configuration's tokens, deduplicated across pools by symbol (USDC once; SOL and WSOL
 * both, since they are distinct symbols with their own price keys).
 */
export const v2ListTokens: RouteHandler<typeof routes.v2ListTokens, AppEnv> = (c) =>
  c.json(
    c.var.services.deployments.v2.index.tokens.map((t) => ({
      symbol: t.symbol,
      mintKey: t.mintKey,
      decimals: t.decimals,
      isStable: t.isStable,
      isVirtual: t.isVirtual,
      feedId: t.feedId,
      oracleTicker: t.oracleTicker,
      isToken2022: t.isToken2022,
    })),
    200,
  );
