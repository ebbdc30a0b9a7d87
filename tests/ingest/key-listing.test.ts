import assert from "node:assert/strict";
import { listedKeys, readListedKeys } from "../../src/ingest/key-listing.ts";

const bytes = (value: unknown) => new TextEncoder().encode(typeof value === "string" ? value : JSON.stringify(value));
const KEYS = [
  "11111111111111111111111111111111",
  "SysvarRent111111111111111111111111111111111",
  "Vote111111111111111111111111111111111111111",
];
const account = {
  data: ["", "base64"],
  executable: false,
  lamports: 2039280,
  owner: KEYS[0],
  rentEpoch: 0,
  space: 165,
};

Deno.test("listedKeys: the keys and context slot of a key listing, as JSON.parse reads them", () => {
  const answer = {
    jsonrpc: "2.0",
    result: { context: { apiVersion: "2.2.0", slot: 391240026 }, value: KEYS.map((pubkey) => ({ pubkey, account })) },
    id: 7,
  };
  assert.deepEqual(listedKeys(bytes(answer)), { keys: KEYS, slot: 391240026 });
});

Deno.test("listedKeys: field order within an entry and around the result does not matter", () => {
  const answer = `{"id":1,"jsonrpc":"2.0","result":{"context":{"slot":5},"value":[` +
    KEYS.map((pubkey) => `{"account":${JSON.stringify(account)},"pubkey":"${pubkey}"}`).join(",") + "]}}";
  assert.deepEqual(listedKeys(bytes(answer)), { keys: KEYS, slot: 5 });
});

Deno.test("listedKeys: an empty listing, and whitespace a pretty-printing RPC would send", () => {
  assert.deepEqual(listedKeys(bytes({ jsonrpc: "2.0", result: { context: { slot: 1 }, value: [] }, id: 1 })), {
    keys: [],
    slot: 1,
  });
  const pretty = JSON.stringify(
    { jsonrpc: "2.0", result: { context: { slot: 2 }, value: [{ pubkey: KEYS[1], account }] }, id: 1 },
    null,
    2,
  );
  assert.deepEqual(listedKeys(bytes(pretty)), { keys: [KEYS[1]], slot: 2 });
});

Deno.test("listedKeys: a JSON-RPC error is thrown as rpcResult throws it; a malformed answer is refused", () => {
  const error = { jsonrpc: "2.0", error: { code: -32010, message: "excluded from account secondary indexes" }, id: 1 };
  assert.throws(() => listedKeys(bytes(error)), /getProgramAccounts: -32010 excluded/);
  assert.throws(() => listedKeys(bytes('{"jsonrpc":"2.0","result":{"value":[]},"id":1}')), /no context slot/);
  assert.throws(
    () => listedKeys(bytes('{"jsonrpc":"2.0","result":{"context":{"slot":1},"value":[{"pubkey":"abc')),
    /unterminated/,
  );
  assert.throws(() => listedKeys(bytes("not json")), SyntaxError);
});

Deno.test("listedKeys: the keys hold nothing of the answer (fresh strings equal to the listed ones)", () => {
  const answer = bytes({
    jsonrpc: "2.0",
    result: { context: { slot: 3 }, value: [{ pubkey: KEYS[2], account }] },
    id: 1,
  });
  const { keys } = listedKeys(answer);
  answer.fill(0x20);
  assert.deepEqual(keys, [KEYS[2]]);
});

Deno.test("listedKeys: entries spaced otherwise than the envelope are still read (parsed whole)", () => {
  const answer = `{"jsonrpc":"2.0","result":{"context":{"slot":9},"value":[{ "pubkey" : "${
    KEYS[0]
  }", "account": {} }]},"id":1}`;
  assert.deepEqual(listedKeys(bytes(answer)), { keys: [KEYS[0]], slot: 9 });
});

Deno.test("listedKeys: an answer that is not ASCII (positions in text and bytes differ) is parsed whole", () => {
  const answer = {
    jsonrpc: "2.0",
    result: { context: { slot: 4, note: "ü" }, value: KEYS.map((pubkey) => ({ pubkey, account })) },
    id: 1,
  };
  assert.deepEqual(listedKeys(bytes(answer)), { keys: KEYS, slot: 4 });
});

Deno.test("listedKeys: a key name inside a string is not a key; an escaped key is refused", () => {
  const note = '"pubkey":"' + KEYS[2];
  const inString = `{"jsonrpc":"2.0","result":{"context":{"slot":6},"value":[{"pubkey":"${KEYS[0]}","account":{"note":${
    JSON.stringify(note)
  }}}]},"id":1}`;
  assert.deepEqual(listedKeys(bytes(inString)), { keys: [KEYS[0]], slot: 6 });
  const escaped = { jsonrpc: "2.0", result: { context: { slot: 8 }, value: [{ pubkey: 'a"b', account }] }, id: 1 };
  assert.throws(() => listedKeys(bytes(escaped)), /malformed response \(escaped pubkey\)/);
});

/** A body that arrives in the given pieces. */
function bodyOf(pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

Deno.test("readListedKeys: an answer cut anywhere, into pieces of any size, lists what the whole lists", async () => {
  const many = Array.from({ length: 40 }, (_, i) => KEYS[i % KEYS.length].slice(0, 30) + String(i).padStart(2, "0"));
  const answers = [
    { jsonrpc: "2.0", result: { context: { slot: 77 }, value: many.map((pubkey) => ({ pubkey, account })) }, id: 1 },
    { jsonrpc: "2.0", result: { context: { slot: 78 }, value: [] }, id: 1 },
    { jsonrpc: "2.0", error: { code: -32010, message: "excluded" }, id: 1 },
  ];
  for (const answer of answers) {
    const whole = bytes(answer);
    let expected: unknown;
    try {
      expected = listedKeys(whole);
    } catch (error) {
      expected = error;
    }
    for (const size of [1, 2, 3, 7, 9, 10, 11, 45, 64, 200]) {
      const pieces: Uint8Array[] = [];
      for (let at = 0; at < whole.length; at += size) pieces.push(whole.slice(at, at + size));
      const read = readListedKeys(bodyOf(pieces));
      if (expected instanceof Error) await assert.rejects(read, { message: expected.message });
      else assert.deepEqual(await read, expected, `pieces of ${size}`);
    }
  }
  assert.deepEqual((listedKeys(bytes(answers[0])) as { keys: string[] }).keys, many);
});

Deno.test("readListedKeys: a key cut short at the answer's end is refused, however the answer is cut", async () => {
  const truncated = bytes(
    `{"jsonrpc":"2.0","result":{"context":{"slot":1},"value":[{"pubkey":"${KEYS[0]}","account":{}},{"pubkey":"abc`,
  );
  for (const size of [1, 5, 64, truncated.length]) {
    const pieces: Uint8Array[] = [];
    for (let at = 0; at < truncated.length; at += size) pieces.push(truncated.slice(at, at + size));
    await assert.rejects(readListedKeys(bodyOf(pieces)), /unterminated/);
  }
});
