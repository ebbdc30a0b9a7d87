/**
 * The pure money-math core: native bigint units in, native bigint units out. No I/O, no clock.
 * Each module has one job; this file only re-exports them.
 */
export * from "./constants.ts";
export * from "./types.ts";
export * from "./bigint.ts";
export * from "./decimal.ts";
export * from "./oracle.ts";
export * from "./spread.ts";
export * from "./fees.ts";
export * from "./borrow.ts";
export * from "./pnl.ts";
export * from "./leverage.ts";
export * from "./liquidation.ts";
export * from "./locked.ts";
export * from "./collateral.ts";
export * from "./close.ts";
export * from "./open.ts";
export * from "./metrics.ts";
export * from "./swap.ts";
export * from "./tpsl.ts";
export * from "./reverse.ts";
export * from "./pool.ts";
