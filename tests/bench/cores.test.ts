/** Where the load generator runs (bench/cores.ts): the plan per machine, and a command started on it. */
import assert from "node:assert/strict";
import { describeCores, onCores, planCores, tasksetAvailable } from "../../bench/cores.ts";
import { parseBenchArgs } from "../../bench/args.ts";

Deno.test("core plan: the load generator on the last core; none where it cannot be", () => {
  assert.equal(planCores(2, true, true), "1");
  assert.equal(planCores(8, true, true), "7");
  assert.equal(planCores(1, true, true), undefined, "one core: the load generator would have none of its own");
  assert.equal(planCores(4, false, true), undefined, "--no-pin");
  assert.equal(planCores(4, true, false), undefined, "no taskset");
  assert.match(
    describeCores(planCores(2, true, true)),
    /load generator pinned to CPU 1, servers left to the scheduler/,
  );
  assert.match(describeCores(undefined), /not pinned/);
});

Deno.test("bench options: pinned unless --no-pin", () => {
  const defaults = parseBenchArgs([]);
  const unpinned = parseBenchArgs(["--no-pin"]);
  assert.ok(defaults !== "help" && unpinned !== "help");
  assert.equal(defaults.pin, true);
  assert.equal(unpinned.pin, false);
});

Deno.test("a command started on a CPU list runs there, as its own process; unpinned it is left as it is", async () => {
  assert.deepEqual(onCores("wrk", ["-v"], undefined), ["wrk", ["-v"]]);
  assert.ok(await tasksetAvailable(), "taskset (util-linux) is on every Debian machine the bench runs on");
  const [command, args] = onCores("sh", ["-c", "grep Cpus_allowed_list /proc/self/status; echo $$"], "0");
  const child = new Deno.Command(command, { args, stdout: "piped" }).spawn();
  const [allowed, pid] = new TextDecoder().decode((await child.output()).stdout).trim().split("\n");
  assert.match(allowed, /^Cpus_allowed_list:\s+0$/);
  // taskset becomes the command: the pid the bench reads CPU time and memory of is the command's.
  assert.equal(Number(pid), child.pid);
});
