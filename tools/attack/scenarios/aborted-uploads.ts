/**
 * Uploads the client gives up on: POSTs to a transaction builder that send half of their declared body and then go
 * away, half of them closing the connection (FIN), half resetting it (RST). A client that leaves is not a server
 * error: no `"level":"error"` line, no stack trace, no request logged as 500, and no `status="500"` series in the
 * metrics (read on the metrics listener, or on the API port where the code still serves them there).
 */
import { type Outcome, type Scenario, type ScenarioContext, Verdict } from "../scenario.ts";
import { ascii, concat } from "../bytes.ts";
import { readMetrics, status500Series } from "../metrics.ts";
import { httpGet } from "../probe.ts";
import { sleep } from "../service.ts";
import { connect, LOOPBACK, mapLimit, resetAfterWrite, tryWrite } from "../sockets.ts";
import { BUILDER_PATH } from "./slow-bodies.ts";

const DECLARED_BYTES = 2_000;
/** How long the client waits, half-way through its body, before it goes: the server is reading the body by then. */
const WAIT_BEFORE_LEAVING_MS = 100;
/** Time for the service to log what it logs about them. */
const LOG_SETTLE_MS = 1_000;
const COUNTS = { full: { uploads: 200 }, bounded: { uploads: 40 } };

export const abortedUploads: Scenario = {
  name: "aborted-uploads",
  service: () => ({ env: { RATE_LIMIT_RPS: "0" } }),
  timeLimitMs: (bounded) => bounded ? 15_000 : 30_000,
  async run({ service, sockets, bounded, signal }: ScenarioContext): Promise<Outcome> {
    const count = COUNTS[bounded ? "bounded" : "full"].uploads;
    const verdict = new Verdict();
    const upload = concat([
      ascii(
        `POST ${BUILDER_PATH} HTTP/1.1\r\nHost: ${LOOPBACK}:${service.port}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${DECLARED_BYTES}\r\n\r\n`,
      ),
      ascii(`{"owner":"${"x".repeat(DECLARED_BYTES / 2 - 10)}`),
    ]);
    const before = { ...service.logs };
    let closed = 0;
    let reset = 0;
    await mapLimit(Array.from({ length: count }, (_, i) => i), 16, async (i) => {
      if (signal.aborted) return;
      if (i % 2) {
        if (await resetAfterWrite(sockets, service.port, upload, 2_000, WAIT_BEFORE_LEAVING_MS)) reset++;
        return;
      }
      const conn = await connect(sockets, service.port, 2_000);
      if ("error" in conn || !await tryWrite(conn, upload)) return;
      await sleep(WAIT_BEFORE_LEAVING_MS);
      sockets.close(conn);
      closed++;
    });
    await sleep(LOG_SETTLE_MS);
    const health = await httpGet(service.port, "/v2/health", { timeoutMs: 5_000 });
    const metrics = await readMetrics(service);
    const series = status500Series(metrics.text);
    const logged = {
      errors: service.logs.errors - before.errors,
      stack: service.logs.stack - before.stack,
      status500: service.logs.status500 - before.status500,
    };
    verdict.check(closed + reset === count, `${count - closed - reset} of ${count} uploads could not be sent`);
    verdict.check(logged.errors === 0, `${logged.errors} lines logged at error`);
    verdict.check(logged.stack === 0, `${logged.stack} lines with a stack trace`);
    verdict.check(logged.status500 === 0, `${logged.status500} requests logged as 500`);
    verdict.check(metrics.where !== null, "no /metrics answered on the metrics port nor on the API port");
    verdict.check(series.length === 0, `/metrics has status="500" series: ${series.slice(0, 2).join("; ")}`);
    verdict.check(health.status === 200, `/v2/health answered ${health.status || health.error} afterwards`);
    return {
      figures: {
        uploads: count,
        declared_bytes: DECLARED_BYTES,
        sent_bytes: DECLARED_BYTES / 2,
        left_with_fin: closed,
        left_with_rst: reset,
        logged_error_lines: logged.errors,
        logged_stack_lines: logged.stack,
        logged_500: logged.status500,
        metrics_at: metrics.where,
        metrics_500_series: series.length,
        metrics_500_example: series[0] ?? null,
        health_status: health.status,
      },
      failures: verdict.failures,
    };
  },
};
