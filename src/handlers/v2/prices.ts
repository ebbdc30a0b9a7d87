/** GET /v2/prices and /v2/prices/{symbol}: the oracle prices of the v2 configuration's tokens. */
import type { V2Handler } from "./handler.ts";
import { ApiError } from "../../http/errors.ts";
import { lookupPrice } from "../shared/prices.ts";
import { answerCachedJson } from "../shared/answers.ts";

export const v2GetPrices: V2Handler<"v2GetPrices"> = (c) => {
  const { prices, deployments } = c.get("services");
  if (prices.size === 0) throw new ApiError(503, "PRICE_UNAVAILABLE", "no oracle price has been received yet");
  return answerCachedJson(c, deployments.v2.priceMap.json);
};

/** Unknown symbols and symbols without a price yet are both 404 in v2 (v2 document, read endpoints). */
export const v2GetPrice: V2Handler<"v2GetPrice"> = (c) => {
  const { symbol } = c.req.valid("param");
  const { prices, deployments } = c.get("services");
  const found = lookupPrice(deployments.v2.index, prices, symbol);
  if (found.kind === "unknown-symbol") throw new ApiError(404, "NOT_FOUND", `price for symbol '${symbol}' not found`);
  if (found.kind === "no-price") {
    throw new ApiError(404, "NOT_FOUND", `price for symbol '${found.token.symbol}' not found (no price received yet)`);
  }
  return c.json(found.price, 200);
};
