import type { Clock, VirtualClock } from "../state/clock.ts";
import type { Recording } from "./format.ts";
import { ReplayOracleServer } from "./oracle-server.ts";
import { Replayer } from "./replayer.ts";
import { ReplayRpcServer } from "./rpc-server.ts";

export interface StartReplayOptions {
  mode: "virtual" | "realtime";
  clock?: VirtualClock;
  /** Realtime mode: the wall clock the timeline runs on (default: the system clock). */
  wall?: Clock;
  speed?: number;
  loop?: boolean;
  /** Oracle timestamps as recorded (default) or shifted to the wall clock (see Replayer). */
  oracleTime?: "recorded" | "wall";
  /** Recorded feed times in later loops: repeated (default) or advanced (see Replayer). */
  loopedFeedTimes?: "repeat" | "advance";
  /** Fixed ports (0 or absent: free ones). The RPC WebSockets use port + 1. */
  ports?: { base?: number; er?: number; oracle?: number };
  hostname?: string;
  /** Token the oracle server requires (absent: any). */
  oracleToken?: string;
  /** Oracle fixed-rate repeat period (absent: off). */
  oracleFixedRateMs?: number;
}

/** A running replay: both chain RPC servers, the oracle server and the replayer that drives them. */
export interface ReplayHandle {
  replayer: Replayer;
  base: ReplayRpcServer;
  er: ReplayRpcServer;
  oracle: ReplayOracleServer;
  /** Stops the timers and closes every server. */
  stop(): Promise<void>;
}

/** Starts the servers for a recording (realtime mode also starts the timers). */
export async function startReplay(recording: Recording, options: StartReplayOptions): Promise<ReplayHandle> {
  const hostname = options.hostname ?? "127.0.0.1";
  const startedServers: { stop(): Promise<void> }[] = [];
  try {
    // The oracle server stamps repeats and the values sent on subscribe with the replay's clock, which exists once the replayer does.
    const timeline: { clock?: Clock } = {};
    const oracle = await ReplayOracleServer.start({
      port: options.ports?.oracle ?? 0,
      hostname,
      token: options.oracleToken,
      fixedRateMs: options.oracleFixedRateMs,
      clock: { nowMs: () => timeline.clock?.nowMs() ?? options.clock?.nowMs() ?? recording.meta.startedAtMs },
    });
    startedServers.push(oracle);
    const replayer = new Replayer(recording, {
      mode: options.mode,
      clock: options.clock,
      wall: options.wall,
      speed: options.speed,
      loop: options.loop,
      oracleTime: options.oracleTime,
      loopedFeedTimes: options.loopedFeedTimes,
      oracle,
    });
    timeline.clock = replayer.clock;
    const base = await ReplayRpcServer.start({ state: replayer.chains.base, port: options.ports?.base ?? 0, hostname });
    startedServers.push(base);
    const er = await ReplayRpcServer.start({ state: replayer.chains.er, port: options.ports?.er ?? 0, hostname });
    startedServers.push(er);
    if (options.mode === "realtime") replayer.start();
    return {
      replayer,
      base,
      er,
      oracle,
      async stop() {
        replayer.stop();
        await Promise.all([base.stop(), er.stop(), oracle.stop()]);
      },
    };
  } catch (err) {
    await Promise.all(startedServers.map((s) => s.stop().catch(() => {})));
    throw err;
  }
}
