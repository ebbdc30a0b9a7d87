/**
 * GET /raw/* and the deprecated aliases of DECISIONS 1.5 (/perpetuals, /pools, /custodies, /markets, /positions,
 * /orders): earlier-program accounts as JSON (DECISIONS 2.4), 404 texts as the earlier document gives them.
 */
import type { Context } from "hono";
import type { AppEnv } from "../../services.ts";
import type { EarlierHandler, EarlierRoutes } from "./handler.ts";
import type { AccountKind } from "../../protocol/accounts/index.ts";
import { getRawAccount, listRawAccounts } from "../shared/raw-accounts.ts";

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

function list<R extends keyof EarlierRoutes>(kind: AccountKind): EarlierHandler<R> {
  const handler = (c: Context<AppEnv>) => c.json(listRawAccounts(c, "earlier", kind), 200);
  return handler as unknown as EarlierHandler<R>;
}

function listFilteredByOwner<R extends keyof EarlierRoutes>(kind: "Position" | "Order"): EarlierHandler<R> {
  const handler = (c: OwnerQueryContext) =>
    c.json(listRawAccounts(c, "earlier", kind, c.req.valid("query").owner), 200);
  return handler as unknown as EarlierHandler<R>;
}

function single<R extends keyof EarlierRoutes>(kind: AccountKind): EarlierHandler<R> {
  const handler = (c: SingleContext) => {
    const { pubkey } = c.req.valid("param");
    return c.json(getRawAccount(c, "earlier", kind, pubkey, `${NOT_FOUND_NOUN[kind]} ${pubkey} not found`), 200);
  };
  return handler as unknown as EarlierHandler<R>;
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
