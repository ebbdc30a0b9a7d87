/**
 * The repository's own gates, so `deno task test` (and so CI) fails when they fail:
 * formatting, Deno's linter (with no-non-null-assertion on src/) and the OpenAPI linter on both contracts.
 */
import assert from "node:assert/strict";

async function run(args: string[]) {
  const output = await new Deno.Command(Deno.execPath(), { args, stdout: "piped", stderr: "piped" }).output();
  const text = new TextDecoder().decode(output.stdout) + new TextDecoder().decode(output.stderr);
  return { ok: output.success, text };
}

Deno.test("deno fmt --check passes", async () => {
  const { ok, text } = await run(["fmt", "--check"]);
  assert.ok(ok, text);
});

Deno.test("deno lint passes", async () => {
  const { ok, text } = await run(["lint"]);
  assert.ok(ok, text);
});

Deno.test("the OpenAPI documents pass the OpenAPI linter with no errors", async () => {
  const { ok, text } = await run([
    "run",
    "--allow-all",
    "npm:@redocly/cli@2.77.0",
    "lint",
    "--format=stylish",
    "openapi/v2.yaml",
    "openapi/earlier.yaml",
  ]);
  assert.ok(ok, text);
});

Deno.test("src/ asserts nothing non-null: a value that may be missing is checked (lint no-non-null-assertion)", async () => {
  const { ok, text } = await run(["lint", "--rules-include=no-non-null-assertion", "src"]);
  assert.ok(ok, text);
});
