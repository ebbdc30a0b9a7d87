/**
 * `deno task record` against live-protocol endpoints (the loopback replay servers stand in for mainnet): it captures
 * the initial accounts of both chains, updates and oracle frames, copies the deployment configurations, and the
 * result replays as a recording.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { readRecording } from "../../src/replay/format.ts";
import { startReplay } from "../../src/replay/harness.ts";

Deno.test("deno task record: a 2-second capture from the replay endpoints is a replayable recording", async () => {
  const world = await readRecording("fixtures/world");
  const replay = await startReplay(world, { mode: "realtime", loop: true });
  const out = await Deno.makeTempDir({ prefix: "recording-" });
  try {
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-all", "tools/record.ts", "--out", out, "--duration-s", "2", "--name", "test-capture"],
      env: {
        RPC_URL: `http://127.0.0.1:${replay.base.port}`,
        ER_RPC_URL: `http://127.0.0.1:${replay.er.port}`,
        ORACLE_URL: replay.oracle.url,
        ORACLE_TOKEN: "test",
      },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const log = new TextDecoder().decode(output.stdout) + new TextDecoder().decode(output.stderr);
    assert.equal(output.code, 0, log);
    assert.match(log, /recorded \d+ ms into/);

    const captured = await readRecording(out);
    assert.equal(captured.meta.name, "test-capture");
    const programAccounts = (chain: "base" | "er") => world.chains[chain].initialAccounts.size;
    assert.ok(captured.chains.er.initialAccounts.size > 0 && programAccounts("er") > 0);
    assert.ok(captured.chains.base.initialAccounts.size > 0);
    assert.ok(captured.oracle.length > 0, "oracle frames were captured");
    for (const file of ["pool-config.v2.json", "pool-config.earlier.json"]) {
      assert.deepEqual(
        JSON.parse(await Deno.readTextFile(join(out, file))),
        JSON.parse(await Deno.readTextFile(join("fixtures/world", file))),
      );
    }
  } finally {
    await replay.stop();
    await Deno.remove(out, { recursive: true });
  }
});
