export * from "./status.ts";
export * from "./chain-source.ts";
export * from "./oracle-source.ts";
