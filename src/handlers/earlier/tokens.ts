import type { AppEnv } from "../../services.ts";
import type { RouteHandler } from "@hono/zod-openapi";
import type { routes } from "../../../gen/earlier/routes.ts";
import type { TokenConfig } from "../../config/pool-config.ts";
import type { DeploymentIndex } from "../../config/deployment-index.ts";

const lists = new WeakMap<DeploymentIndex, ReturnType<typeof buildList>>();

/** GET /tokens: the configuration's tokens, one per mint (the earlier document dedupes by mint: SOL, not WSOL). */
export const getTokens: RouteHandler<typeof routes.getTokens, AppEnv> = (c) => {
  const index = c.var.services.deployments.earlier.index;
  let list = lists.get(index);
  // The configuration is fixed after boot, so the list is built once per deployment.
  if (!list) lists.set(index, list = buildList(index));
  return c.json(list, 200);
};

function buildList(index: DeploymentIndex) {
  const byMint = new Map<string, TokenConfig>();
  for (const token of index.tokens) {
    if (!byMint.has(token.mintKey)) byMint.set(token.mintKey, token);
  }
  return [...byMint.values()].map((t) => ({
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
  }));
}
