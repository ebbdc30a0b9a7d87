/**
 * The committed embedded world (fixtures/world) is what the generator produces with the default options, stays
 * small, and the CLI parses its arguments.
 */
import assert from "node:assert/strict";
import { parseArgs } from "../../../tools/fixtures.ts";
import { bytesEqual, defaultWorld, listFiles } from "./_helpers.ts";

const FIXTURES = new URL("../../../fixtures/world/", import.meta.url).pathname;

Deno.test("fixtures/world is fresh (regenerate: deno run -A tools/fixtures.ts)", async () => {
  const { dir } = await defaultWorld();
  const files = await listFiles(dir);
  assert.deepEqual(await listFiles(FIXTURES), files);
  let total = 0;
  for (const f of files) {
    const committed = await Deno.readFile(FIXTURES + f);
    total += committed.length;
    assert.ok(bytesEqual(committed, await Deno.readFile(`${dir}/${f}`)), `${f} is stale`);
  }
  assert.ok(total < 5 * 1024 * 1024, `the committed world is ${total} bytes`);
});

Deno.test("tools/fixtures.ts arguments", () => {
  assert.deepEqual(parseArgs([]), {
    seed: 1,
    owners: 40,
    durationS: 180,
    out: "fixtures/world",
    gzip: true,
    binaryAccounts: false,
    quiet: false,
  });
  assert.deepEqual(
    parseArgs([
      "--seed",
      "9",
      "--owners=100000",
      "--duration-s",
      "30",
      "--out",
      "/tmp/w",
      "--no-gzip",
      "--binary-accounts",
    ]),
    {
      seed: 9,
      owners: 100_000,
      durationS: 30,
      out: "/tmp/w",
      gzip: false,
      binaryAccounts: true,
      quiet: false,
    },
  );
  assert.throws(() => parseArgs(["--owners", "-1"]), /--owners/);
  assert.throws(() => parseArgs(["--duration-s", "0"]), /--duration-s/);
  assert.throws(() => parseArgs(["--bogus"]), /unknown argument/);
  assert.throws(() => parseArgs(["--seed"]), /needs a value/);
});
