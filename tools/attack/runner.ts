/**
 * Runs one scenario against a fresh service process and makes its JSON line: starts the service (its configuration
 * from the scenario), reads RSS before, samples it during the attack, closes every socket the attack opened, reads RSS
 * after, then sends SIGTERM and measures the time to exit and the exit code (SIGKILL past the deadline). A scenario
 * may ask for SIGTERM while its sockets are still open; they are closed after the process has gone.
 *
 * Checks every scenario gets from here: the process is still alive when SIGTERM is sent, it exits within
 * `SIGTERM_DEADLINE_MS` with exit code 0 (a graceful stop), and its peak RSS growth stays under the scenario's limit.
 */
import type { Scenario } from "./scenario.ts";
import { round } from "./scenario.ts";
import { RssSampler, ServiceProcess, sleep } from "./service.ts";
import { SocketSet } from "./sockets.ts";

/** The wall-clock bound on SIGTERM to exit (the service's own shutdown deadline is 10 s by default). */
export const SIGTERM_DEADLINE_MS = 15_000;
const READY_TIMEOUT_MS = 60_000;
/** Time for the server to see the attack's sockets closed before RSS is read again. */
const AFTER_CLOSE_MS = 1_000;

export interface RunOptions {
  bounded: boolean;
}

export type ScenarioLine = { scenario: string; ok: boolean } & Record<string, unknown>;

export async function runScenario(scenario: Scenario, options: RunOptions): Promise<ScenarioLine> {
  const started = performance.now();
  const head = { scenario: scenario.name, ok: false, bounded: options.bounded };
  let service: ServiceProcess;
  try {
    service = await ServiceProcess.start({ ...scenario.service(options.bounded), readyTimeoutMs: READY_TIMEOUT_MS });
  } catch (error) {
    return { ...head, failures: [`the service did not start: ${(error as Error).message}`] };
  }
  const failures: string[] = [];
  let figures: Record<string, unknown> = {};
  const rssBefore = service.rssMiB();
  const rss = new RssSampler(service);
  const sockets = new SocketSet();
  const aborter = new AbortController();
  const limitMs = scenario.timeLimitMs(options.bounded);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const outcome = await Promise.race([
      scenario.run({
        service,
        sockets,
        rss,
        rssBeforeMiB: rssBefore,
        bounded: options.bounded,
        signal: aborter.signal,
      }),
      new Promise<never>((_, reject) =>
        timer = setTimeout(() => reject(new Error(`the attack did not end within ${limitMs} ms`)), limitMs)
      ),
    ]);
    figures = outcome.figures;
    failures.push(...outcome.failures);
  } catch (error) {
    failures.push((error as Error).message);
  } finally {
    clearTimeout(timer);
    aborter.abort();
    if (!scenario.sigtermWhileConnected) sockets.closeAll();
  }
  if (!scenario.sigtermWhileConnected && service.alive) await sleep(AFTER_CLOSE_MS);
  rss.sample();
  rss.stop();
  const rssAfter = service.rssMiB();
  const growth = rss.peak - rssBefore;
  if (scenario.rssGrowthLimitMiB !== undefined && growth >= scenario.rssGrowthLimitMiB) {
    failures.push(`RSS grew by ${round(growth)} MiB (limit ${scenario.rssGrowthLimitMiB})`);
  }
  // On a shared machine another process may signal every `src/main.ts` it finds: such a run measures nothing.
  const signalledElsewhere = service.shutdownLogged;
  if (signalledElsewhere) {
    failures.push("the service was shutting down before the harness sent SIGTERM (signalled by another process?)");
  }
  let stop;
  try {
    stop = await service.stop(SIGTERM_DEADLINE_MS);
  } finally {
    sockets.closeAll();
  }
  if (stop.diedBefore) {
    failures.push(`the process died before SIGTERM (exit code ${stop.exitCode}, signal ${stop.signal})`);
  } else if (stop.killed) {
    failures.push(`SIGTERM did not end the process within ${SIGTERM_DEADLINE_MS} ms (killed)`);
  } else if (stop.exitCode !== 0) {
    failures.push(`the process exited ${stop.exitCode} after SIGTERM`);
  }
  return {
    ...head,
    ok: failures.length === 0,
    ...figures,
    rss_before_mib: round(rssBefore),
    rss_peak_mib: round(rss.peak),
    rss_after_mib: round(rssAfter),
    rss_growth_mib: round(growth),
    error_log_lines: service.logs.errors,
    stack_trace_lines: service.logs.stack,
    error_log_example: service.errorExamples()[0] ?? null,
    signalled_elsewhere: signalledElsewhere,
    died_before_sigterm: stop.diedBefore,
    sigterm_with_clients_connected: scenario.sigtermWhileConnected === true,
    sigterm_exit_ms: stop.sigtermExitMs,
    exit_code: stop.exitCode,
    ...(stop.diedBefore || stop.killed ? { service_log_tail: service.tail(6) } : {}),
    wall_ms: Math.round(performance.now() - started),
    failures,
  };
}
