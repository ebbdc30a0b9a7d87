/**
 * Every v2 handler, by operationId, in the order of the v2 document: the handler table (../index.ts) spreads
 * this module, so a handler exported from a file listed here is served. Handler files export handlers only.
 */
export * from "./health.ts";
export * from "./raw-accounts.ts";
export * from "./tokens.ts";
export * from "./prices.ts";
export * from "./pool-data.ts";
export * from "./owner.ts";
export * from "./open-position.ts";
export * from "./previews.ts";
export * from "./get-openapi-document.ts";
export * from "./init-basket.ts";
export * from "./init-deposit-ledger.ts";
export * from "./delegate-basket.ts";
export * from "./deposit-direct.ts";
export * from "./deposit.ts";
export * from "./withdraw.ts";
export * from "./custody-settlement.ts";
export * from "./withdrawal-settle.ts";
export * from "./request-withdrawal.ts";
export * from "./execute-withdrawal.ts";
