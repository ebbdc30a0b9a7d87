/** Pure program knowledge: account codecs of both program versions, PDAs, raw-account JSON, constants. */
export * from "./codec/mod.ts";
export * from "./accounts/index.ts";
export * as pda from "./pda.ts";
export * as constants from "./constants.ts";
export { isPaddingKey, type RawJson, toRawJson } from "./raw-json.ts";
