/**
 * Bounded property-based fuzz run over every route of both documents (issue 14 item 1): no undocumented 5xx,
 * every answer valid against the YAML for its status, the app never throws, no answer slower than 1 s.
 * Long runs: `deno task fuzz --cases 100000` (tools/fuzz.ts).
 *
 * A case slower than 1 s is tried again before it counts: on a busy machine a pause of the whole process is
 * not the input's fault, while a pathological input is slow every time.
 */
import fc from "fast-check";
import { checkCase, describeRequest, requestArbitrary, startFuzzService } from "../helpers/fuzz.ts";

const CASES = Number(Deno.env.get("FUZZ_CASES") ?? 4_000);

Deno.test(`fuzz: ${CASES} generated requests over every route get documented, contract-valid answers`, async () => {
  const { service, pools } = await startFuzzService();
  try {
    await fc.assert(
      fc.asyncProperty(requestArbitrary(pools), async (request) => {
        let outcome = await checkCase(service.app, request);
        if (outcome.problem && outcome.ms > 1_000) outcome = await checkCase(service.app, request);
        if (outcome.problem) throw new Error(`${outcome.problem}\n  request: ${describeRequest(request)}`);
      }),
      { numRuns: CASES },
    );
    // The process is still up and serving after all of it.
    const health = await service.app.request("/v2/tokens");
    if (health.status !== 200) throw new Error(`after the run /v2/tokens answered ${health.status}`);
  } finally {
    await service.stop();
  }
});
