import { loadConfig } from "../src/config/env.ts";
import { createServiceApp } from "../src/server.ts";
import { createLogger } from "../src/http/logger.ts";
const logger = createLogger({ level: "info", write: { write() {}, flush() {} } });
const service = await createServiceApp(loadConfig({ RATE_LIMIT_RPS: "0", REPLAY_DIR: "bench/worlds/embedded-bench" }), { replayMode: "virtual", logger });
await service.start();
service.replay!.replayer.advanceTo(1_000);
await new Promise((r) => setTimeout(r, 300));
const n = 30000;
const base = JSON.parse(Deno.readTextFileSync("/tmp/scratch/margin.json"));
const bodies = Array.from({ length: n }, (_, i) => JSON.stringify({ ...base, marginDeltaUsdUi: (1 + i / 100).toFixed(2) }));
const req = (b: string) => new Request("http://x/v2/preview/margin", { method: "POST", body: b, headers: { "content-type": "application/json", "content-length": String(b.length) } });
const r0 = await service.app.fetch(req(bodies[0])); console.log(r0.status, (await r0.text()).slice(0, 120));
for (let round = 0; round < 3; round++) {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) { const r = await service.app.fetch(req(bodies[i])); await r.arrayBuffer(); }
  console.log(((performance.now() - t0) * 1000 / n).toFixed(2), "µs/request distinct");
}
await service.stop();
Deno.exit(0);
