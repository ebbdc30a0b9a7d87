import type { AppEnv } from "../../services.ts";
import type { RouteHandler } from "@hono/zod-openapi";
import type * as routes from "../../../gen/v2/routes.ts";
import type { DeploymentIndex } from "../../config/deployment-index.ts";
import type { TokenConfig } from "../../config/pool-config.ts";

const tokenDto = (t: TokenConfig) => ({
  symbol: t.symbol,
  mintKey: t.mintKey,
  decimals: t.decimals,
  isStable: t.isStable,
  isVirtual: t.isVirtual,
  feedId: t.feedId,
  oracleTicker: t.oracleTicker,
  isToken2022: t.isToken2022,
});

/** The configuration is fixed after boot, so the list is built once per deployment. */
const lists = new WeakMap<DeploymentIndex, ReturnType<typeof tokenDto>[]>();

/**
 * GET /v2/tokens: the v2 configuration's tokens, deduplicated across pools by symbol (USDC once; SOL and WSOL
 * both, since they are distinct symbols with their own price keys).
 */
export const v2ListTokens: RouteHandler<typeof routes.v2ListTokens, AppEnv> = (c) => {
  const index = c.var.services.deployments.v2.index;
  let list = lists.get(index);
  if (!list) lists.set(index, list = index.tokens.map(tokenDto));
  return c.json(list, 200);
};
