import assert from "node:assert/strict";
import { errorMessage } from "../../src/ingest/util.ts";

Deno.test("errorMessage: the message, its cause's when it adds one, URLs cut to their origin", () => {
  assert.equal(errorMessage(new Error("boom")), "boom");
  assert.equal(errorMessage("plain"), "plain");
  assert.equal(errorMessage({ message: "shaped" }), "shaped");
  const refused = new TypeError("fetch failed", {
    cause: new Error(
      "error sending request for url (https://rpc.example.com/v2/KEY123?api-key=SECRET): tcp connect error: " +
        "Connection refused (os error 111)",
    ),
  });
  assert.equal(
    errorMessage(refused),
    "fetch failed (error sending request for url (https://rpc.example.com/…): tcp connect error: Connection refused " +
      "(os error 111))",
  );
  // A cause the message already says is not repeated; causes nest.
  assert.equal(errorMessage(new Error("socket hang up", { cause: "hang up" })), "socket hang up");
  assert.equal(
    errorMessage(new Error("a", { cause: new Error("b", { cause: new Error("c") }) })),
    "a (b (c))",
  );
});

Deno.test("errorMessage: a real refused connection names its cause, not only `fetch failed`", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  const error = await fetch(`http://127.0.0.1:${port}/?api-key=SECRET`).then(() => undefined, (e) => e);
  const message = errorMessage(error);
  assert.match(message, /^fetch failed \(.*refused/i);
  assert.doesNotMatch(message, /SECRET/);
});
