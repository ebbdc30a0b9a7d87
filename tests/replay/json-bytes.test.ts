import assert from "node:assert/strict";
import { JsonBytes, JsonChunkWriter } from "../../src/replay/json-bytes.ts";

const encoder = new TextEncoder();

/** The chunks' bytes joined. */
function joined(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) out.set(chunk, (at += chunk.length) - chunk.length);
  return out;
}

/** Reads a stream to its end: its chunks, in order. */
async function chunksOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

Deno.test("JsonChunkWriter: text, bytes and plain text across many chunks come out as their UTF-8 bytes, in order", () => {
  const writer = new JsonChunkWriter();
  const expected: string[] = [];
  // Pieces of every kind and of lengths that cross chunk ends at every offset, multi-byte characters among them.
  for (let i = 0; i < 3000; i++) {
    const text = `"ünïcødé ✓ ${i} ${"x".repeat(i % 97)}",`;
    const plain = "So1" + "1".repeat(i % 61);
    const bytes = `{"n":${i}},`;
    writer.write(text);
    writer.writeBytes(encoder.encode(bytes));
    assert.equal(writer.writePlain(plain), true);
    expected.push(text, bytes, plain);
  }
  const chunks = writer.takeAll();
  assert.ok(chunks.length > 3, "several chunks");
  assert.ok(chunks.every((c) => c.length <= 64 * 1024));
  assert.deepEqual(joined(chunks), encoder.encode(expected.join("")));
  assert.deepEqual(writer.takeAll(), [], "taken: the writer is empty");
});

Deno.test("JsonChunkWriter: text that needs escaping is not written plain", () => {
  const writer = new JsonChunkWriter();
  for (const text of ['a"b', "a\\b", "ü", "tab\there"]) assert.equal(writer.writePlain(text), false);
  assert.deepEqual(writer.takeAll(), []);
});

Deno.test("JsonBytes: the text and the stream of a value, within an envelope, are the bytes its producer writes", async () => {
  const value = new JsonBytes(function* (out) {
    out.write("[");
    for (let i = 0; i < 20_000; i++) {
      out.write(`${i === 0 ? "" : ","}"ünï ${i}"`);
      if (out.hasFull) yield;
    }
    out.write("]");
  });
  const framed = value.within('{"jsonrpc":"2.0","result":', ',"id":7}');
  const text = framed.text;
  assert.equal(JSON.parse(text).result.length, 20_000);
  assert.equal(JSON.parse(text).id, 7);
  const chunks = await chunksOf(framed.stream());
  assert.ok(chunks.length > 1, "sent in several chunks");
  assert.equal(new TextDecoder().decode(joined(chunks)), text);
});

Deno.test("JsonBytes: a stream is written as it is read, and a cancelled one stops its producer", async () => {
  let written = 0;
  let finished = false;
  const value = new JsonBytes(function* (out) {
    try {
      for (let i = 0; i < 100_000; i++) {
        out.write(`"${"y".repeat(100)}",`);
        written++;
        if (out.hasFull) yield;
      }
    } finally {
      finished = true;
    }
  });
  const reader = value.stream().getReader();
  const first = await reader.read();
  assert.ok(first.value && first.value.length > 0);
  assert.ok(written < 100_000 / 10, `only what the first chunks hold is written (${written})`);
  await reader.cancel();
  assert.equal(finished, true);
  assert.ok(written < 100_000 / 10);
});
