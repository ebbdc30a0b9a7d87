/** The steady state's shared state: reload requests and the socket watchdog's readings. */
import assert from "node:assert/strict";
import { ReloadRequest, SocketLiveness } from "../../src/ingest/periodic-tasks.ts";

Deno.test("a reload request is taken once; a retry asks again without waking the task", () => {
  const r = new ReloadRequest();
  let wakes = 0;
  r.waker = () => wakes++;
  assert.equal(r.take(), false);
  r.request();
  assert.equal(wakes, 1);
  assert.equal(r.take(), true);
  assert.equal(r.take(), false);
  r.retry();
  assert.equal(wakes, 1);
  assert.equal(r.take(), true);
  r.waker = undefined;
  r.request(); // no task to wake: still asked for
  assert.equal(r.take(), true);
});

Deno.test("the socket's liveness: the highest slot heard, and when", () => {
  const s = new SocketLiveness();
  const before = Date.now();
  s.heard(12);
  s.heard(10);
  assert.equal(s.slot, 12);
  assert.ok(s.lastHeardWallMs >= before);
});
