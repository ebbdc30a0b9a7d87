/**
 * The handler table: operationId → handler. An operation missing here answers 501 NOT_IMPLEMENTED.
 * Handlers live under v2/ and earlier/, one file per concern; shared/ holds what both interfaces use.
 */
import type { HandlerTable } from "../http/app.ts";
import { v2GetOpenApiDocument } from "./v2/get-openapi-document.ts";
import { v2GetHealth } from "./v2/health.ts";
import * as v2Raw from "./v2/raw-accounts.ts";
import { v2ListTokens } from "./v2/tokens.ts";
import { v2GetPrice, v2GetPrices } from "./v2/prices.ts";
import { v2GetPoolData, v2GetPoolDataByPool } from "./v2/pool-data.ts";
import { getOpenApiDocument } from "./earlier/get-openapi-document.ts";
import { getDocs } from "./earlier/get-docs.ts";
import { getHealth } from "./earlier/health.ts";
import * as earlierRaw from "./earlier/raw-accounts.ts";
import { getTokens } from "./earlier/tokens.ts";
import { getPriceBySymbol, getPrices } from "./earlier/prices.ts";
import { getPoolData, getPoolDataByPool, getPoolDataInitialized } from "./earlier/pool-data.ts";
import { getMetrics } from "./earlier/metrics.ts";
import { v2GetOwnerSnapshot } from "./v2/owner.ts";
import { v2PreviewExitFee, v2PreviewLimitOrderFees, v2PreviewMargin, v2PreviewTpSl } from "./v2/previews.ts";
import { v2OpenPosition } from "./v2/open-position.ts";
import { getOrdersByOwner, getPositionsByOwner } from "./earlier/owner.ts";
import { previewExitFee, previewLimitOrderFees, previewMargin, previewTpSl } from "./earlier/previews.ts";
import { openPosition } from "./earlier/open-position.ts";

export const handlers: HandlerTable = {
  // v2
  v2GetOpenApiDocument,
  v2GetHealth,
  ...v2Raw,
  v2ListTokens,
  v2GetPrices,
  v2GetPrice,
  v2GetPoolData,
  v2GetPoolDataByPool,
  v2GetOwnerSnapshot,
  v2PreviewLimitOrderFees,
  v2PreviewExitFee,
  v2PreviewTpSl,
  v2PreviewMargin,
  v2OpenPosition,
  // earlier interface
  getOpenApiDocument,
  getDocs,
  getHealth,
  ...earlierRaw,
  getTokens,
  getPrices,
  getPriceBySymbol,
  getPoolData,
  getPoolDataByPool,
  getPoolDataInitialized,
  getMetrics,
  getPositionsByOwner,
  getOrdersByOwner,
  previewLimitOrderFees,
  previewExitFee,
  previewTpSl,
  previewMargin,
  openPosition,
};
