/** Plain JSON-RPC calls of the chain sources: the same answers as web3.js reads, and errors and limits like it. */
import assert from "node:assert/strict";
import { Connection, PublicKey } from "@solana/web3.js";
import { JsonRpcHttp } from "../../src/ingest/json-rpc-http.ts";
import type { RpcAccountJson } from "../../src/ingest/web3-internals.ts";
import { Replayer } from "../../src/replay/replayer.ts";
import { ReplayRpcServer } from "../../src/replay/rpc-server.ts";
import { K, PROGRAM, smallRecording } from "../replay/_helpers.ts";

Deno.test("JsonRpcHttp: answers, JSON-RPC errors, HTTP errors, time limit and the session's end", async (t) => {
  const replayer = new Replayer(smallRecording(), { mode: "virtual" });
  const server = await ReplayRpcServer.start({ state: replayer.chains.base });
  const session = new AbortController();
  const http = new JsonRpcHttp(server.url, session.signal, 300);
  try {
    await t.step("getMultipleAccounts answers the accounts web3.js reads", async () => {
      const keys = [K.pool, K.basketA, K.mint];
      const res = await http.call<{ context: { slot: number }; value: (RpcAccountJson | null)[] }>(
        "getMultipleAccounts",
        [keys, { encoding: "base64" }],
      );
      const viaWeb3 = await new Connection(server.url).getMultipleAccountsInfo(keys.map((k) => new PublicKey(k)));
      assert.equal(res.context.slot, replayer.chains.base.slot);
      assert.equal(res.value.length, keys.length);
      res.value.forEach((account, i) => {
        const expected = viaWeb3[i];
        assert.ok(account && expected);
        assert.deepEqual(Uint8Array.fromBase64(account.data[0]), Uint8Array.from(expected.data));
        assert.equal(account.owner, expected.owner.toBase58());
        assert.equal(account.lamports, expected.lamports);
      });
    });
    await t.step("callKeyListing lists the keys the RPC holds, and its slot, as it is read", async () => {
      const listing = await http.callKeyListing("getProgramAccounts", [PROGRAM, {
        encoding: "base64",
        withContext: true,
        dataSlice: { offset: 0, length: 0 },
      }]);
      const viaWeb3 = await new Connection(server.url).getProgramAccounts(new PublicKey(PROGRAM));
      assert.ok(viaWeb3.length > 0);
      assert.deepEqual(listing, { keys: viaWeb3.map((a) => a.pubkey.toBase58()), slot: replayer.chains.base.slot });
    });
    await t.step("callValueArray answers what call answers, and throws what it throws", async () => {
      const params = [[K.pool, K.basketA, K.mint, K.mint], { encoding: "base64" }];
      assert.deepEqual(
        await http.callValueArray("getMultipleAccounts", params),
        await http.call("getMultipleAccounts", params),
      );
      server.failMethod("getMultipleAccounts", { code: -32005, message: "Node is behind" });
      await assert.rejects(
        http.callValueArray("getMultipleAccounts", params),
        /getMultipleAccounts: -32005 Node is behind/,
      );
      server.failMethod("getMultipleAccounts", undefined);
    });
    await t.step("streamValueArray hands over the entries call answers, in order, after the envelope", async () => {
      const params = [PROGRAM, { encoding: "base64", withContext: true }];
      const whole = await http.call<{ context: { slot: number }; value: unknown[] }>("getProgramAccounts", params);
      assert.ok(whole.value.length > 0);
      const entries: unknown[] = [];
      let slot: unknown;
      const streamed = await http.streamValueArray<{ context: { slot: number }; value: unknown[] }>(
        "getProgramAccounts",
        params,
        {
          envelope: (head) => slot = (head as { result: { context: { slot: number } } }).result.context.slot,
          element: (entry) => entries.push(entry),
        },
      );
      assert.equal(slot, whole.context.slot);
      assert.deepEqual(entries, whole.value);
      assert.deepEqual(streamed, { ...whole, value: [] });
      server.failMethod("getProgramAccounts", { code: -32010, message: "excluded from account secondary indexes" });
      await assert.rejects(
        http.streamValueArray("getProgramAccounts", params, { envelope() {}, element() {} }),
        /getProgramAccounts: -32010 excluded/,
      );
      server.failMethod("getProgramAccounts", undefined);
    });
    await t.step("a JSON-RPC error is thrown as method: code message", async () => {
      server.failMethod("getSlot", { code: -32005, message: "Node is behind" });
      await assert.rejects(http.call("getSlot", []), /getSlot: -32005 Node is behind/);
      server.failMethod("getSlot", undefined);
      assert.equal(await http.call<number>("getSlot", []), replayer.chains.base.slot);
    });
    await t.step("an HTTP error status is thrown with the status and the body", async () => {
      server.failHttp(503);
      await assert.rejects(http.call("getSlot", []), /^Error: 503 Service Unavailable: unavailable$/);
      await assert.rejects(http.callKeyListing("getSlot", []), /^Error: 503 Service Unavailable: unavailable$/);
      server.failHttp(undefined);
    });
    await t.step("a call past the time limit, or when the session ends, is aborted", async () => {
      server.stallHttp(true);
      await assert.rejects(http.call("getSlot", []), /request after 300 ms/);
      const pending = http.call("getSlot", []);
      session.abort(new Error("session over"));
      await assert.rejects(pending, /session over/);
      server.stallHttp(false);
    });
  } finally {
    server.stallHttp(false);
    await server.stop();
  }
});

Deno.test("JsonRpcHttp.callValueArray: an answer of many network chunks reads as JSON.parse reads it whole", async () => {
  // 4,000 accounts of 600 bytes (about 3.6 MB), a multi-byte owner now and then: pieces end inside elements, strings
  // and characters.
  const data = btoa(String.fromCharCode(...Array.from({ length: 600 }, (_, i) => (i * 7) & 255)));
  const value = Array.from({ length: 4000 }, (_, i) =>
    i % 13 === 5 ? null : {
      data: [data, "base64"],
      executable: false,
      lamports: 2039280 + i,
      owner: i % 7 === 3 ? "é中\u{1F600}".repeat(i % 5) : PROGRAM,
      rentEpoch: 18446744073709552000,
      space: 600,
    });
  const body = JSON.stringify({ jsonrpc: "2.0", result: { context: { apiVersion: "2.2.0", slot: 9 }, value }, id: 1 });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    await req.body?.cancel();
    return new Response(body, { headers: { "content-type": "application/json" } });
  });
  try {
    const http = new JsonRpcHttp(`http://127.0.0.1:${server.addr.port}`, new AbortController().signal, 5000);
    assert.deepEqual(await http.callValueArray("getMultipleAccounts", [[], {}]), JSON.parse(body).result);
  } finally {
    await server.shutdown();
  }
});

/** A server answering every POST with `pieces`, `gapMs` apart; a `null` piece leaves the answer hanging there. */
function trickleServer(pieces: (string | null)[], gapMs: number) {
  return Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    await req.body?.cancel();
    const encoder = new TextEncoder();
    let next = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (next === pieces.length) return controller.close();
        const piece = pieces[next++];
        if (piece === null) return await new Promise<void>(() => {}); // never another byte
        await new Promise((resolve) => timer = setTimeout(resolve, next === 1 ? 0 : gapMs));
        controller.enqueue(encoder.encode(piece));
      },
      cancel: () => clearTimeout(timer),
    });
    return new Response(body, { headers: { "content-type": "application/json" } });
  });
}

Deno.test("JsonRpcHttp.streamValueArray: its time limit runs between pieces, not over the whole answer", async () => {
  const entries = Array.from({ length: 6 }, (_, i) => JSON.stringify({ pubkey: `k${i}`, account: null }));
  const head = `{"jsonrpc":"2.0","result":{"context":{"slot":5},"value":[`;
  // Eight pieces 100 ms apart: about 0.7 s in all, over the 400 ms limit, never 400 ms without a byte (the margin is
  // wide: a loaded machine's timers run late).
  const steady = trickleServer([head, ...entries.map((e, i) => (i === 0 ? "" : ",") + e), ']},"id":1}'], 100);
  // The same answer, silent after its third entry.
  const stalled = trickleServer([head, entries[0], "," + entries[1], "," + entries[2], null], 100);
  try {
    const read: unknown[] = [];
    const sink = { envelope() {}, element: (entry: unknown) => read.push(entry) };
    const steadyHttp = new JsonRpcHttp(`http://127.0.0.1:${steady.addr.port}`, new AbortController().signal, 400);
    const started = performance.now();
    assert.deepEqual(await steadyHttp.streamValueArray("getProgramAccounts", [], sink), {
      context: { slot: 5 },
      value: [],
    });
    assert.ok(performance.now() - started > 400, "the answer took longer than the limit");
    assert.deepEqual(read, entries.map((e) => JSON.parse(e)));
    read.length = 0;
    const stalledHttp = new JsonRpcHttp(`http://127.0.0.1:${stalled.addr.port}`, new AbortController().signal, 400);
    await assert.rejects(stalledHttp.streamValueArray("getProgramAccounts", [], sink), /request silent after 400 ms/);
    assert.equal(read.length, 2, "the entries before the silence were handed over");
  } finally {
    await Promise.all([steady.shutdown(), stalled.shutdown()]);
  }
});
