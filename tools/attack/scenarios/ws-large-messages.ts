/**
 * Stream sockets that each send one 60 MiB binary message, although the streams take no client messages. The server
 * must not buffer them (RSS growth under 300 MiB), must close each socket itself with 1009 (RFC 6455 §7.4.1: message
 * too big), must still answer other clients, and SIGTERM, sent while these clients are still connected, must end the
 * process within the shutdown deadline with exit code 0.
 */
import {
  type Outcome,
  round,
  RSS_GROWTH_LIMIT_MIB,
  type Scenario,
  type ScenarioContext,
  tally,
  Verdict,
} from "../scenario.ts";
import { httpGet } from "../probe.ts";
import { tryWrite } from "../sockets.ts";
import { clientFrameHeader, OPCODE, rawUpgrade, readServerFrames, type ServerFrames } from "../websocket.ts";
import { worldOwners } from "../world.ts";

const MESSAGE_BYTES = 60 * 1024 * 1024;
/** The message goes out in pieces of this size (one zero-filled buffer, reused). */
const PIECE_BYTES = 1024 * 1024;
const MESSAGE_TOO_BIG = 1009;
/** How long each socket waits, once its message is written (or refused), for the server to close it. */
const CLOSE_WAIT_MS = 5_000;
const COUNTS = { full: { sockets: 10 }, bounded: { sockets: 6 } };

interface SocketReport {
  upgrade: number;
  bytesWritten: number;
  frames?: ServerFrames;
  /** From the first byte of the message to the server's close (or the end of the wait). */
  endedAfterMs?: number;
}

export const wsLargeMessages: Scenario = {
  name: "ws-large-messages",
  service: () => ({ env: { RATE_LIMIT_RPS: "0" } }),
  rssGrowthLimitMiB: RSS_GROWTH_LIMIT_MIB,
  sigtermWhileConnected: true,
  timeLimitMs: (bounded) => bounded ? 25_000 : 40_000,
  async run({ service, sockets, rss, bounded, signal }: ScenarioContext): Promise<Outcome> {
    const count = COUNTS[bounded ? "bounded" : "full"].sockets;
    const verdict = new Verdict();
    const owners = worldOwners().slice(0, count);
    const piece = new Uint8Array(PIECE_BYTES);
    const started = performance.now();
    const reports = await Promise.all(owners.map(async (owner): Promise<SocketReport> => {
      const upgrade = await rawUpgrade(sockets, service.port, `/v2/owner/${owner}/ws`, 5_000);
      if (!upgrade.conn) return { upgrade: upgrade.status, bytesWritten: 0 };
      const conn = upgrade.conn;
      const reading = readServerFrames(conn, upgrade.rest ?? new Uint8Array(), signal);
      let closed = false;
      reading.then(() => closed = true);
      const report: SocketReport = { upgrade: 101, bytesWritten: 0 };
      const firstByteAt = performance.now();
      if (await tryWrite(conn, clientFrameHeader(OPCODE.binary, MESSAGE_BYTES))) {
        while (!closed && !signal.aborted && report.bytesWritten < MESSAGE_BYTES) {
          if (!await tryWrite(conn, piece)) break;
          report.bytesWritten += PIECE_BYTES;
        }
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      report.frames = await Promise.race([
        reading,
        new Promise<undefined>((resolve) => timer = setTimeout(() => resolve(undefined), CLOSE_WAIT_MS)),
      ]);
      clearTimeout(timer);
      report.endedAfterMs = Math.round((report.frames?.at ?? performance.now()) - firstByteAt);
      return report;
    }));
    const attackMs = performance.now() - started;
    const held = rss.sample();
    const health = await httpGet(service.port, "/v2/health", { timeoutMs: 5_000 });
    const upgraded = reports.filter((r) => r.upgrade === 101);
    const closedByServer = upgraded.filter((r) => r.frames && r.frames.end !== "open");
    const closeCodes = upgraded.map((r) => r.frames?.closeCode ?? (r.frames ? r.frames.end : "still open"));
    verdict.check(upgraded.length === count, `${count - upgraded.length} of ${count} upgrades refused`);
    verdict.check(
      closedByServer.length === upgraded.length,
      `${upgraded.length - closedByServer.length} of ${upgraded.length} sockets not closed by the server within ` +
        `${CLOSE_WAIT_MS} ms of their message`,
    );
    verdict.check(
      upgraded.every((r) => r.frames?.closeCode === MESSAGE_TOO_BIG),
      `close codes ${JSON.stringify(tally(closeCodes))}, not all ${MESSAGE_TOO_BIG}`,
    );
    verdict.check(health.status === 200, `/v2/health answered ${health.status || health.error} after the messages`);
    return {
      figures: {
        sockets: count,
        message_mib: MESSAGE_BYTES / 1024 / 1024,
        upgrades: tally(reports.map((r) => r.upgrade)),
        mib_written: round(reports.reduce((n, r) => n + r.bytesWritten, 0) / 1024 / 1024),
        closed_by_server: closedByServer.length,
        close_codes: tally(closeCodes),
        ended_after_ms_max: Math.max(0, ...upgraded.map((r) => r.endedAfterMs ?? 0)),
        attack_ms: Math.round(attackMs),
        rss_while_held_mib: round(held),
        health_status: health.status,
        health_ms: round(health.ms),
      },
      failures: verdict.failures,
    };
  },
};
