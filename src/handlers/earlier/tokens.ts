import type { RouteHandler } from "@hono/zod-openapi";
import type { routes } from "../../../gen/earlier/routes.ts";
import type { AppEnv } from "../../http/env.ts";
import type { TokenConfig } from "../../config/pool-config.ts";

/** GET /tokens: the configuration's tokens, one per mint (the earlier document dedupes by mint: SOL, not WSOL). */
export const getTokens: RouteHandler<typeof routes.getTokens, AppEnv> = (c) => {
  const byMint = new Map<string, TokenConfig>();
  for (const token of c.var.services.deployments.earlier.index.tokens) {
    if (!byMint.has(token.mintKey)) byMint.set(token.mintKey, token);
  }
  return c.json(
    [...byMint.values()].map((t) => ({
      symbol: t.symbol,
      mintKey: t.mintKey,
      decimals: t.decimals,
      usdPrecision: t.usdPrecision,
      tokenPrecision: t.tokenPrecision,
      isStable: t.isStable,
      isVirtual: t.isVirtual,
      feedId: t.feedId,
      oracleTicker: t.oracleTicker,
      oraclePriceId: t.oraclePriceId,
      isToken2022: t.isToken2022,
    })),
    200,
  );
};
