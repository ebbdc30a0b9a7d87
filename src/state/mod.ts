export * from "./types.ts";
export * from "./clock.ts";
export * from "./account_store.ts";
export * from "./price_store.ts";
export * from "./blockhash_cache.ts";
