/**
 * A worker that inflates one gzip file and posts the bytes to the thread that started it (see `gunzip.ts`): a large
 * recording spends about as long inflating as parsing, so the two run on two cores. Messages in: `{ path }` once,
 * then `"more"` each time a chunk was taken; out: `{ chunk }` (its buffer transferred), `{ done: true }` or
 * `{ error }`. At most `IN_FLIGHT` chunks wait untaken, so a slow reader holds the worker back instead of its memory.
 */
/// <reference lib="deno.worker" />

const CHUNK_BYTES = 1 << 20;
const IN_FLIGHT = 8;

let credit = IN_FLIGHT;
let wake: (() => void) | undefined;

self.onmessage = (event: MessageEvent) => {
  if (event.data === "more") {
    credit++;
    wake?.();
    return;
  }
  inflate(event.data.path).catch((error) => self.postMessage({ error: String(error?.message ?? error) }));
};

async function inflate(path: string): Promise<void> {
  const file = await Deno.open(path, { read: true });
  const inflated = file.readable.pipeThrough(
    new DecompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>,
  );
  let batch = new Uint8Array(CHUNK_BYTES);
  let used = 0;
  const send = async () => {
    while (credit === 0) await new Promise<void>((resolve) => wake = resolve);
    credit--;
    const chunk = batch.subarray(0, used);
    self.postMessage({ chunk }, [chunk.buffer]);
    batch = new Uint8Array(CHUNK_BYTES);
    used = 0;
  };
  for await (let piece of inflated) {
    while (piece.length > 0) {
      const n = Math.min(piece.length, CHUNK_BYTES - used);
      batch.set(piece.subarray(0, n), used);
      used += n;
      piece = piece.subarray(n);
      if (used === CHUNK_BYTES) await send();
    }
  }
  if (used > 0) await send();
  self.postMessage({ done: true });
}
