/** Plain JSON-RPC calls of the chain sources: the same answers as web3.js reads, and errors and limits like it. */
import assert from "node:assert/strict";
import { Connection, PublicKey } from "@solana/web3.js";
import { JsonRpcHttp } from "../../src/ingest/json-rpc-http.ts";
import type { RpcAccountJson } from "../../src/ingest/web3-internals.ts";
import { Replayer } from "../../src/replay/replayer.ts";
import { ReplayRpcServer } from "../../src/replay/rpc-server.ts";
import { K, PROGRAM, smallRecording } from "../replay/_helpers.ts";
import { listedKeys } from "../../src/ingest/key-listing.ts";

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
    await t.step(
      "callBytes answers the call's bytes; a key listing read from them lists what the RPC holds",
      async () => {
        const listing = await http.callBytes("getProgramAccounts", [PROGRAM, {
          encoding: "base64",
          withContext: true,
          dataSlice: { offset: 0, length: 0 },
        }]);
        const parsed = JSON.parse(new TextDecoder().decode(listing));
        const viaWeb3 = await new Connection(server.url).getProgramAccounts(new PublicKey(PROGRAM));
        assert.ok(viaWeb3.length > 0);
        assert.deepEqual(listedKeys(listing), {
          keys: viaWeb3.map((a) => a.pubkey.toBase58()),
          slot: parsed.result.context.slot,
        });
      },
    );
    await t.step("a JSON-RPC error is thrown as method: code message", async () => {
      server.failMethod("getSlot", { code: -32005, message: "Node is behind" });
      await assert.rejects(http.call("getSlot", []), /getSlot: -32005 Node is behind/);
      server.failMethod("getSlot", undefined);
      assert.equal(await http.call<number>("getSlot", []), replayer.chains.base.slot);
    });
    await t.step("an HTTP error status is thrown with the status and the body", async () => {
      server.failHttp(503);
      await assert.rejects(http.call("getSlot", []), /^Error: 503 Service Unavailable: unavailable$/);
      await assert.rejects(http.callBytes("getSlot", []), /^Error: 503 Service Unavailable: unavailable$/);
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
