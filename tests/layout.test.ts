/**
 * The test tree's own conventions, so the next engineer finds a module's test where its path says:
 * - a unit test mirrors its module: `tests/<path>.test.ts` tests `src/<path>.ts` (in the areas below), except the
 *   folder-wide checks named in CROSS_CUTTING (`properties.test.ts`, `roundtrip.test.ts`, …);
 * - a helper is private to its area and named `_<name>.ts` (`_helpers.ts` unless it has one focused job); helpers
 *   shared by several areas live in `tests/helpers/`.
 * Integration areas (e2e, http, ingest, gen, tools, domain/sdk) test behaviour across modules and are not mirrored.
 */
import assert from "node:assert/strict";
import { dirname, join, normalize } from "node:path";

const ROOT = normalize(join(dirname(new URL(import.meta.url).pathname), ".."));
const MIRRORED_AREAS = ["config", "domain", "protocol", "state", "replay", "runtime", "limits", "handlers", "streams"];
const NOT_MIRRORED = ["domain/sdk/"];
/** Folder-wide checks: properties over every module, codec round trips, discriminators, vendor-SDK vectors. */
const CROSS_CUTTING = new Set([
  "properties.test.ts",
  "roundtrip.test.ts",
  "discriminators.test.ts",
  "sdk-vectors.test.ts",
]);

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(join(ROOT, dir))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) out.push(...await filesUnder(path));
    else out.push(path);
  }
  return out.sort();
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(join(ROOT, path));
    return true;
  } catch {
    return false;
  }
}

const testFiles = (await filesUnder("tests")).filter((f) => f.endsWith(".ts"));

Deno.test("every TypeScript file under tests/ is a test, an area's _helper, or a shared helper", () => {
  const strays = testFiles.filter((f) => {
    const name = f.split("/").at(-1)!;
    return !name.endsWith(".test.ts") && !name.startsWith("_") && !f.startsWith("tests/helpers/");
  });
  assert.deepEqual(strays, [], "name a helper _<name>.ts in its area, or move it to tests/helpers/");
});

Deno.test("unit tests mirror src/: tests/<path>.test.ts tests src/<path>.ts", async () => {
  const orphans: string[] = [];
  for (const file of testFiles) {
    const path = file.slice("tests/".length);
    const name = path.split("/").at(-1)!;
    if (!name.endsWith(".test.ts") || CROSS_CUTTING.has(name)) continue;
    if (!MIRRORED_AREAS.includes(path.split("/")[0]) || NOT_MIRRORED.some((p) => path.startsWith(p))) continue;
    if (!await exists(`src/${path.replace(/\.test\.ts$/, ".ts")}`)) orphans.push(file);
  }
  assert.deepEqual(orphans, [], "these tests name no source file: rename or move them to mirror the module");
});
