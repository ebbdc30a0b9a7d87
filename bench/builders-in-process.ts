/**
 * The builder routes of the throughput bench (figures.ts: v2 open and close, deposit, withdraw, the earlier open and
 * swap-and-open) requested in-process through the app's `fetch` in a tight loop, on the embedded world held still by
 * a virtual replay: what one build costs in CPU without the socket, the load generator and queueing. Meant to be run
 * under `--cpu-prof` to see where that time goes:
 *
 *   deno run -A bench/builders-in-process.ts [--samples N] [--only id,id]
 *   deno run -A --cpu-prof --cpu-prof-dir=DIR bench/builders-in-process.ts --only v2-open
 */
import process from "node:process";
import { GROUPS } from "./args.ts";
import { startStillService } from "./quotes.ts";
import { figureSpecs } from "./figures.ts";
import type { BenchWorld } from "./bench-world.ts";

/** The figure specs need a bench world only for the reads and owner views; the builders use manifest owners. */
const noBenchWorld = (firstMarket: string): BenchWorld => ({
  dir: "",
  v2: { positions: 0, orders: 0, firstMarket },
  earlier: { positions: 0, orders: 0 },
});

export interface InProcessFigure {
  id: string;
  samples: number;
  /** Wall-clock time per request: what the loop took, divided by the requests. */
  meanUs: number;
  /** Process CPU time per request (all threads: the collector's included); less sensitive to other processes. */
  cpuUs: number;
  p50Us: number;
  p99Us: number;
}

export async function benchBuildersInProcess(samples: number, only?: Set<string>): Promise<InProcessFigure[]> {
  const manifest = JSON.parse(await Deno.readTextFile("fixtures/world/manifest.json"));
  const v2Config = JSON.parse(await Deno.readTextFile("fixtures/world/pool-config.v2.json"));
  const specs = figureSpecs(noBenchWorld(v2Config.pools[0].markets[0].marketAccount), manifest, v2Config)
    .filter((s) => GROUPS.builders.includes(s.id) && (!only || only.has(s.id)));
  const service = await startStillService();
  try {
    const figures: InProcessFigure[] = [];
    for (const spec of specs) {
      const { method, path, body } = spec.request;
      const request = () =>
        service.app.fetch(
          new Request(`http://bench${path}`, { method, body, headers: { "content-type": "application/json" } }),
        );
      const probe = await request();
      const unfit = spec.unfit(probe.status, await probe.text());
      if (unfit) throw new Error(`${spec.id}: ${unfit}`);
      for (let i = 0; i < 1_000; i++) await (await request()).arrayBuffer(); // warm-up
      const times = new Float64Array(samples);
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < samples; i++) {
        // Back to the event loop now and then, as a server is: finalizers (the requests' abort signals) run there,
        // and without them the young generation fills with cells a real server would have released.
        if (i % 64 === 0) await new Promise((r) => setTimeout(r, 0));
        const t0 = performance.now();
        await (await request()).arrayBuffer();
        times[i] = performance.now() - t0;
      }
      const totalMs = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      times.sort();
      figures.push({
        id: spec.id,
        samples,
        meanUs: totalMs * 1000 / samples,
        cpuUs: (cpu.user + cpu.system) / samples,
        p50Us: times[Math.floor(samples * 0.5)] * 1000,
        p99Us: times[Math.floor(samples * 0.99)] * 1000,
      });
    }
    return figures;
  } finally {
    await service.stop();
  }
}

if (import.meta.main) {
  const arg = (name: string) => {
    const i = Deno.args.indexOf(name);
    return i >= 0 ? Deno.args[i + 1] : undefined;
  };
  const samples = Number(arg("--samples") ?? 20_000);
  const only = arg("--only") ? new Set(arg("--only")!.split(",")) : undefined;
  for (const f of await benchBuildersInProcess(samples, only)) {
    console.log(
      `${f.id.padEnd(22)} cpu ${f.cpuUs.toFixed(1).padStart(6)} µs  mean ${f.meanUs.toFixed(1).padStart(7)} µs  p50 ${
        f.p50Us.toFixed(1).padStart(7)
      } µs  ` +
        `p99 ${f.p99Us.toFixed(1).padStart(7)} µs  (${f.samples} requests)`,
    );
  }
}
