export * from "./format.ts";
export * from "./chain-state.ts";
export * from "./rpc-server.ts";
export * from "./oracle-server.ts";
export * from "./replayer.ts";
export * from "./harness.ts";
export * from "./recorder.ts";
