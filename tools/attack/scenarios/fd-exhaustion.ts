/**
 * More idle TCP connections than the service has file descriptors (`ulimit -n`, soft and hard, on its process). The
 * process must stay alive, and answer `/v2/health` on a new connection: while the idle ones are held (once the server
 * has closed some of them by a timeout, or when it refuses past a maximum and still has room for this one), or at
 * the latest once the client lets them go.
 */
import { type Outcome, round, type Scenario, type ScenarioContext, tally, Verdict } from "../scenario.ts";
import { httpGet } from "../probe.ts";
import { sleep } from "../service.ts";
import { connect, mapLimit, watchEnd } from "../sockets.ts";

const COUNTS = {
  full: { fileLimit: 1024, connections: 1_100, holdMs: 20_000 },
  bounded: { fileLimit: 256, connections: 300, holdMs: 8_000 },
};
const AFTER_RELEASE_MS = 5_000;

export const fdExhaustion: Scenario = {
  name: "fd-exhaustion",
  service: (bounded) => ({ env: { RATE_LIMIT_RPS: "0" }, fileLimit: COUNTS[bounded ? "bounded" : "full"].fileLimit }),
  timeLimitMs: (bounded) => bounded ? 25_000 : 60_000,
  async run({ service, sockets, bounded, signal }: ScenarioContext): Promise<Outcome> {
    const counts = COUNTS[bounded ? "bounded" : "full"];
    const verdict = new Verdict();
    const held: Deno.Conn[] = [];
    const connectErrors: string[] = [];
    const ends: string[] = [];
    let releasing = false;
    let fdPeak = service.openFiles();
    const started = performance.now();

    await mapLimit(Array.from({ length: counts.connections }), 32, async () => {
      if (signal.aborted) return;
      const conn = await connect(sockets, service.port, 2_000);
      if ("error" in conn) return void connectErrors.push(conn.error);
      held.push(conn);
      // Idle: nothing is sent. The read only notices the server ending the connection.
      watchEnd(conn).then((end) => releasing || ends.push(end.kind));
    });
    const openedMs = performance.now() - started;
    fdPeak = Math.max(fdPeak, service.openFiles());

    let healthWhileHeldMs: number | null = null;
    const heldSince = performance.now();
    while (!signal.aborted && service.alive && performance.now() - heldSince < counts.holdMs) {
      fdPeak = Math.max(fdPeak, service.openFiles());
      const answer = await httpGet(service.port, "/v2/health", { timeoutMs: 1_000 });
      if (answer.status === 200) {
        healthWhileHeldMs = Math.round(performance.now() - heldSince);
        break;
      }
      await sleep(250);
    }
    const aliveWhileHeld = service.alive;
    const endedByServer = ends.length;

    releasing = true;
    for (const conn of held) sockets.close(conn);
    let healthAfterReleaseMs: number | null = null;
    const releasedAt = performance.now();
    while (healthWhileHeldMs === null && !signal.aborted && service.alive) {
      if (performance.now() - releasedAt > AFTER_RELEASE_MS) break;
      const answer = await httpGet(service.port, "/v2/health", { timeoutMs: 1_000 });
      if (answer.status === 200) healthAfterReleaseMs = Math.round(performance.now() - releasedAt);
      else await sleep(250);
      if (healthAfterReleaseMs !== null) break;
    }

    // A death is the runner's finding (died before SIGTERM); here, whether a client was still served.
    verdict.check(
      healthWhileHeldMs !== null || healthAfterReleaseMs !== null,
      "no 200 from /v2/health while the connections were held nor after they were closed",
    );
    return {
      figures: {
        file_limit: counts.fileLimit,
        connections_attempted: counts.connections,
        connected: held.length,
        connect_errors: tally(connectErrors),
        connect_ms: Math.round(openedMs),
        ended_by_server: endedByServer,
        ended_by_server_how: tally(ends),
        service_open_files_peak: fdPeak,
        hold_ms: counts.holdMs,
        health_while_held_ms: healthWhileHeldMs,
        health_after_release_ms: healthAfterReleaseMs,
        alive_while_held: aliveWhileHeld,
        held_s: round((releasedAt - heldSince) / 1000),
      },
      failures: verdict.failures,
    };
  },
};
