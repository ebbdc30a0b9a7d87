/** GET /prices and /prices/{symbol} for the earlier configuration's tokens. */
import type { EarlierHandler } from "./handler.ts";
import { ApiError } from "../../http/errors.ts";
import { lookupPrice } from "../shared/prices.ts";
import { answerCachedJson } from "../shared/answers.ts";

export const getPrices: EarlierHandler<"getPrices"> = (c) => {
  const { prices, deployments } = c.get("services");
  if (prices.size === 0) throw new ApiError(503, "PRICE_UNAVAILABLE", "no oracle price has been received yet");
  return answerCachedJson(c, deployments.earlier.priceMap.json);
};

/** Unknown symbol: 404 with the document's text; a configured symbol with no price yet: 503 (DECISIONS 3.5). */
export const getPriceBySymbol: EarlierHandler<"getPriceBySymbol"> = (c) => {
  const { symbol } = c.req.valid("param");
  const { prices, deployments } = c.get("services");
  const found = lookupPrice(deployments.earlier.index, prices, symbol);
  if (found.kind === "unknown-symbol") throw new ApiError(404, "NOT_FOUND", `price for symbol '${symbol}' not found`);
  if (found.kind === "no-price") {
    throw new ApiError(503, "PRICE_UNAVAILABLE", `price for symbol '${found.token.symbol}' not available`);
  }
  return c.json(found.price, 200);
};
