/** The cheap request instruments read, at scrape time, exactly as prom-client's own Counter and Histogram would. */
import assert from "node:assert/strict";
import client from "prom-client";
import { RequestSeries } from "../../src/http/request-series.ts";

const buckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];
const observations: [string, string, number, number][] = [
  ["GET", "/v2/health", 200, 0.0001],
  ["GET", "/v2/health", 200, 0.001],
  ["GET", "/v2/health", 503, 0.3],
  ["POST", "/v2/preview/margin", 200, 0.002],
  ["GET", "/v2/health", 200, 7],
  ["GET", "other", 404, 0.0005],
  ["HEAD", "/v2/health", 200, 0.01],
];

const seriesOf = (maxSeries: number) =>
  new RequestSeries({
    counterName: "reqs_total",
    counterHelp: "Requests.",
    histogramName: "req_seconds",
    histogramHelp: "Seconds.",
    buckets,
    maxSeries,
  });

Deno.test("request series: the same /metrics text as prom-client's Counter and Histogram given the same requests", async () => {
  const reference = new client.Registry();
  const labelNames = ["method", "route", "status"] as const;
  const counter = new client.Counter({ name: "reqs_total", help: "Requests.", labelNames, registers: [reference] });
  const histogram = new client.Histogram({
    name: "req_seconds",
    help: "Seconds.",
    labelNames,
    buckets,
    registers: [reference],
  });
  const cheap = new client.Registry();
  const series = seriesOf(100);
  cheap.registerMetric(series.counter as unknown as client.Metric);
  cheap.registerMetric(series.histogram as unknown as client.Metric);
  for (const [method, route, status, seconds] of observations) {
    counter.inc({ method, route, status: String(status) });
    histogram.observe({ method, route, status: String(status) }, seconds);
    series.observe(method, route, status, seconds);
  }
  assert.equal(await cheap.metrics(), await reference.metrics());
});

Deno.test("request series: past the cap a new series is not kept (label values cannot grow the exposition)", async () => {
  const series = seriesOf(2);
  series.observe("GET", "/a", 200, 0.001);
  series.observe("GET", "/b", 200, 0.001);
  series.observe("GET", "/c", 200, 0.001);
  series.observe("GET", "/a", 200, 0.001);
  const counted = await series.counter.get();
  assert.deepEqual(counted.values.map((v) => [v.labels.route, v.value]), [["/a", 2], ["/b", 1]]);
});
