/**
 * `/metrics` is not served to the public: the API port answers 404 to it, and the metrics live on their own listener
 * (`METRICS_PORT`, loopback), which answers with the Prometheus text.
 */
import { type Outcome, type Scenario, type ScenarioContext, Verdict } from "../scenario.ts";
import { httpGet } from "../probe.ts";

export const metricsExposure: Scenario = {
  name: "metrics-exposure",
  service: () => ({ env: {} }),
  timeLimitMs: () => 10_000,
  async run({ service }: ScenarioContext): Promise<Outcome> {
    const verdict = new Verdict();
    const api = await httpGet(service.port, "/metrics", { timeoutMs: 3_000 });
    const own = await httpGet(service.metricsPort, "/metrics", { timeoutMs: 3_000 });
    const ownText = new TextDecoder().decode(own.body);
    verdict.check(api.status === 404, `GET /metrics on the API port answered ${api.status || api.error}, not 404`);
    verdict.check(
      own.status === 200 && ownText.includes("# TYPE"),
      `the metrics port answered ${own.status || own.error} without Prometheus text`,
    );
    return {
      figures: {
        api_port_status: api.status || api.error,
        metrics_port_status: own.status || own.error,
        metrics_port_series: ownText.split("\n").filter((l) => l && !l.startsWith("#")).length,
      },
      failures: verdict.failures,
    };
  },
};
