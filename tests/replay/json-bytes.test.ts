import assert from "node:assert/strict";
import { JsonBytes, JsonBytesWriter } from "../../src/replay/json-bytes.ts";

Deno.test("JsonBytesWriter: pieces written past its first buffer come out as their UTF-8 text, in order", () => {
  const writer = new JsonBytesWriter(8);
  const pieces = ['{"a":[', '"ünïcødé ✓"', ",", '"' + "x".repeat(1000) + '"', "]}"];
  for (const piece of pieces) writer.write(piece);
  const expected = pieces.join("");
  assert.deepEqual(writer.bytes(), new TextEncoder().encode(expected));
  assert.equal(new JsonBytes(writer.bytes()).text, expected);
  assert.deepEqual(JSON.parse(new JsonBytes(writer.bytes()).text), { a: ["ünïcødé ✓", "x".repeat(1000)] });
});

Deno.test("JsonBytesWriter: nothing written is no bytes", () => {
  assert.equal(new JsonBytesWriter().bytes().length, 0);
});
