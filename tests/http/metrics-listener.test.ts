import assert from "node:assert/strict";
import { metricsAnswer, serveMetrics } from "../../src/http/metrics-listener.ts";
import { testService } from "../helpers/app.ts";

Deno.test("metrics listener: /metrics in Prometheus text, /livez 200, anything else 404, only GET and HEAD", async () => {
  const { services } = await testService();
  const server = serveMetrics({ hostname: "127.0.0.1", port: 0, metrics: services.metrics });
  const base = `http://127.0.0.1:${server.addr.port}`;
  try {
    const metrics = await fetch(`${base}/metrics`);
    assert.match(metrics.headers.get("content-type") ?? "", /^text\/plain/);
    assert.match(await metrics.text(), /^# TYPE http_connections gauge$/m);
    const live = await fetch(`${base}/livez`);
    assert.equal(live.status, 200);
    assert.equal(await live.text(), "ok\n");
    assert.equal(await (await fetch(`${base}/v2/health`)).text(), "not found\n");
    const post = await fetch(`${base}/metrics`, { method: "POST" });
    assert.equal(post.status, 405);
    await post.body?.cancel();
  } finally {
    await server.shutdown();
  }
});

Deno.test("metrics listener: the API port does not serve /metrics (it was public and not rate limited)", async () => {
  const { app, services } = await testService();
  const onApi = await app.request("/metrics");
  assert.equal(onApi.status, 404);
  await onApi.body?.cancel();
  const scraped = await metricsAnswer(new Request("http://127.0.0.1/metrics"), services.metrics);
  assert.equal(scraped.status, 200);
  await scraped.body?.cancel();
});
