import assert from "node:assert/strict";
import { ensureWorld } from "../../bench/worlds.ts";
import { readRecording } from "../../src/replay/format.ts";
import { BUNDLED_WORLD_DIR } from "../../src/runtime/boot.ts";

Deno.test("ensureWorld: a world of JSONL accounts is converted once to the binary form, and reads the same", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bench-world-" });
  try {
    for await (const entry of Deno.readDir(BUNDLED_WORLD_DIR)) {
      await Deno.copyFile(`${BUNDLED_WORLD_DIR}/${entry.name}`, `${dir}/${entry.name}`);
    }
    // A conversion cut short: only a partial file, which does not count.
    await Deno.writeFile(`${dir}/base.accounts.bin.partial`, new Uint8Array(3));
    const logs: string[] = [];
    await ensureWorld(dir, 40, 10, (line) => logs.push(line));
    assert.equal(logs.length, 1);
    assert.match(logs[0], /converting/);
    const names = [...Deno.readDirSync(dir)].map((e) => e.name);
    assert.ok(names.includes("base.accounts.bin") && names.includes("er.accounts.bin"));
    assert.deepEqual(await readRecording(dir), await readRecording(BUNDLED_WORLD_DIR));
    await ensureWorld(dir, 40, 10, (line) => logs.push(line));
    assert.equal(logs.length, 1, "nothing to do the second time");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
