import assert from "node:assert/strict";
import net from "node:net";
import { closeDescriptor, libc, peek, raiseDescriptorLimit } from "../../../src/http/connections/libc.ts";

Deno.test("libc: the descriptor limit is read, its soft value raised to the hard one", () => {
  const library = libc();
  assert.ok(library, "Linux with glibc");
  const limit = raiseDescriptorLimit(library)!;
  assert.ok(limit.soft > 0);
  assert.equal(limit.soft, limit.hard, "raised");
});

Deno.test("libc: peek sees a socket's unread bytes without taking them, then its end", async () => {
  const library = libc()!;
  const server = net.createServer({ pauseOnConnect: true });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const accepted = new Promise<net.Socket>((resolve) => server.once("connection", resolve));
  const client = await Deno.connect({ hostname: "127.0.0.1", port: (server.address() as net.AddressInfo).port });
  const socket = await accepted;
  const handle = (socket as unknown as { _handle: { fdForIpc(): number } })._handle;
  const look = () => {
    const fd = handle.fdForIpc();
    try {
      return peek(library, fd, buffer);
    } finally {
      closeDescriptor(library, fd);
    }
  };
  const buffer = new Uint8Array(16);
  try {
    assert.deepEqual(look(), { kind: "waiting" });
    await client.write(new TextEncoder().encode("GET / HTTP/1.1"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(look(), { kind: "bytes", length: 14 });
    assert.equal(new TextDecoder().decode(buffer.subarray(0, 14)), "GET / HTTP/1.1");
    assert.deepEqual(look(), { kind: "bytes", length: 14 }, "still unread");
    const read = new Promise<string>((resolve) => socket.once("data", (chunk) => resolve(String(chunk))));
    socket.resume();
    assert.equal(await read, "GET / HTTP/1.1", "the socket reads them all the same");
    client.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(look(), { kind: "ended" });
  } finally {
    socket.destroy();
    server.close();
  }
});
