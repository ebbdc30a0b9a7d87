/**
 * The attack harness's bounded run (`deno task attack --bounded`): every scenario of issue 43 against a fresh service
 * process, each judged by the harness (memory, times, close codes, logs, SIGTERM), never by this test's clock. One
 * step per scenario, failing with the harness's own reasons.
 */
import assert from "node:assert/strict";
import { SCENARIOS } from "../../tools/attack/scenarios/mod.ts";

Deno.test("deno task attack --bounded: every scenario holds", async (t) => {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "tools/attack.ts", "--bounded", "--json-only"],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  const lines = new TextDecoder().decode(output.stdout).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));
  assert.deepEqual(lines.map((l) => l.scenario), SCENARIOS.map((s) => s.name), stderr);
  for (const line of lines) {
    await t.step(line.scenario, () => {
      assert.ok(line.ok, `${line.failures.join("; ")}\n${JSON.stringify(line)}`);
    });
  }
  assert.equal(output.code, lines.every((l) => l.ok) ? 0 : 1, "the exit code says whether every scenario held");
});
