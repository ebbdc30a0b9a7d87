/**
 * POSTs to a transaction builder declaring a 60,000-byte body and sending one byte of it. With the request deadline
 * `HTTP_REQUEST_TIMEOUT_MS` (set short for the run: the body's, and its answer's), the server must end each of them (an
 * answer, or closing the connection) within that timeout plus a margin, and hold bounded memory meanwhile (RSS growth under 300 MiB; the
 * growth per connection is reported). The rate limit is off so every request reaches the body read.
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
import { ascii } from "../bytes.ts";
import { sleep } from "../service.ts";
import { connect, type ConnectionEnd, LOOPBACK, mapLimit, tryWrite, watchEnd } from "../sockets.ts";

export const BUILDER_PATH = "/v2/transaction-builder/open-position";
const DECLARED_BYTES = 60_000;
const BODY_TIMEOUT_MS = 2_000;
/** What the server may take beyond its timeout to end a connection (timers, a busy event loop). */
const MARGIN_MS = 3_000;
const COUNTS = { full: { connections: 2_000 }, bounded: { connections: 400 } };

export const slowBodies: Scenario = {
  name: "slow-bodies",
  service: () => ({
    env: {
      RATE_LIMIT_RPS: "0",
      HTTP_REQUEST_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
    },
  }),
  rssGrowthLimitMiB: RSS_GROWTH_LIMIT_MIB,
  timeLimitMs: (bounded) => bounded ? 20_000 : 40_000,
  async run({ service, sockets, rss, rssBeforeMiB, bounded, signal }: ScenarioContext): Promise<Outcome> {
    const count = COUNTS[bounded ? "bounded" : "full"].connections;
    const verdict = new Verdict();
    const request = ascii(
      `POST ${BUILDER_PATH} HTTP/1.1\r\nHost: ${LOOPBACK}:${service.port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${DECLARED_BYTES}\r\n\r\n{`,
    );
    const ends: Promise<{ sentAt: number; end: ConnectionEnd }>[] = [];
    const connectErrors: string[] = [];
    await mapLimit(Array.from({ length: count }), 32, async () => {
      if (signal.aborted) return;
      const conn = await connect(sockets, service.port, 2_000);
      if ("error" in conn) return void connectErrors.push(conn.error);
      if (!await tryWrite(conn, request)) return void connectErrors.push("write failed");
      const sentAt = performance.now();
      ends.push(watchEnd(conn).then((end) => ({ sentAt, end })));
    });
    const lastSentAt = performance.now();
    // Wait for every connection to end, or for the timeout and margin past the last one sent.
    const ended: { sentAt: number; end: ConnectionEnd }[] = [];
    for (const end of ends) end.then((e) => ended.push(e));
    let heldRss = rss.sample();
    while (
      !signal.aborted && ended.length < ends.length && performance.now() - lastSentAt < BODY_TIMEOUT_MS + MARGIN_MS
    ) {
      await sleep(100);
      // The memory held is read while the most connections are open.
      if (ended.length === 0) heldRss = rss.sample();
    }
    const endMs = ended.map((e) => e.end.at - e.sentAt).sort((a, b) => a - b);
    const inTime = endMs.filter((ms) => ms <= BODY_TIMEOUT_MS + MARGIN_MS).length;
    const statuses = ended.map((e) => e.end.kind === "data" ? statusOf(e.end.first) : e.end.kind);
    verdict.check(ends.length === count, `${count - ends.length} of ${count} requests could not be sent`);
    verdict.check(
      inTime === ends.length,
      `${ends.length - inTime} of ${ends.length} connections not ended by the server within ` +
        `${BODY_TIMEOUT_MS} + ${MARGIN_MS} ms`,
    );
    return {
      figures: {
        connections: count,
        declared_bytes: DECLARED_BYTES,
        body_timeout_ms: BODY_TIMEOUT_MS,
        requests_sent: ends.length,
        connect_errors: tally(connectErrors),
        ended_by_server: ended.length,
        ended_in_time: inTime,
        ended_how: tally(statuses),
        end_ms_p50: endMs.length ? Math.round(endMs[Math.floor(endMs.length / 2)]) : null,
        end_ms_max: endMs.length ? Math.round(endMs[endMs.length - 1]) : null,
        rss_while_held_mib: round(heldRss),
        kib_per_connection: ends.length ? round(((heldRss - rssBeforeMiB) * 1024) / ends.length) : null,
      },
      failures: verdict.failures,
    };
  },
};

/** `answered 408` from the first bytes of an answer. */
function statusOf(first: string | undefined): string {
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(first ?? "")?.[1];
  return status ? `answered ${status}` : "answered";
}
