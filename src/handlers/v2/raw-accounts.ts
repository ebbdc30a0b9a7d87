/** GET /v2/raw/*: program accounts as JSON (DECISIONS 2.4); v2 has no raw perpetuals, positions or orders. */
import type { AppEnv } from "../../services.ts";
import type { RouteHandler } from "@hono/zod-openapi";
import type { routes } from "../../../gen/v2/routes.ts";
import { getRawAccount, listRawAccounts } from "../shared/raw-accounts.ts";

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;

export const v2ListRawPools: Handler<"v2ListRawPools"> = (c) => c.json(listRawAccounts(c, "v2", "Pool"), 200);
export const v2ListRawCustodies: Handler<"v2ListRawCustodies"> = (c) =>
  c.json(listRawAccounts(c, "v2", "Custody"), 200);
export const v2ListRawMarkets: Handler<"v2ListRawMarkets"> = (c) => c.json(listRawAccounts(c, "v2", "Market"), 200);

export const v2GetRawPool: Handler<"v2GetRawPool"> = (c) => {
  const { pubkey } = c.req.valid("param");
  return c.json(getRawAccount(c, "v2", "Pool", pubkey, `pool ${pubkey} not found`), 200);
};

export const v2GetRawCustody: Handler<"v2GetRawCustody"> = (c) => {
  const { pubkey } = c.req.valid("param");
  return c.json(getRawAccount(c, "v2", "Custody", pubkey, `custody ${pubkey} not found`), 200);
};

export const v2GetRawMarket: Handler<"v2GetRawMarket"> = (c) => {
  const { pubkey } = c.req.valid("param");
  return c.json(getRawAccount(c, "v2", "Market", pubkey, `market ${pubkey} not found`), 200);
};

export const v2GetRawBasket: Handler<"v2GetRawBasket"> = (c) => {
  const { pubkey } = c.req.valid("param");
  return c.json(getRawAccount(c, "v2", "Basket", pubkey, `basket ${pubkey} not found`), 200);
};
