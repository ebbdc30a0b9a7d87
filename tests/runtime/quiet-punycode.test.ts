import assert from "node:assert/strict";
import process from "node:process";
import "../../src/runtime/quiet-punycode.ts";

Deno.test("quiet-punycode: only the punycode deprecation (DEP0040) is dropped, in either call form", async () => {
  const seen: string[] = [];
  const listener = (warning: Error & { code?: string }) => seen.push(warning.code ?? warning.message);
  process.on("warning", listener);
  try {
    process.emitWarning("The `punycode` module is deprecated.", "DeprecationWarning", "DEP0040");
    process.emitWarning("The `punycode` module is deprecated.", { type: "DeprecationWarning", code: "DEP0040" });
    process.emitWarning("Buffer() is deprecated", "DeprecationWarning", "DEP0005");
    process.emitWarning("something else", { code: "OTHER" });
    await new Promise((resolve) => setTimeout(resolve, 0)); // warnings are emitted on the next tick
    assert.deepEqual(seen, ["DEP0005", "OTHER"]);
  } finally {
    process.off("warning", listener);
  }
});
