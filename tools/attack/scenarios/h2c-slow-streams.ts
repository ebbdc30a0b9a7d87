/**
 * HTTP/2 over cleartext with prior knowledge: a few connections, each opening many streams for the largest
 * documentation asset with a zero receive window, so the server may send none of it. ok when the server refuses
 * HTTP/2 cleartext, or when its RSS growth stays under 300 MiB (the runner's check) and other clients are answered.
 * The rate limit is off, as for the HTTP/1.1 slow readers.
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
import { largestDocsAsset } from "../assets.ts";
import { concat } from "../bytes.ts";
import {
  encodeFrame,
  FLAG,
  FRAME,
  FrameReader,
  getRequestBlock,
  PREFACE,
  readSettings,
  SETTING,
  settingsFrame,
} from "../h2.ts";
import { httpGet } from "../probe.ts";
import { sleep } from "../service.ts";
import { connect, LOOPBACK, mapLimit, tryWrite } from "../sockets.ts";

const COUNTS = {
  full: { connections: 5, streams: 200, settleMs: 8_000 },
  bounded: { connections: 2, streams: 100, settleMs: 4_000 },
};

/** What one connection saw. */
interface ConnectionReport {
  /** `accepted`: the server's first frame was SETTINGS; otherwise how it refused (`http/1.1 400`, `eof`, …). */
  answer: string;
  maxConcurrentStreams?: number;
  streamsSent: number;
  responses: number;
  dataBytes: number;
  resets: number;
  goaway: boolean;
}

export const h2cSlowStreams: Scenario = {
  name: "h2c-slow-streams",
  service: () => ({ env: { RATE_LIMIT_RPS: "0" } }),
  rssGrowthLimitMiB: RSS_GROWTH_LIMIT_MIB,
  timeLimitMs: (bounded) => bounded ? 20_000 : 40_000,
  async run({ service, sockets, rss, bounded, signal }: ScenarioContext): Promise<Outcome> {
    const counts = COUNTS[bounded ? "bounded" : "full"];
    const verdict = new Verdict();
    const asset = await largestDocsAsset(service.port);
    const authority = `${LOOPBACK}:${service.port}`;
    const reports = await mapLimit(Array.from({ length: counts.connections }), counts.connections, async () => {
      const report: ConnectionReport = {
        answer: "none",
        streamsSent: 0,
        responses: 0,
        dataBytes: 0,
        resets: 0,
        goaway: false,
      };
      const conn = await connect(sockets, service.port, 2_000);
      if ("error" in conn) return { ...report, answer: `connect ${conn.error}` };
      const hello = concat([PREFACE, settingsFrame([[SETTING.enablePush, 0], [SETTING.initialWindowSize, 0]])]);
      if (!await tryWrite(conn, hello)) return { ...report, answer: "write failed" };
      const first = await firstAnswer(conn);
      report.answer = first.answer;
      if (!first.reader || !first.settings) return report;
      report.maxConcurrentStreams = first.settings.get(SETTING.maxConcurrentStreams);
      const requests = [encodeFrame(FRAME.settings, FLAG.ack, 0, new Uint8Array())];
      for (let i = 0; i < counts.streams; i++) {
        const block = getRequestBlock(asset.path, authority);
        requests.push(encodeFrame(FRAME.headers, FLAG.endHeaders | FLAG.endStream, 2 * i + 1, block));
      }
      if (await tryWrite(conn, concat(requests))) report.streamsSent = counts.streams;
      // Read (never granting window) in the background until the scenario ends.
      follow(conn, first.reader, report, signal);
      return report;
    });
    const settleUntil = performance.now() + counts.settleMs;
    while (!signal.aborted && performance.now() < settleUntil) await sleep(250);
    const held = rss.sample();
    const health = await httpGet(service.port, "/v2/health", { timeoutMs: 5_000 });
    const accepted = reports.some((r) => r.answer === "accepted");
    verdict.check(
      health.status === 200,
      `/v2/health answered ${health.status || health.error} while the streams held on`,
    );
    return {
      figures: {
        asset: asset.path,
        asset_bytes: asset.bytes,
        h2c: accepted ? "accepted" : "refused",
        answers: tally(reports.map((r) => r.answer)),
        connections: counts.connections,
        streams_per_connection: counts.streams,
        server_max_concurrent_streams:
          reports.find((r) => r.maxConcurrentStreams !== undefined)?.maxConcurrentStreams ??
            null,
        streams_sent: sum(reports.map((r) => r.streamsSent)),
        responses: sum(reports.map((r) => r.responses)),
        data_bytes_received: sum(reports.map((r) => r.dataBytes)),
        streams_reset: sum(reports.map((r) => r.resets)),
        goaway: reports.filter((r) => r.goaway).length,
        rate_limit: "off",
        rss_while_held_mib: round(held),
        health_status: health.status,
        health_ms: round(health.ms),
      },
      failures: verdict.failures,
    };
  },
};

/**
 * Whether the server speaks HTTP/2 on this connection: its first frame is SETTINGS. An HTTP/1.1 server answers the
 * preface as a request instead, so the first bytes are checked for a status line before they are read as frames.
 */
async function firstAnswer(
  conn: Deno.Conn,
): Promise<{ answer: string; reader?: FrameReader; settings?: Map<number, number> }> {
  const timer = setTimeout(() => conn.close(), 5_000);
  try {
    const buffer = new Uint8Array(16 * 1024);
    let first: Uint8Array = new Uint8Array();
    while (first.length < 9) {
      const n = await conn.read(buffer);
      if (n === null) return { answer: first.length ? "eof (partial)" : "eof" };
      first = concat([first, buffer.subarray(0, n)]);
    }
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(new TextDecoder().decode(first.subarray(0, 64)))?.[1];
    if (status) return { answer: `http/1.1 ${status}` };
    const reader = new FrameReader(conn, first);
    const frame = await reader.next();
    if (!frame) return { answer: "eof" };
    if (frame.type !== FRAME.settings || frame.flags & FLAG.ack) return { answer: `frame type ${frame.type}` };
    return { answer: "accepted", reader, settings: readSettings(frame.payload) };
  } catch (error) {
    return { answer: (error as Error).name };
  } finally {
    clearTimeout(timer);
  }
}

/** Counts the server's frames; acknowledges its SETTINGS and PINGs, as a live client does. */
async function follow(conn: Deno.Conn, reader: FrameReader, report: ConnectionReport, signal: AbortSignal) {
  try {
    while (!signal.aborted) {
      const frame = await reader.next();
      if (!frame) return;
      if (frame.type === FRAME.headers) report.responses++;
      else if (frame.type === FRAME.data) report.dataBytes += frame.payload.length;
      else if (frame.type === FRAME.rstStream) report.resets++;
      else if (frame.type === FRAME.goaway) report.goaway = true;
      else if (frame.type === FRAME.settings && !(frame.flags & FLAG.ack)) {
        await tryWrite(conn, encodeFrame(FRAME.settings, FLAG.ack, 0, new Uint8Array()));
      } else if (frame.type === FRAME.ping && !(frame.flags & FLAG.ack)) {
        await tryWrite(conn, encodeFrame(FRAME.ping, FLAG.ack, 0, frame.payload));
      }
    }
  } catch {
    // the connection was closed (by the server, or by the runner at the end)
  }
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
