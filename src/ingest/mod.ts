export * from "./status.ts";
export * from "./chain_source.ts";
export * from "./oracle_source.ts";
