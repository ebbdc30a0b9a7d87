import assert from "node:assert/strict";
import { AddressLookupTableAccount, Connection, PublicKey } from "@solana/web3.js";
import { base58, base64, fromHex } from "../../src/protocol/codec/bytes.ts";
import { Replayer } from "../../src/replay/replayer.ts";
import { encodeAccount, ReplayRpcServer } from "../../src/replay/rpc-server.ts";
import { PackedRecordedAccount } from "../../src/replay/recorded-account.ts";
import { RecordedAccounts } from "../../src/replay/recorded-accounts.ts";
import { PackSlab } from "../../src/state/packed-bytes.ts";
import { ALT_PROGRAM, BASKET_DISC, K, POOL_DISC, PROGRAM, smallRecording, TOKEN_PROGRAM, waitFor } from "./_helpers.ts";

async function rawCall(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return res.status === 204 ? (await res.body?.cancel(), null) : await res.json();
}

Deno.test("ReplayRpcServer serves an unmodified web3.js Connection", async (t) => {
  const replayer = new Replayer(smallRecording(), { mode: "virtual" });
  const server = await ReplayRpcServer.start({ state: replayer.chains.base });
  const conn = new Connection(server.url, "confirmed");
  try {
    await t.step("websocket sits on port + 1", () => {
      assert.equal(server.wsUrl, `ws://127.0.0.1:${server.port + 1}`);
    });

    await t.step("getAccountInfo / getMultipleAccountsInfo / getBalance", async () => {
      const info = await conn.getAccountInfo(new PublicKey(K.pool));
      assert.ok(info);
      assert.equal(info.owner.toBase58(), PROGRAM);
      assert.deepEqual([...info.data.subarray(0, 11)], [...fromHex(POOL_DISC), 1, 1, 1]);
      assert.equal(await conn.getAccountInfo(new PublicKey(K.basketC)), null);
      const many = await conn.getMultipleAccountsInfo([K.pool, K.basketC, K.mint].map((k) => new PublicKey(k)));
      assert.equal(many.length, 3);
      assert.equal(many[1], null);
      assert.equal(many[2]?.owner.toBase58(), TOKEN_PROGRAM);
      assert.equal(await conn.getBalance(new PublicKey(K.mint)), 1_461_600);
    });

    await t.step("getProgramAccounts with memcmp + dataSize filters and dataSlice", async () => {
      const all = await conn.getProgramAccounts(new PublicKey(PROGRAM));
      assert.equal(all.length, 2);
      const baskets = await conn.getProgramAccounts(new PublicKey(PROGRAM), {
        filters: [{ dataSize: 48 }, { memcmp: { offset: 0, bytes: base58(fromHex(BASKET_DISC)) } }],
        dataSlice: { offset: 8, length: 2 },
      });
      assert.deepEqual(baskets.map((b) => b.pubkey.toBase58()), [K.basketA]);
      assert.deepEqual([...baskets[0].account.data], [0xa, 0]);
      const none = await conn.getProgramAccounts(new PublicKey(PROGRAM), { filters: [{ dataSize: 47 }] });
      assert.equal(none.length, 0);
      const ctx = await conn.getProgramAccounts(new PublicKey(PROGRAM), {
        withContext: true,
        filters: [{ memcmp: { offset: 0, bytes: base64(fromHex(POOL_DISC)), encoding: "base64" } }],
      });
      assert.equal(ctx.context.slot, 1000);
      assert.deepEqual(ctx.value.map((b) => b.pubkey.toBase58()), [K.pool]);
    });

    await t.step("getLatestBlockhash / getSlot / getBlockHeight / getVersion / address lookup table", async () => {
      const bh = await conn.getLatestBlockhash();
      assert.deepEqual(bh, {
        blockhash: replayer.recording.chains.base.blockhashes[0].blockhash,
        lastValidBlockHeight: 900_150,
      });
      assert.equal(await conn.getSlot(), 1000);
      assert.equal(typeof (await conn.getBlockHeight()), "number");
      assert.ok((await conn.getVersion())["solana-core"]);
      const alt = await conn.getAddressLookupTable(new PublicKey(K.alt));
      assert.ok(alt.value instanceof AddressLookupTableAccount);
      assert.deepEqual(alt.value.state.addresses.map((a) => a.toBase58()), [K.pool, K.basketA]);
      assert.equal((await conn.getAccountInfo(new PublicKey(K.alt)))?.owner.toBase58(), ALT_PROGRAM);
    });

    await t.step("ids echoed verbatim, batch, unknown method, id-less notification", async () => {
      const r1 = await rawCall(server.url, {
        jsonrpc: "2.0",
        id: "8ef24370-d4c6-44ff-9157-4f772ef53518",
        method: "getSlot",
      });
      assert.deepEqual(r1, { jsonrpc: "2.0", result: 1000, id: "8ef24370-d4c6-44ff-9157-4f772ef53518" });
      const r2 = await rawCall(server.url, { jsonrpc: "2.0", id: 7, method: "nope" }) as { error: { code: number } };
      assert.equal(r2.error.code, -32601);
      assert.equal(await rawCall(server.url, { jsonrpc: "2.0", method: "ping" }), null);
      const batch = await rawCall(server.url, [
        { jsonrpc: "2.0", id: "a", method: "getHealth" },
        { jsonrpc: "2.0", id: "b", method: "getSlot", params: [{ minContextSlot: 5000 }] },
      ]) as { id: string; result?: unknown; error?: { code: number } }[];
      assert.equal(batch[0].result, "ok");
      assert.equal(batch[1].error?.code, -32016);
      const bad = await rawCall(server.url, { jsonrpc: "2.0", id: 1, method: "getAccountInfo", params: ["xx"] }) as {
        error: { code: number };
      };
      assert.equal(bad.error.code, -32602);
    });

    await t.step("onAccountChange / onProgramAccountChange / onSlotChange hear recorded updates", async () => {
      const mintSeen: { lamports: number; slot: number }[] = [];
      const programSeen: string[] = [];
      const slots: number[] = [];
      const a = conn.onAccountChange(new PublicKey(K.mint), (info, ctx) => {
        mintSeen.push({ lamports: info.lamports, slot: ctx.slot });
      });
      const p = conn.onProgramAccountChange(new PublicKey(PROGRAM), (k) => {
        programSeen.push(k.accountId.toBase58());
      }, { filters: [{ memcmp: { offset: 0, bytes: base58(fromHex(BASKET_DISC)) } }] });
      const p2 = conn.onProgramAccountChange(new PublicKey(PROGRAM), () => {
        programSeen.push("pool-filter");
      }, { filters: [{ memcmp: { offset: 0, bytes: base58(fromHex(POOL_DISC)) } }] });
      const s = conn.onSlotChange((info) => {
        slots.push(info.slot);
      });
      await waitFor(() => server.subscriptionCount === 4, "subscriptions");
      replayer.advanceTo(2500);
      await waitFor(() => mintSeen.length === 1 && programSeen.length === 1 && slots.includes(1020), "notifications");
      assert.deepEqual(mintSeen, [{ lamports: 2_000_000, slot: 1010 }]);
      assert.deepEqual(programSeen, [K.basketD]);
      await conn.removeAccountChangeListener(a);
      await conn.removeProgramAccountChangeListener(p);
      await conn.removeProgramAccountChangeListener(p2);
      await conn.removeSlotChangeListener(s);
      await waitFor(() => server.subscriptionCount === 0, "unsubscribed");
      await waitFor(() => server.webSocketCount === 0, "web3.js idle close");
    });
  } finally {
    await server.stop();
  }
});

Deno.test("ReplayRpcServer: port 0 picks a free pair, dropWebSockets closes sockets", async () => {
  const replayer = new Replayer(smallRecording(), { mode: "virtual" });
  const a = await ReplayRpcServer.start({ state: replayer.chains.base });
  const b = await ReplayRpcServer.start({ state: replayer.chains.er });
  try {
    assert.notEqual(a.port, b.port);
    const ws = new WebSocket(a.wsUrl);
    await new Promise((r) => ws.onopen = r);
    const closed = new Promise<number>((r) => ws.onclose = (e) => r(e.code));
    await waitFor(() => a.webSocketCount === 1, "ws accepted");
    ws.send(JSON.stringify({ jsonrpc: "2.0", method: "ping" }));
    const reply = new Promise<string>((r) => ws.onmessage = (e) => r(e.data));
    ws.send(JSON.stringify({ jsonrpc: "2.0", id: 5, method: "slotSubscribe" }));
    assert.deepEqual(JSON.parse(await reply), { jsonrpc: "2.0", result: 1, id: 5 });
    a.dropWebSockets();
    assert.equal(await closed, 4000);
    assert.equal(a.subscriptionCount, 0);
  } finally {
    await a.stop();
    await b.stop();
  }
});

/** A raw WebSocket client collecting every message. */
async function wsClient(url: string) {
  const ws = new WebSocket(url);
  await new Promise((r) => ws.onopen = r);
  const messages: Record<string, unknown>[] = [];
  ws.onmessage = (e) => messages.push(JSON.parse(e.data));
  return { ws, messages, send: (msg: unknown) => ws.send(JSON.stringify(msg)) };
}

Deno.test("ReplayRpcServer reports a closed account as Agave does", async () => {
  const replayer = new Replayer(smallRecording(), { mode: "virtual" });
  const server = await ReplayRpcServer.start({ state: replayer.chains.er });
  const client = await wsClient(server.wsUrl);
  try {
    client.send({ jsonrpc: "2.0", id: 1, method: "accountSubscribe", params: [K.basketC, { encoding: "base64" }] });
    client.send({ jsonrpc: "2.0", id: 2, method: "programSubscribe", params: [PROGRAM, { encoding: "base64" }] });
    await waitFor(() => client.messages.length === 2, "subscribed");
    replayer.chains.er.setAccount(K.basketC, null, 5050);
    await waitFor(() => client.messages.some((m) => m.method === "accountNotification"), "close notification");
    await new Promise((r) => setTimeout(r, 50));
    // One account notification: the empty, system-owned account; no program notification.
    const notes = client.messages.filter((m) => "method" in m);
    assert.deepEqual(notes.map((m) => m.method), ["accountNotification"]);
    assert.deepEqual((notes[0].params as { result: unknown }).result, {
      context: { slot: 5050 },
      value: {
        data: ["", "base64"],
        executable: false,
        lamports: 0,
        owner: "11111111111111111111111111111111",
        rentEpoch: 0,
        space: 0,
      },
    });
    const res = await rawCall(server.url, {
      jsonrpc: "2.0",
      id: "m",
      method: "getMultipleAccounts",
      params: [[K.basketC, K.basketB], { encoding: "base64", dataSlice: { offset: 0, length: 0 } }],
    }) as { result: { value: ({ data: [string, string]; owner: string } | null)[] } };
    assert.equal(res.result.value[0], null);
    assert.deepEqual(res.result.value[1]?.data, ["", "base64"], "an existence check carries no data");
    assert.equal(res.result.value[1]?.owner, PROGRAM);
  } finally {
    client.ws.close();
    await server.stop();
  }
});

Deno.test("ReplayRpcServer fault injection: failing methods, stalled HTTP, stalled sockets", async (t) => {
  const replayer = new Replayer(smallRecording(), { mode: "virtual" });
  const server = await ReplayRpcServer.start({ state: replayer.chains.base });
  const slot = { jsonrpc: "2.0", id: "s", method: "getSlot", params: [] };
  try {
    await t.step("failMethod: a JSON-RPC error or an HTTP status for one method, the others answer", async () => {
      server.failMethod("getSlot", { code: -32005, message: "Node is behind" });
      assert.deepEqual(await rawCall(server.url, slot), {
        jsonrpc: "2.0",
        error: { code: -32005, message: "Node is behind" },
        id: "s",
      });
      const ok = await rawCall(server.url, { jsonrpc: "2.0", id: 1, method: "getBlockHeight", params: [] });
      assert.deepEqual(ok, { jsonrpc: "2.0", result: 1000, id: 1 });
      server.failMethod("getSlot", { httpStatus: 429 });
      const res = await fetch(server.url, { method: "POST", body: JSON.stringify(slot) });
      assert.equal(res.status, 429);
      await res.body?.cancel();
      server.failMethod("getSlot", undefined);
      assert.deepEqual(await rawCall(server.url, slot), { jsonrpc: "2.0", result: 1000, id: "s" });
    });

    await t.step("stallHttp: requests hang until released, then are answered", async () => {
      server.stallHttp(true);
      let answered = false;
      const pending = rawCall(server.url, slot).then((r) => (answered = true, r));
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(answered, false);
      server.stallHttp(false);
      assert.deepEqual(await pending, { jsonrpc: "2.0", result: 1000, id: "s" });
    });

    await t.step("stallWebSockets: nothing is sent, then everything held is sent in order", async () => {
      const client = await wsClient(server.wsUrl);
      try {
        server.stallWebSockets(true);
        client.send({ jsonrpc: "2.0", id: 1, method: "slotSubscribe" });
        await waitFor(() => server.subscriptionCount === 1, "subscribed (its reply held)");
        replayer.advanceTo(1000); // a slot notification
        await new Promise((r) => setTimeout(r, 100));
        assert.equal(client.messages.length, 0);
        server.stallWebSockets(false);
        await waitFor(() => client.messages.length === 2, "held messages");
        assert.equal(client.messages[0].id, 1);
        assert.equal(client.messages[1].method, "slotNotification");
      } finally {
        client.ws.close();
      }
    });
  } finally {
    await server.stop();
  }
});

Deno.test("ReplayRpcServer: accounts held packed answer exactly as the same accounts held as arrays", async () => {
  // A basket-like account: fields separated by zero runs of every length, then a long zero tail.
  const sparse = new Uint8Array(3000);
  sparse.set(fromHex(BASKET_DISC), 0);
  sparse.set([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 3, 0, 0, 0, 0, 4], 100);
  sparse[999] = 5;
  const plain = smallRecording();
  plain.chains.base.initialAccounts.add({
    pubkey: K.basketC,
    owner: PROGRAM,
    lamports: 7n,
    executable: false,
    data: sparse,
  });
  const slab = new PackSlab(4096);
  const packed = { ...plain, chains: { ...plain.chains } };
  for (const chain of ["base", "er"] as const) {
    const accounts = [...plain.chains[chain].initialAccounts].map((a) => {
      const held = new PackedRecordedAccount(a.pubkey, a.owner, a.lamports, a.executable, slab.pack(a.data));
      if (a.rentEpoch !== undefined) held.rentEpoch = a.rentEpoch;
      return held;
    });
    packed.chains[chain] = { ...plain.chains[chain], initialAccounts: RecordedAccounts.of(chain, accounts) };
  }
  assert.ok([...packed.chains.base.initialAccounts].every((a) => a.packed), "the second world holds packed accounts");
  assert.ok([...plain.chains.base.initialAccounts].every((a) => !a.packed), "the first world holds arrays");
  const servers = await Promise.all([plain, packed].map((recording) => {
    const replayer = new Replayer(recording, { mode: "virtual" });
    return ReplayRpcServer.start({ state: replayer.chains.base });
  }));
  try {
    const keys = [K.pool, K.basketA, K.basketC, K.mint, K.alt];
    const disc = base58(fromHex(BASKET_DISC));
    const calls: [string, unknown[]][] = [
      ["getMultipleAccounts", [keys, { encoding: "base64" }]],
      ["getMultipleAccounts", [keys, { encoding: "base58" }]],
      ...[[0, 0], [0, 8], [95, 30], [990, 20], [2990, 50], [5000, 4]].map(([offset, length]): [string, unknown[]] => [
        "getMultipleAccounts",
        [keys, { encoding: "base64", dataSlice: { offset, length } }],
      ]),
      ["getAccountInfo", [K.basketC, { encoding: "base64" }]],
      ["getProgramAccounts", [PROGRAM, { encoding: "base64" }]],
      ["getProgramAccounts", [PROGRAM, { encoding: "base64", filters: [{ dataSize: 3000 }] }]],
      ["getProgramAccounts", [PROGRAM, { encoding: "base64", filters: [{ memcmp: { offset: 0, bytes: disc } }] }]],
      // A key listing, as the service's full load asks for one (no bytes, with its context).
      ["getProgramAccounts", [PROGRAM, {
        encoding: "base64",
        withContext: true,
        dataSlice: { offset: 0, length: 0 },
        filters: [{ memcmp: { offset: 0, bytes: disc } }],
      }]],
      ...[[100, [1, 0, 0]], [108, [0, 0, 2]], [999, [5]], [2000, [0, 0]], [2999, [0, 1]]].map((
        [offset, bytes],
      ): [string, unknown[]] => [
        "getProgramAccounts",
        [PROGRAM, {
          encoding: "base64",
          filters: [{ memcmp: { offset, bytes: base58(Uint8Array.from(bytes as number[])) } }],
        }],
      ]),
    ];
    for (const [method, params] of calls) {
      const [fromArrays, fromPacked] = await Promise.all(
        servers.map((s) => rawCall(s.url, { jsonrpc: "2.0", id: 1, method, params })),
      );
      assert.deepEqual(fromPacked, fromArrays, `${method} ${JSON.stringify(params)}`);
    }
    const info = await rawCall(servers[1].url, {
      jsonrpc: "2.0",
      id: 1,
      method: "getAccountInfo",
      params: [K.basketC, { encoding: "base64" }],
    }) as { result: { value: { data: [string, string]; space: number } } };
    assert.equal(info.result.value.space, 3000, "the full on-chain length");
    assert.deepEqual(Uint8Array.fromBase64(info.result.value.data[0]), sparse, "and the full bytes");
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
});

Deno.test("ReplayRpcServer writes an account's text exactly as JSON.stringify writes its fields, in Agave's order", () => {
  const bytes = new Uint8Array(700);
  bytes.set([9, 8, 7], 0);
  bytes[650] = 1;
  const slab = new PackSlab(4096);
  const accounts = [
    { owner: PROGRAM, lamports: 7n, executable: false, data: bytes },
    new PackedRecordedAccount(K.basketA, PROGRAM, 2_039_280n, false, slab.pack(bytes)),
    { owner: TOKEN_PROGRAM, lamports: 0n, executable: true, data: new Uint8Array(), rentEpoch: 361 },
    { owner: 'odd "owner"\\', lamports: 1n, executable: false, data: Uint8Array.of(1, 2, 3) },
  ];
  const configs = [
    { encoding: "base64" as const },
    { encoding: "base58" as const },
    { encoding: "base64" as const, dataSlice: { offset: 640, length: 20 } },
    { encoding: "base64" as const, dataSlice: { offset: 5000, length: 4 } },
  ];
  for (const account of accounts) {
    for (const cfg of configs) {
      const length = account.data.length;
      const start = Math.min(cfg.dataSlice?.offset ?? 0, length);
      const data = account.data.subarray(
        start,
        cfg.dataSlice ? Math.min(start + cfg.dataSlice.length, length) : length,
      );
      const expected = JSON.stringify({
        data: [cfg.encoding === "base58" ? base58(data) : base64(data), cfg.encoding],
        executable: account.executable,
        lamports: Number(account.lamports),
        owner: account.owner,
        rentEpoch: "rentEpoch" in account ? account.rentEpoch : 18446744073709551615,
        space: length,
      });
      assert.equal(encodeAccount(account, cfg).text, expected, `${account.owner} ${JSON.stringify(cfg)}`);
    }
  }
});

Deno.test("ReplayRpcServer: a key listing is the text of the same listing written account by account", async () => {
  // Accounts of one kind whose listed fields change from one to the next and back (owner aside: one program's), so
  // the text after each key is written anew and reused in turn.
  const recording = smallRecording();
  const fields: [bigint, number, boolean, number | undefined][] = [
    [7n, 3000, false, undefined],
    [7n, 3000, false, undefined],
    [8n, 3000, false, undefined],
    [8n, 64, false, undefined],
    [8n, 64, true, undefined],
    [8n, 64, true, 361],
    [7n, 3000, false, undefined],
  ];
  fields.forEach(([lamports, size, executable, rentEpoch], i) => {
    const data = new Uint8Array(size);
    data.set(fromHex(BASKET_DISC), 0);
    data[size - 1] = i + 1;
    const account = { pubkey: base58(new Uint8Array(32).fill(i + 40)), owner: PROGRAM, lamports, executable, data };
    recording.chains.base.initialAccounts.add(rentEpoch === undefined ? account : { ...account, rentEpoch });
  });
  const replayer = new Replayer(recording, { mode: "virtual" });
  const server = await ReplayRpcServer.start({ state: replayer.chains.base });
  const listing = async (dataSlice: { offset: number; length: number }) => {
    const res = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 'a"b',
        method: "getProgramAccounts",
        params: [PROGRAM, {
          encoding: "base64",
          withContext: true,
          dataSlice,
          filters: [{ memcmp: { offset: 0, bytes: base58(fromHex(BASKET_DISC)) } }],
        }],
      }),
    });
    return await res.text();
  };
  try {
    // A slice past every account's end sends no bytes either, but is written account by account.
    const [keysOnly, writtenEach] = await Promise.all([
      listing({ offset: 0, length: 0 }),
      listing({ offset: 1e6, length: 4 }),
    ]);
    assert.equal(keysOnly, writtenEach);
    const answer = JSON.parse(keysOnly);
    assert.equal(answer.id, 'a"b');
    const listed = answer.result.value as { pubkey: string; account: Record<string, unknown> }[];
    assert.equal(listed.length, fields.length + 1, "the recording's own basket and the seven added");
    const added = listed.filter((entry) => entry.pubkey !== K.basketA);
    assert.deepEqual(
      added.map((entry) => [entry.account.lamports, entry.account.space, entry.account.executable]),
      fields.map(([lamports, size, executable]) => [Number(lamports), size, executable]),
    );
    assert.deepEqual(added.map((entry) => entry.account.rentEpoch !== 18446744073709551615), [
      false,
      false,
      false,
      false,
      false,
      true,
      false,
    ]);
  } finally {
    await server.stop();
  }
});
