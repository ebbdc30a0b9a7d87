/** A large value array parsed as it arrives: what JSON.parse makes of the whole answer, however the text is cut. */
import assert from "node:assert/strict";
import fc from "fast-check";
import { type ElementSink, readValueArrayAnswer, ValueArrayAnswer } from "../../src/ingest/value-array-answer.ts";

/** `reader` fed `text` in pieces cut at `cuts` (character offsets). */
function fed(reader: ValueArrayAnswer, text: string, cuts: number[]): unknown {
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    reader.push(text.slice(from, cut));
    from = cut;
  }
  reader.push(text.slice(from));
  return reader.end();
}

type Answer = { result?: { value?: unknown } } | null;

/**
 * A sink that checks the order it is told things in (one envelope, with an empty value array, before any element) and
 * gathers the elements.
 */
function checkingSink(): ElementSink & { elements: unknown[] } {
  let envelopes = 0;
  const elements: unknown[] = [];
  return {
    elements,
    envelope(head) {
      assert.equal(elements.length, 0, "the envelope comes before the elements");
      assert.deepEqual((head as Answer)?.result?.value, []);
      envelopes++;
    },
    element(value) {
      assert.equal(envelopes, 1, "an element after one envelope");
      elements.push(value);
    },
  };
}

/** The answer with the elements a sink was handed put back into its (empty) value array. */
function withElements(answer: unknown, elements: unknown[]): unknown {
  const result = (answer as Answer)?.result;
  if (!Array.isArray(result?.value)) return answer;
  assert.deepEqual(result.value, [], "the value array comes back empty");
  result.value = elements;
  return answer;
}

/**
 * The answer fed in pieces cut at `cuts`, read both ways: gathered, and handed element by element to a sink. Both must
 * make the same of it, or both refuse it.
 */
function parsedInPieces(text: string, cuts: number[]): unknown {
  const sink = checkingSink();
  const ways = [
    () => fed(new ValueArrayAnswer(), text, cuts),
    () => withElements(fed(new ValueArrayAnswer(sink), text, cuts), sink.elements),
  ];
  const results = ways.map((read) => {
    try {
      return { value: read() };
    } catch (error) {
      return { error };
    }
  });
  const [gathered, handed] = results;
  if ("error" in gathered || "error" in handed) {
    assert.ok("error" in gathered && "error" in handed, "both ways refuse the text, or neither");
    throw gathered.error;
  }
  assert.deepEqual(handed.value, gathered.value, "a sink is handed what is gathered");
  return gathered.value;
}

/** Every way of cutting `text` in two, and in three around its middle. */
function assertSameInAnyPieces(text: string): void {
  const whole = JSON.parse(text);
  for (let i = 0; i <= text.length; i++) assert.deepEqual(parsedInPieces(text, [i]), whole, `cut at ${i}`);
  const mid = text.length >> 1;
  for (let i = 0; i <= mid; i++) assert.deepEqual(parsedInPieces(text, [i, mid]), whole, `cut at ${i}, ${mid}`);
}

const ACCOUNT = {
  data: ["AQIDBAUGBwgJCgsMDQ4PEA==", "base64"],
  executable: false,
  lamports: 2039280,
  owner: "11111111111111111111111111111111",
  rentEpoch: 18446744073709552000,
  space: 16,
};

const answer = (value: unknown[], result: Record<string, unknown> = {}) =>
  JSON.stringify({
    jsonrpc: "2.0",
    result: { context: { apiVersion: "2.2.0", slot: 391240026 }, value, ...result },
    id: 3,
  });

Deno.test("ValueArrayAnswer: a getMultipleAccounts answer, cut anywhere, reads as JSON.parse reads it whole", () => {
  assertSameInAnyPieces(answer([ACCOUNT, null, { ...ACCOUNT, lamports: 1 }, null]));
});

Deno.test("ValueArrayAnswer: a getProgramAccounts answer (each entry nests its account), cut anywhere", () => {
  assertSameInAnyPieces(answer([
    { pubkey: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin", account: ACCOUNT },
    { pubkey: "11111111111111111111111111111111", account: { ...ACCOUNT, lamports: 5 } },
  ]));
});

Deno.test("ValueArrayAnswer: strings holding quotes, backslashes, brackets and commas do not end an element", () => {
  const tricky = ['a"b', "c\\", '\\"', "],[", "{,}", "\\\\\\", "é中\u{1F600}", "\u0000\n\t"];
  assertSameInAnyPieces(answer([{ ...ACCOUNT, owner: tricky[0] }, tricky, { nested: { deeper: [tricky, {}] } }]));
});

Deno.test("ValueArrayAnswer: empty arrays, any key order, spacing a pretty-printing RPC sends", () => {
  assertSameInAnyPieces(answer([]));
  assertSameInAnyPieces(`{"id":9,"result":{"value":[ ] , "context":{"slot":1}},"jsonrpc":"2.0"}`);
  assertSameInAnyPieces(
    JSON.stringify({ jsonrpc: "2.0", result: { context: { slot: 2 }, value: [ACCOUNT, null] } }, null, 2),
  );
  assertSameInAnyPieces(`{"result":{"context":{"slot":4},"value" : [ 1 , [2,3] , {"a":[]} ]}}`);
});

Deno.test("ValueArrayAnswer: an answer of another shape is read whole", () => {
  // A JSON-RPC error, a value array that is not the result's, a value array inside a string of the envelope.
  assertSameInAnyPieces(`{"jsonrpc":"2.0","error":{"code":-32005,"message":"Node is behind"},"id":1}`);
  assertSameInAnyPieces(`{"jsonrpc":"2.0","error":{"data":{"value":[1,2]},"code":1},"id":1}`);
  assertSameInAnyPieces(`{"jsonrpc":"2.0","result":{"context":{"note":"\\"value\\":[","slot":1},"value":[1]},"id":1}`);
  assertSameInAnyPieces(`{"x":{"value":[1,2]},"result":{"context":{"slot":1},"value":[3]}}`);
});

Deno.test("ValueArrayAnswer: text JSON.parse refuses is refused, however it is cut", () => {
  const bad = [
    `{"result":{"context":{"slot":1},"value":[1,]}}`,
    `{"result":{"context":{"slot":1},"value":[,1]}}`,
    `{"result":{"context":{"slot":1},"value":[1,,2]}}`,
    `{"result":{"context":{"slot":1},"value":[1 2]}}`,
    `{"result":{"context":{"slot":1},"value":[{"a":1]}}`,
    `{"result":{"context":{"slot":1},"value":[1]}`,
    `{"result":{"context":{"slot":1},"value":[1,2`,
    `{"result":{"context":{"slot":1},"value":["abc]}}`,
    `{"result":{"context":{"slot":1},"value":[1]}}x`,
  ];
  for (const text of bad) {
    assert.throws(() => JSON.parse(text), SyntaxError, text);
    for (let i = 0; i <= text.length; i++) {
      assert.throws(() => parsedInPieces(text, [i]), SyntaxError, `${text} cut at ${i}`);
    }
  }
});

Deno.test("ValueArrayAnswer: any JSON value array, cut at random, reads as JSON.parse reads it whole", () => {
  fc.assert(
    fc.property(
      fc.array(fc.jsonValue()),
      fc.boolean(),
      fc.array(fc.nat(), { maxLength: 12 }),
      (value, pretty, cutSeeds) => {
        const text = JSON.stringify(
          { jsonrpc: "2.0", result: { context: { slot: 7 }, value }, id: 1 },
          null,
          pretty ? 1 : undefined,
        );
        const cuts = cutSeeds.map((seed) => seed % (text.length + 1));
        assert.deepEqual(parsedInPieces(text, cuts), JSON.parse(text));
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("ValueArrayAnswer: objects whose strings and nested objects hold `},` and `}]`, cut at random", () => {
  const brackety = fc.string({ unit: fc.constantFrom("}", ",", "]", "{", "[", '"', "\\", "a", " ") });
  const element = fc.oneof(
    fc.dictionary(brackety, brackety),
    fc.dictionary(brackety, fc.dictionary(brackety, fc.oneof(brackety, fc.constant(null)))),
    fc.record({ data: fc.tuple(brackety, fc.constant("base64")), lamports: fc.nat(), owner: brackety }),
    fc.constant(null),
  );
  fc.assert(
    fc.property(fc.array(element), fc.array(fc.nat(), { maxLength: 12 }), (value, cutSeeds) => {
      const text = answer(value);
      const cuts = cutSeeds.map((seed) => seed % (text.length + 1));
      assert.deepEqual(parsedInPieces(text, cuts), JSON.parse(text));
    }),
    { numRuns: 1000 },
  );
});

/** A byte stream that hands out `bytes` in chunks of `chunkBytes`, as a fetch body does. */
function byteStream(bytes: Uint8Array, chunkBytes: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    type: "bytes",
    pull(controller) {
      if (at < bytes.length) return controller.enqueue(bytes.slice(at, at += chunkBytes));
      controller.close();
      controller.byobRequest?.respond(0); // a reader waiting with its own buffer learns of the end
    },
  });
}

Deno.test("readValueArrayAnswer: a body of many pieces, multi-byte characters across their ends, reads as the whole", async () => {
  // About 300 KB, a character of 2, 3 or 4 bytes every few bytes: the 64 KiB pieces end inside characters.
  const owners = ["é中\u{1F600}", "中\u{1F600}é", "\u{1F600}é中"];
  const text = answer(Array.from({ length: 3000 }, (_, i) => ({ ...ACCOUNT, owner: owners[i % 3].repeat(i % 7) })));
  const bytes = new TextEncoder().encode(text);
  assert.ok(bytes.length > 4 * 64 * 1024);
  for (const chunkBytes of [1000, 65536, 100_000, bytes.length]) {
    assert.deepEqual(await readValueArrayAnswer(byteStream(bytes, chunkBytes)), JSON.parse(text), `${chunkBytes}`);
    // A stream of chunks that is not a byte stream (no reading into the reader's own buffer): its chunks are cut.
    const chunks = ReadableStream.from(
      Array.from(
        { length: Math.ceil(bytes.length / chunkBytes) },
        (_, i) => bytes.slice(i * chunkBytes, (i + 1) * chunkBytes),
      ),
    );
    assert.deepEqual(await readValueArrayAnswer(chunks), JSON.parse(text), `${chunkBytes}, not a byte stream`);
  }
});

Deno.test("readValueArrayAnswer: a short answer, a JSON-RPC error, an empty body, a truncated one", async () => {
  const short = answer([ACCOUNT, null]);
  assert.deepEqual(await readValueArrayAnswer(byteStream(new TextEncoder().encode(short), 7)), JSON.parse(short));
  const error = `{"jsonrpc":"2.0","error":{"code":-32005,"message":"Node is behind"},"id":1}`;
  assert.deepEqual(await readValueArrayAnswer(byteStream(new TextEncoder().encode(error), 7)), JSON.parse(error));
  await assert.rejects(readValueArrayAnswer(byteStream(new Uint8Array(), 1)), SyntaxError);
  const long = new TextEncoder().encode(answer(Array.from({ length: 1000 }, () => ACCOUNT)));
  await assert.rejects(readValueArrayAnswer(byteStream(long.slice(0, -20), 4096)), /inside the value array/);
});

Deno.test("readValueArrayAnswer with a sink: elements handed over as they come, in one piece or many", async () => {
  const pieces = { one: 0, many: 0 };
  for (const [name, chunkBytes] of [["one", 1 << 20], ["many", 4096]] as const) {
    const text = answer(
      Array.from({ length: 200 }, (_, i) => ({ pubkey: `key${i}`, account: { ...ACCOUNT, lamports: i } })),
    );
    const sink = checkingSink();
    const read = await readValueArrayAnswer(
      byteStream(new TextEncoder().encode(text), chunkBytes),
      sink,
      () => pieces[name]++,
    );
    assert.deepEqual(withElements(read, sink.elements), JSON.parse(text), name);
    assert.equal(sink.elements.length, 200);
  }
  assert.equal(pieces.one, 1);
  assert.ok(pieces.many > 5, `a piece at a time (${pieces.many})`);
  // Nothing is handed over from an error answer; a truncated answer hands over what it held, then is refused.
  const error = `{"jsonrpc":"2.0","error":{"code":-32005,"message":"Node is behind"},"id":1}`;
  const sink = checkingSink();
  assert.deepEqual(await readValueArrayAnswer(byteStream(new TextEncoder().encode(error), 7), sink), JSON.parse(error));
  assert.equal(sink.elements.length, 0);
  const long = new TextEncoder().encode(answer(Array.from({ length: 1000 }, () => ACCOUNT)));
  await assert.rejects(
    readValueArrayAnswer(byteStream(long.slice(0, -20), 4096), checkingSink()),
    /inside the value array/,
  );
});
