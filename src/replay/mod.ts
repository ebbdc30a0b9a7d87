export * from "./format.ts";
export * from "./chain_state.ts";
export * from "./rpc_server.ts";
export * from "./oracle_server.ts";
export * from "./replayer.ts";
export * from "./harness.ts";
export * from "./recorder.ts";
