import assert from "node:assert/strict";

/** Runs tools/replay-serve.ts with `args` until it exits (each case here exits before serving anything). */
async function replayServe(...args: string[]) {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "tools/replay-serve.ts", ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { code: output.code, stdout: text(output.stdout), stderr: text(output.stderr) };
}

Deno.test("replay-serve: --help prints the usage; a bad option is a usage error, not a stack trace", async () => {
  const help = await replayServe("--help");
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^usage: deno run -A tools\/replay-serve\.ts \[--dir DIR\]/);
  for (
    const [args, message] of [
      [["--bogus"], /^replay-serve: Unknown option '--bogus'\nusage: /],
      [["--speed", "0"], /^replay-serve: --speed must be a number above 0, got 0\n$/],
      [["--oracle-time", "later"], /^replay-serve: --oracle-time is recorded or wall\n$/],
    ] as const
  ) {
    const refused = await replayServe(...args);
    assert.equal(refused.code, 2, args.join(" "));
    assert.match(refused.stderr, message);
    assert.doesNotMatch(refused.stderr, /\n\s+at /, "no stack trace");
  }
});
