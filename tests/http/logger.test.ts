/** Structured logs: one JSON line per entry, gathered for stdout and written once per event-loop turn. */
import assert from "node:assert/strict";
import { bufferedConsole, createLogger } from "../../src/http/logger.ts";

function recorder() {
  const writes: string[] = [];
  const decoder = new TextDecoder();
  return {
    writes,
    // Takes at most 10 bytes a call, as a pipe may, so writing everything takes several calls.
    target: { writeSync: (p: Uint8Array) => (writes.push(decoder.decode(p.subarray(0, 10))), Math.min(10, p.length)) },
    text: () => writes.join(""),
  };
}

Deno.test("buffered console: info lines wait for the timer and leave in one write (however many calls)", async () => {
  const out = recorder();
  const err = recorder();
  const sink = bufferedConsole(out.target, err.target, 1);
  sink.write('{"n":1}', "info");
  sink.write('{"n":2}', "debug");
  assert.equal(out.text(), "", "nothing written during the turn");
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(out.text(), '{"n":1}\n{"n":2}\n');
  sink.write('{"n":3}', "info");
  sink.write('{"w":1}', "warn");
  assert.equal(out.text(), '{"n":1}\n{"n":2}\n{"n":3}\n', "a warning first writes out what stdout holds");
  assert.equal(err.text(), '{"w":1}\n');
  sink.write("x".repeat(70 * 1024), "info");
  assert.equal(out.text().length, 3 * 8 + 70 * 1024 + 1, "64 KiB held are written at once");
  sink.write('{"n":4}', "info");
  sink.flush();
  assert.ok(out.text().endsWith('{"n":4}\n'));
});

Deno.test("logger lines: plain fields as they are, bigints and errors through the replacer, level threshold", () => {
  const lines: string[] = [];
  const logger = createLogger({ level: "info", write: (line) => lines.push(line), now: () => 0 });
  logger.debug("hidden");
  logger.info("plain", { a: "x", b: 1, c: true, d: null, e: undefined });
  logger.info("rich", { big: 12n, error: new TypeError("boom") });
  assert.equal(lines.length, 2);
  assert.deepEqual(JSON.parse(lines[0]), {
    time: "1970-01-01T00:00:00.000Z",
    level: "info",
    msg: "plain",
    a: "x",
    b: 1,
    c: true,
    d: null,
  });
  const rich = JSON.parse(lines[1]);
  assert.equal(rich.big, "12");
  assert.equal(rich.error.name, "TypeError");
  assert.equal(rich.error.message, "boom");
  assert.equal(logger.enabled("debug"), false);
  logger.flush();
});

Deno.test("logger lines: no fields, only undefined fields, and a field named like a head key all stay one JSON object", () => {
  const lines: string[] = [];
  const logger = createLogger({ level: "info", write: (line) => lines.push(line), now: () => 1_000 });
  logger.info("bare");
  logger.info("empty", { gone: undefined });
  logger.info('quote " and \\ in msg', { path: '/a"b\\c\n' });
  logger.info("clash", { msg: "field wins", level: "x" });
  assert.deepEqual(lines.map((line) => JSON.parse(line)), [
    { time: "1970-01-01T00:00:01.000Z", level: "info", msg: "bare" },
    { time: "1970-01-01T00:00:01.000Z", level: "info", msg: "empty" },
    { time: "1970-01-01T00:00:01.000Z", level: "info", msg: 'quote " and \\ in msg', path: '/a"b\\c\n' },
    { time: "1970-01-01T00:00:01.000Z", level: "x", msg: "field wins" },
  ]);
});

Deno.test("logger lines: fields serialized by the caller join the head as one JSON object, under the threshold too", () => {
  const lines: string[] = [];
  const logger = createLogger({ level: "info", write: (line) => lines.push(line), now: () => 0 });
  logger.serialized("debug", "hidden", '"a":1');
  logger.serialized("info", "request", '"a":1,"b":"x"');
  logger.serialized("info", "none", "");
  logger.serialized("error", "none", "");
  logger.serialized("info", "request", '"a":2');
  assert.deepEqual(lines.map((line) => JSON.parse(line)), [
    { time: "1970-01-01T00:00:00.000Z", level: "info", msg: "request", a: 1, b: "x" },
    { time: "1970-01-01T00:00:00.000Z", level: "info", msg: "none" },
    { time: "1970-01-01T00:00:00.000Z", level: "error", msg: "none" },
    { time: "1970-01-01T00:00:00.000Z", level: "info", msg: "request", a: 2 },
  ]);
});

Deno.test("logger: the time field is the instant's ISO text across millisecond and second changes", () => {
  let now = 0;
  const lines: string[] = [];
  const logger = createLogger({ level: "info", write: (line) => lines.push(line), now: () => now });
  const instants = [
    0,
    5,
    45,
    999,
    1_000,
    1_001,
    1_795_444_479_206,
    1_795_444_479_999,
    1_795_444_480_000,
    1_795_444_480_010.7,
  ];
  for (const instant of [...instants, 1_000, -1, -1_001]) {
    now = instant;
    logger.info("tick");
    assert.equal(JSON.parse(lines.at(-1)!).time, new Date(Math.floor(instant)).toISOString(), String(instant));
  }
});
