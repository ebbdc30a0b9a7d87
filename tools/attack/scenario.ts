/**
 * What a scenario is to the runner (tools/attack/runner.ts): the service configuration it attacks, the attack itself
 * and its verdict. The runner owns the process (start, RSS, SIGTERM) and the sockets; a scenario only opens
 * connections through the set it is given, reports figures, and lists what did not hold.
 */
import type { RssSampler, ServiceProcess } from "./service.ts";
import type { SocketSet } from "./sockets.ts";

export interface ScenarioContext {
  service: ServiceProcess;
  sockets: SocketSet;
  rss: RssSampler;
  /** RSS when the attack started, MiB. */
  rssBeforeMiB: number;
  bounded: boolean;
  /** Aborted when the scenario has run out of time: every loop checks it. */
  signal: AbortSignal;
}

export interface Outcome {
  /** Figures for the JSON line (snake_case names, numbers rounded for reading). */
  figures: Record<string, unknown>;
  /** What did not hold, in words; empty when the scenario is ok. */
  failures: string[];
}

export interface ServiceConfig {
  env: Record<string, string>;
  /** RLIMIT_NOFILE (soft and hard) of the service process. */
  fileLimit?: number;
}

export interface Scenario {
  readonly name: string;
  service(bounded: boolean): ServiceConfig;
  /** Peak RSS growth the scenario allows (MiB, judged by the runner); undefined when memory is not its question. */
  readonly rssGrowthLimitMiB?: number;
  /**
   * SIGTERM comes while the attack's sockets are still open (the shutdown deadline must drop them); otherwise they
   * are closed first, and RSS after is read once the server has seen them go.
   */
  readonly sigtermWhileConnected?: boolean;
  /** The longest the attack may take (the runner aborts it then and counts it as a failure). */
  timeLimitMs(bounded: boolean): number;
  run(context: ScenarioContext): Promise<Outcome>;
}

/** The limit the issue sets on memory growth under every memory attack. */
export const RSS_GROWTH_LIMIT_MIB = 300;

/** Collects a scenario's checks: each unmet one adds its sentence to the failures. */
export class Verdict {
  readonly failures: string[] = [];

  check(holds: boolean, failure: string): boolean {
    if (!holds) this.failures.push(failure);
    return holds;
  }
}

/** A number rounded to `digits` decimals, for the figures (they are read, not recomputed). */
export function round(value: number, digits = 1): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** Counts of each value. */
export function tally(values: Iterable<string | number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const value of values) out[value] = (out[value] ?? 0) + 1;
  return out;
}
