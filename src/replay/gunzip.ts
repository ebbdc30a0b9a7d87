/**
 * The inflated bytes of a gzip file, as a stream: a large file is inflated by a worker (`gunzip-worker.ts`) on
 * another core while this thread parses what arrived; a small one here (a worker costs a few tens of ms to start).
 */

/** Files below this many compressed bytes are inflated in this thread. */
const WORKER_FROM_BYTES = 4 << 20;

export async function gunzipStream(path: string): Promise<ReadableStream<Uint8Array>> {
  const file = await Deno.open(path, { read: true });
  const { size } = await file.stat();
  if (size < WORKER_FROM_BYTES) {
    return file.readable.pipeThrough(
      new DecompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>,
    );
  }
  file.close();
  return inflateInWorker(path);
}

function inflateInWorker(path: string): ReadableStream<Uint8Array> {
  let worker: Worker | undefined;
  let arrived: (() => void) | undefined;
  const end = () => {
    worker?.terminate();
    worker = undefined;
    arrived?.();
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      worker = new Worker(new URL("./gunzip-worker.ts", import.meta.url).href, { type: "module" });
      worker.onmessage = (event: MessageEvent) => {
        const message = event.data;
        if (message.chunk) controller.enqueue(message.chunk as Uint8Array);
        else if (message.done) {
          end();
          controller.close();
        } else {
          end();
          controller.error(new Error(`${path}: ${message.error}`));
        }
        arrived?.();
      };
      worker.onerror = (event: ErrorEvent) => {
        event.preventDefault();
        end();
        controller.error(new Error(`${path}: ${event.message}`));
      };
      worker.postMessage({ path });
    },
    // A chunk was taken: the worker may inflate one more. Resolves when something arrives.
    pull() {
      if (!worker) return;
      const next = new Promise<void>((resolve) => arrived = resolve);
      worker.postMessage("more");
      return next;
    },
    cancel() {
      end();
    },
  }, { highWaterMark: 0 });
}
