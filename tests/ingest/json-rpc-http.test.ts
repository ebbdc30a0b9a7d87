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
