import assert from "node:assert/strict";
import { DeadlineSweep, HttpConnectionDeadline, type HttpPhase } from "../../../src/http/connections/deadlines.ts";

const TIMEOUTS = { headersMs: 100, requestMs: 200, writeMs: 300, keepAliveMs: 50 };

function harness() {
  let now = 1_000;
  const sweep = new DeadlineSweep(() => now, 60_000);
  const expired: HttpPhase[] = [];
  const deadline = new HttpConnectionDeadline(sweep, TIMEOUTS, (phase) => expired.push(phase));
  sweep.add(deadline);
  const at = (ms: number) => {
    now = ms;
    sweep.sweep();
  };
  return { sweep, deadline, expired, at, stop: () => sweep.stop() };
}

Deno.test("deadlines: a connection that sends no request is expired in the headers phase", () => {
  const h = harness();
  h.at(1_099);
  assert.deepEqual(h.expired, []);
  h.at(1_100);
  assert.deepEqual(h.expired, ["headers"]);
  h.at(5_000);
  assert.deepEqual(h.expired, ["headers"], "once: it left the sweep");
  h.stop();
});

Deno.test("deadlines: each phase moves the deadline by its own timeout, from the sweep's clock", () => {
  const h = harness();
  h.at(1_050);
  h.deadline.requestStarted();
  assert.equal(h.deadline.deadlineAt, 1_250);
  h.at(1_240);
  h.deadline.answered();
  assert.equal(h.deadline.deadlineAt, 1_540);
  h.deadline.completed();
  assert.equal(h.deadline.phase, "keepAlive");
  assert.equal(h.deadline.deadlineAt, 1_290);
  h.at(1_290);
  assert.deepEqual(h.expired, ["keepAlive"]);
  h.stop();
});

Deno.test("deadlines: a body that never comes expires the request phase; an unread answer the write phase", () => {
  const slowBody = harness();
  slowBody.deadline.requestStarted();
  slowBody.at(1_200);
  assert.deepEqual(slowBody.expired, ["request"]);
  slowBody.stop();
  const slowReader = harness();
  slowReader.deadline.requestStarted();
  slowReader.deadline.answered();
  slowReader.at(1_300);
  assert.deepEqual(slowReader.expired, ["write"]);
  slowReader.stop();
});

Deno.test("deadlines: an answer after its request ended does not reopen the write phase", () => {
  const h = harness();
  h.deadline.requestStarted();
  h.deadline.completed(); // the client went away before the answer
  h.deadline.answered();
  assert.equal(h.deadline.phase, "keepAlive");
  h.stop();
});
