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
export * from "./owner-stream.ts";
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
export * from "./close-position.ts";
export * from "./reverse-position.ts";
export * from "./increase-position.ts";
export * from "./decrease-position.ts";
export * from "./add-collateral.ts";
export * from "./remove-collateral.ts";
export * from "./place-trigger-order.ts";
export * from "./place-tp-sl.ts";
export * from "./edit-trigger-order.ts";
export * from "./cancel-trigger-order.ts";
export * from "./cancel-all-trigger-orders.ts";
export * from "./edit-limit-order.ts";
export * from "./cancel-limit-order.ts";
