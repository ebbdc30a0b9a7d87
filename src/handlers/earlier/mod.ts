/**
 * Every earlier handler, by operationId, in the order of the earlier-interface document: the handler table (../index.ts) spreads
 * this module, so a handler exported from a file listed here is served. Handler files export handlers only.
 */
export * from "./health.ts";
export * from "./raw-accounts.ts";
export * from "./owner.ts";
export * from "./tokens.ts";
export * from "./prices.ts";
export * from "./pool-data.ts";
export * from "./owner-stream.ts";
export * from "./open-position.ts";
export * from "./previews.ts";
export * from "./get-openapi-document.ts";
export * from "./get-docs.ts";
export * from "./close-position.ts";
export * from "./reverse-position.ts";
export * from "./collateral.ts";
export * from "./trigger-orders.ts";
export * from "./cancel-limit-order.ts";
export * from "./account-setup.ts";
