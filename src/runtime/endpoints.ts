/**
 * Where the service reaches each chain and the oracle: the live endpoints of the configuration (live mode), or the
 * loopback replay servers (replay mode). Ingestion connects to them; the transaction builders read blockhashes that
 * were fetched from them (per chain: trades on the ER, setup and funds on the base chain).
 */
import type { Config } from "../config/env.ts";
import type { ReplayHandle } from "../replay/harness.ts";

export interface ChainEndpoint {
  rpc: string;
  /** Default: derived by web3.js from `rpc` (http→ws, explicit port + 1). */
  ws?: string;
}

export interface Endpoints {
  base: ChainEndpoint;
  /** The ephemeral rollup; absent in live mode without `ER_RPC_URL`. */
  er?: ChainEndpoint;
  /** The oracle stream; absent in live mode without `ORACLE_URL`. */
  oracle?: { url: string; token: string };
}

/** Live mode: the configured URLs. Replay mode: the replay servers (`replay` is required then). */
export function resolveEndpoints(config: Config, replay: ReplayHandle | undefined): Endpoints {
  if (replay) {
    return {
      base: { rpc: `http://127.0.0.1:${replay.base.port}` },
      er: { rpc: `http://127.0.0.1:${replay.er.port}` },
      oracle: { url: replay.oracle.url, token: "replay" },
    };
  }
  if (config.RPC_URL === undefined) throw new Error("live mode needs RPC_URL (or a replay to connect to)");
  return {
    base: { rpc: config.RPC_URL, ws: config.RPC_WS_URL },
    er: config.ER_RPC_URL === undefined ? undefined : { rpc: config.ER_RPC_URL, ws: config.ER_RPC_WS_URL },
    oracle: config.ORACLE_URL === undefined ? undefined : { url: config.ORACLE_URL, token: config.ORACLE_TOKEN ?? "" },
  };
}
