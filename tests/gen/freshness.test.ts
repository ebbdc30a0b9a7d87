/** `gen/` is committed; regenerating from the YAML must reproduce it byte for byte. */
import assert from "node:assert/strict";
import { join, relative } from "node:path";
import { generate } from "../../tools/gen/main.ts";

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) out.push(...await listFiles(path));
    else out.push(path);
  }
  return out.sort();
}

Deno.test("gen/ is fresh: regenerating from openapi/*.yaml changes nothing", async () => {
  const tmp = await Deno.makeTempDir({ prefix: "gen-fresh-" });
  try {
    await generate(tmp);
    const fresh = (await listFiles(tmp)).map((p) => relative(tmp, p));
    const committed = (await listFiles("gen")).map((p) => relative("gen", p));
    assert.deepEqual(committed, fresh, "gen/ has missing or extra files: run `deno task gen`");
    for (const file of fresh) {
      const want = await Deno.readTextFile(join(tmp, file));
      const have = await Deno.readTextFile(join("gen", file));
      assert.ok(want === have, `gen/${file} is stale: run \`deno task gen\``);
    }
  } finally {
    await Deno.remove(tmp, { recursive: true });
  }
});
