/**
 * The packed client's module (`deno task client:pack`) is one self-contained module a browser can load (issue 12
 * item 3, issue 44 item 8). The end-to-end proof that it runs there is tests/e2e/client-browser.test.ts; this check
 * also runs where Chromium is absent.
 */
import assert from "node:assert/strict";
import { packagedClientModule, runtimeSpecificParts } from "../helpers/client-bundle.ts";

Deno.test("the packed client's module loads in a browser: no Node-only or Deno-only imports, both clients, both streams", async () => {
  const code = await packagedClientModule();
  assert.deepEqual(runtimeSpecificParts(code), []);
  assert.match(code, /export\s*\{[^}]*\bcreateV2Client\b[^}]*\}/);
  assert.match(code, /export\s*\{[^}]*\bcreateEarlierClient\b[^}]*\}/);
  assert.match(code, /export\s*\{[^}]*\bopenV2BasketStream\b[^}]*\}/);
  assert.match(code, /export\s*\{[^}]*\bopenEarlierOwnerStream\b[^}]*\}/);
});

Deno.test("the bundle check notices what a browser cannot load", () => {
  const broken = [
    'import { readFileSync } from "node:fs";',
    'export { x } from "./other.js";',
    "const m = await import(url);",
    'const fs = require("fs");',
    "const pid = Deno.pid;",
  ];
  for (const line of broken) assert.equal(runtimeSpecificParts(`var a = 1;\n${line}\n`).length >= 1, true, line);
  assert.deepEqual(runtimeSpecificParts("var a = 1;\nexport {\n  a\n};\n"), []);
});
