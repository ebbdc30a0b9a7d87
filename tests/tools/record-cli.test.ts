/**
 * `deno task record` end to end: the CLI records the bundled world served by tools/replay-serve.ts in another process,
 * and the recording holds every account outside the programs that the service reads (`extraAccountsOf`), the staked
 * LP mints included: a replay without them showed the earlier pools' LP supply as 0 and their LP price as the whole
 * pool's value.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { readRecording } from "../../src/replay/format.ts";
import { loadDeploymentConfig } from "../../src/config/pool-config.ts";
import { extraAccountsOf } from "../../src/runtime/sources.ts";
import { BUNDLED_WORLD_DIR } from "../../src/runtime/boot.ts";
import { spawnReplayServe } from "../../tools/replay-serve-process.ts";

Deno.test("record CLI: a recording of the bundled world holds every extra account the service reads", async () => {
  const out = await Deno.makeTempDir({ prefix: "record-cli-" });
  const replay = await spawnReplayServe(["--no-loop", "--oracle-time", "wall"]);
  try {
    const recorder = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-all", "tools/record.ts", "--out", out, "--duration-s", "1"],
      env: { ...replay.endpoints, ORACLE_TOKEN: "test" },
      stdout: "null",
      stderr: "piped",
    }).output();
    assert.equal(recorder.code, 0, new TextDecoder().decode(recorder.stderr));

    const configs = await Promise.all(
      ["pool-config.v2.json", "pool-config.earlier.json"].map((f) => loadDeploymentConfig(join(BUNDLED_WORLD_DIR, f))),
    );
    const lpMints = configs.flatMap((c) => c.pools.flatMap((p) => p.stakedLpTokenMint ? [p.stakedLpTokenMint] : []));
    assert.ok(lpMints.length > 0, "the bundled world has staked LP mints");
    const recorded = (await readRecording(out)).chains.base.initialAccounts;
    const missing = extraAccountsOf(configs).filter((key) => !recorded.has(key));
    assert.deepEqual(missing, []);
  } finally {
    await replay.stop();
    await Deno.remove(out, { recursive: true });
  }
});
