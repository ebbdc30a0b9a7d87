/**
 * GET /raw/* and the deprecated aliases of DECISIONS 1.5 (/perpetuals, /pools, /custodies, /markets, /positions,
 * /orders): earlier-program accounts as JSON (DECISIONS 2.4), 404 texts as the earlier document gives them.
 */
import type { AppEnv } from "../../services.ts";
import type { RouteHandler } from "@hono/zod-openapi";
import type { routes } from "../../../gen/earlier/routes.ts";
import type { AccountKind } from "../../protocol/accounts/index.ts";
import { getRawAccount, listRawAccounts } from "../shared/raw-accounts.ts";

type Routes = typeof routes;
type Handler<R extends keyof Routes> = RouteHandler<Routes[R], AppEnv>;

const NOT_FOUND_NOUN: Partial<Record<AccountKind, string>> = {
  Perpetuals: "perpetuals account",
  Pool: "pool account",
  Custody: "custody account",
  Market: "market account",
  Position: "position account",
  Order: "order account",
};

function list<R extends keyof Routes>(kind: AccountKind): Handler<R> {
  // deno-lint-ignore no-explicit-any
  return ((c: any) => c.json(listRawAccounts(c, "earlier", kind), 200)) as Handler<R>;
}

function listFilteredByOwner<R extends keyof Routes>(kind: "Position" | "Order"): Handler<R> {
  // deno-lint-ignore no-explicit-any
  return ((c: any) => c.json(listRawAccounts(c, "earlier", kind, c.req.valid("query").owner), 200)) as Handler<R>;
}

function single<R extends keyof Routes>(kind: AccountKind): Handler<R> {
  // deno-lint-ignore no-explicit-any
  return ((c: any) => {
    const { pubkey } = c.req.valid("param");
    return c.json(getRawAccount(c, "earlier", kind, pubkey, `${NOT_FOUND_NOUN[kind]} ${pubkey} not found`), 200);
  }) as Handler<R>;
}

export const getRawPerpetuals = list<"getRawPerpetuals">("Perpetuals");
export const getRawPools = list<"getRawPools">("Pool");
export const getRawCustodies = list<"getRawCustodies">("Custody");
export const getRawMarkets = list<"getRawMarkets">("Market");
export const getRawPerpetualsByPubkey = single<"getRawPerpetualsByPubkey">("Perpetuals");
export const getRawPoolByPubkey = single<"getRawPoolByPubkey">("Pool");
export const getRawCustodyByPubkey = single<"getRawCustodyByPubkey">("Custody");
export const getRawMarketByPubkey = single<"getRawMarketByPubkey">("Market");
export const getRawPositionByPubkey = single<"getRawPositionByPubkey">("Position");
export const getRawOrderByPubkey = single<"getRawOrderByPubkey">("Order");

export const legacyGetPerpetuals = list<"legacyGetPerpetuals">("Perpetuals");
export const legacyGetPools = list<"legacyGetPools">("Pool");
export const legacyGetCustodies = list<"legacyGetCustodies">("Custody");
export const legacyGetMarkets = list<"legacyGetMarkets">("Market");
export const legacyGetPositions = listFilteredByOwner<"legacyGetPositions">("Position");
export const legacyGetOrders = listFilteredByOwner<"legacyGetOrders">("Order");
export const legacyGetPerpetualsByPubkey = single<"legacyGetPerpetualsByPubkey">("Perpetuals");
export const legacyGetPoolByPubkey = single<"legacyGetPoolByPubkey">("Pool");
export const legacyGetCustodyByPubkey = single<"legacyGetCustodyByPubkey">("Custody");
export const legacyGetMarketByPubkey = single<"legacyGetMarketByPubkey">("Market");
export const legacyGetPositionByPubkey = single<"legacyGetPositionByPubkey">("Position");
export const legacyGetOrderByPubkey = single<"legacyGetOrderByPubkey">("Order");
