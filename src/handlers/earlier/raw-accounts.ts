/**
 * GET /raw/* and the deprecated aliases of DECISIONS 1.5 (/perpetuals, /pools, /custodies, /markets, /positions,
 * /orders): earlier-program accounts as JSON (DECISIONS 2.4), 404 texts as the earlier document gives them. The
 * aliases name the fields as the program does (DECISIONS 1.5); single lookups carry `pubkey` and `account` (5.16).
 */
import type { Context } from "hono";
import type { AppEnv } from "../../services.ts";
import type { EarlierHandler, EarlierRoutes } from "./handler.ts";
import type { AccountKind } from "../../protocol/accounts/mod.ts";
import { type FieldNames, getRawAccount, listRawAccounts } from "../shared/raw-accounts.ts";

const NOT_FOUND_NOUN: Partial<Record<AccountKind, string>> = {
  Perpetuals: "perpetuals account",
  Pool: "pool account",
  Custody: "custody account",
  Market: "market account",
  Position: "position account",
  Order: "order account",
};

/**
 * The factories make one handler per route from the account kind. Their bodies read what every route of a kind has
 * (a `pubkey` parameter, an `owner` query), so each is written once against that context and cast once to the
 * route's handler type where it is exported.
 */
type SingleContext = Context<AppEnv, string, { out: { param: { pubkey: string } } }>;
type OwnerQueryContext = Context<AppEnv, string, { out: { query: { owner?: string } } }>;

function list<R extends keyof EarlierRoutes>(kind: AccountKind, names: FieldNames): EarlierHandler<R> {
  const handler = (c: Context<AppEnv>) => c.json(listRawAccounts(c, "earlier", kind, names), 200);
  return handler as unknown as EarlierHandler<R>;
}

function listFilteredByOwner<R extends keyof EarlierRoutes>(kind: "Position" | "Order"): EarlierHandler<R> {
  const handler = (c: OwnerQueryContext) =>
    c.json(listRawAccounts(c, "earlier", kind, "program", c.req.valid("query").owner), 200);
  return handler as unknown as EarlierHandler<R>;
}

function single<R extends keyof EarlierRoutes>(kind: AccountKind, names: FieldNames): EarlierHandler<R> {
  const handler = (c: SingleContext) => {
    const { pubkey } = c.req.valid("param");
    const notFound = `${NOT_FOUND_NOUN[kind]} ${pubkey} not found`;
    return c.json(getRawAccount(c, "earlier", kind, pubkey, notFound, names), 200);
  };
  return handler as unknown as EarlierHandler<R>;
}

export const getRawPerpetuals = list<"getRawPerpetuals">("Perpetuals", "camelCase");
export const getRawPools = list<"getRawPools">("Pool", "camelCase");
export const getRawCustodies = list<"getRawCustodies">("Custody", "camelCase");
export const getRawMarkets = list<"getRawMarkets">("Market", "camelCase");
export const getRawPerpetualsByPubkey = single<"getRawPerpetualsByPubkey">("Perpetuals", "camelCase");
export const getRawPoolByPubkey = single<"getRawPoolByPubkey">("Pool", "camelCase");
export const getRawCustodyByPubkey = single<"getRawCustodyByPubkey">("Custody", "camelCase");
export const getRawMarketByPubkey = single<"getRawMarketByPubkey">("Market", "camelCase");
export const getRawPositionByPubkey = single<"getRawPositionByPubkey">("Position", "camelCase");
export const getRawOrderByPubkey = single<"getRawOrderByPubkey">("Order", "camelCase");

export const legacyGetPerpetuals = list<"legacyGetPerpetuals">("Perpetuals", "program");
export const legacyGetPools = list<"legacyGetPools">("Pool", "program");
export const legacyGetCustodies = list<"legacyGetCustodies">("Custody", "program");
export const legacyGetMarkets = list<"legacyGetMarkets">("Market", "program");
export const legacyGetPositions = listFilteredByOwner<"legacyGetPositions">("Position");
export const legacyGetOrders = listFilteredByOwner<"legacyGetOrders">("Order");
export const legacyGetPerpetualsByPubkey = single<"legacyGetPerpetualsByPubkey">("Perpetuals", "program");
export const legacyGetPoolByPubkey = single<"legacyGetPoolByPubkey">("Pool", "program");
export const legacyGetCustodyByPubkey = single<"legacyGetCustodyByPubkey">("Custody", "program");
export const legacyGetMarketByPubkey = single<"legacyGetMarketByPubkey">("Market", "program");
export const legacyGetPositionByPubkey = single<"legacyGetPositionByPubkey">("Position", "program");
export const legacyGetOrderByPubkey = single<"legacyGetOrderByPubkey">("Order", "program");
