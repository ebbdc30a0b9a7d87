/**
 * GET /v2/raw/*: program accounts as JSON (DECISIONS 2.4), single ones with `pubkey` and `account` (DECISIONS 5.16);
 * v2 has no raw perpetuals, positions or orders.
 */
import type { V2Handler } from "./handler.ts";
import { getRawAccount, listRawAccounts } from "../shared/raw-accounts.ts";

export const v2ListRawPools: V2Handler<"v2ListRawPools"> = (c) =>
  c.json(listRawAccounts(c, "v2", "Pool", "camelCase"), 200);
export const v2ListRawCustodies: V2Handler<"v2ListRawCustodies"> = (c) =>
  c.json(listRawAccounts(c, "v2", "Custody", "camelCase"), 200);
export const v2ListRawMarkets: V2Handler<"v2ListRawMarkets"> = (c) =>
  c.json(listRawAccounts(c, "v2", "Market", "camelCase"), 200);

export const v2GetRawPool: V2Handler<"v2GetRawPool"> = (c) => {
  const { pubkey } = c.req.valid("param");
  return c.json(getRawAccount(c, "v2", "Pool", pubkey, `pool ${pubkey} not found`, "camelCase"), 200);
};

export const v2GetRawCustody: V2Handler<"v2GetRawCustody"> = (c) => {
  const { pubkey } = c.req.valid("param");
  return c.json(getRawAccount(c, "v2", "Custody", pubkey, `custody ${pubkey} not found`, "camelCase"), 200);
};

export const v2GetRawMarket: V2Handler<"v2GetRawMarket"> = (c) => {
  const { pubkey } = c.req.valid("param");
  return c.json(getRawAccount(c, "v2", "Market", pubkey, `market ${pubkey} not found`, "camelCase"), 200);
};

export const v2GetRawBasket: V2Handler<"v2GetRawBasket"> = (c) => {
  const { pubkey } = c.req.valid("param");
  return c.json(getRawAccount(c, "v2", "Basket", pubkey, `basket ${pubkey} not found`, "camelCase"), 200);
};
