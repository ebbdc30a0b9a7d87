export * from "./types.ts";
export * from "./clock.ts";
export * from "./account-store.ts";
export * from "./price-store.ts";
export * from "./blockhash-cache.ts";
