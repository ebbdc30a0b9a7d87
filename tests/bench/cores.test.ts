/** Where the load generator runs (bench/cores.ts): the pinning per machine, and a command started on it. */
import assert from "node:assert/strict";
import { corePinning, describeCores, onCores, pinMainThread, tasksetAvailable } from "../../bench/cores.ts";
import { parseBenchArgs } from "../../bench/args.ts";

Deno.test("core pinning: the load generator on the last core, the servers' main threads on the first; none where it cannot be", () => {
  assert.deepEqual(corePinning(2, true, true), { loadGenerator: "1", serverMainThread: "0" });
  assert.deepEqual(corePinning(8, true, true), { loadGenerator: "7", serverMainThread: "0" });
  assert.equal(corePinning(1, true, true), undefined, "one core: the load generator would have none of its own");
  assert.equal(corePinning(4, false, true), undefined, "--no-pin");
  assert.equal(corePinning(4, true, false), undefined, "no taskset");
  assert.match(
    describeCores(corePinning(2, true, true)),
    /load generator pinned to CPU 1, servers' main threads to CPU 0/,
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

Deno.test("pinning a process's main thread leaves its other threads where they were", async () => {
  // A Deno process has helper threads from its start (V8's workers); the one with the process's id serves requests.
  const child = new Deno.Command(Deno.execPath(), {
    args: ["eval", "await new Promise((r) => setTimeout(r, 30_000))"],
    stdout: "null",
    stderr: "null",
  }).spawn();
  try {
    const allowed = (tid: number) =>
      /Cpus_allowed_list:\s+(\S+)/.exec(Deno.readTextFileSync(`/proc/${child.pid}/task/${tid}/status`))?.[1];
    const threads = () => [...Deno.readDirSync(`/proc/${child.pid}/task`)].map((e) => Number(e.name));
    const deadline = Date.now() + 10_000;
    while (threads().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const before = new Map(threads().map((tid) => [tid, allowed(tid)]));
    assert.ok(before.size >= 2, "a Deno process runs helper threads");
    await pinMainThread(child.pid, "0");
    assert.equal(allowed(child.pid), "0");
    for (const [tid, cpus] of before) if (tid !== child.pid) assert.equal(allowed(tid), cpus, `thread ${tid}`);
    await pinMainThread(child.pid, undefined); // no pinning: nothing happens
    assert.equal(allowed(child.pid), "0");
  } finally {
    child.kill("SIGKILL");
    await child.status;
  }
});
