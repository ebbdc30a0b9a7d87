/**
 * HTTP/1.1 clients that ask for the largest documentation asset and never read the answer. Whatever they do, the
 * server's memory must stay bounded (RSS growth under 300 MiB) and other clients must still be answered. The rate
 * limit is off: the clients of an attack come from many addresses, and the bound asked for is per connection.
 */
import {
  type Outcome,
  round,
  RSS_GROWTH_LIMIT_MIB,
  type Scenario,
  type ScenarioContext,
  Verdict,
} from "../scenario.ts";
import { largestDocsAsset } from "../assets.ts";
import { httpGet } from "../probe.ts";
import { sleep } from "../service.ts";
import { ascii } from "../bytes.ts";
import { connect, LOOPBACK, mapLimit, tryWrite } from "../sockets.ts";

const COUNTS = {
  full: { readers: 300, settleMs: 8_000 },
  bounded: { readers: 200, settleMs: 4_000 },
};

export const slowReaders: Scenario = {
  name: "slow-readers",
  service: () => ({ env: { RATE_LIMIT_RPS: "0" } }),
  rssGrowthLimitMiB: RSS_GROWTH_LIMIT_MIB,
  timeLimitMs: (bounded) => bounded ? 20_000 : 40_000,
  async run({ service, sockets, rss, rssBeforeMiB, bounded, signal }: ScenarioContext): Promise<Outcome> {
    const counts = COUNTS[bounded ? "bounded" : "full"];
    const verdict = new Verdict();
    const asset = await largestDocsAsset(service.port);
    const request = ascii(`GET ${asset.path} HTTP/1.1\r\nHost: ${LOOPBACK}:${service.port}\r\n\r\n`);
    let sent = 0;
    await mapLimit(Array.from({ length: counts.readers }), 32, async () => {
      if (signal.aborted) return;
      const conn = await connect(sockets, service.port, 2_000);
      if (!("error" in conn) && await tryWrite(conn, request)) sent++;
    });
    // The server writes what the sockets take and holds the rest: let it get there.
    const settleUntil = performance.now() + counts.settleMs;
    while (!signal.aborted && performance.now() < settleUntil) await sleep(250);
    const held = rss.sample();
    const health = await httpGet(service.port, "/v2/health", { timeoutMs: 5_000 });
    verdict.check(health.status === 200, `/v2/health answered ${health.status || health.error} while they held on`);
    return {
      figures: {
        asset: asset.path,
        asset_bytes: asset.bytes,
        readers: counts.readers,
        requests_sent: sent,
        rate_limit: "off",
        rss_while_held_mib: round(held),
        kib_per_reader: sent ? round(((held - rssBeforeMiB) * 1024) / sent) : null,
        health_status: health.status,
        health_ms: round(health.ms),
      },
      failures: verdict.failures,
    };
  },
};
