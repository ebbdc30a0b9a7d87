/**
 * The worker of `prefaulted-slabs.ts`: for each request, allocates slabs as shared memory, writes one byte in every page
 * (a write maps a page of its own; a read would map the shared zero page and fault again at the first real write) and
 * sends each slab to the main thread, which shares it rather than copying it.
 */
import type { PrefaultRequest } from "./prefaulted-slabs.ts";

/** Writing every 4,096th byte reaches every page on 4 KiB pages, and more often than needed on larger ones. */
const PAGE_BYTES = 4096;

interface WorkerScope {
  onmessage: ((event: MessageEvent<PrefaultRequest>) => void) | null;
  postMessage(message: SharedArrayBuffer): void;
}

const scope = globalThis as unknown as WorkerScope;

scope.onmessage = ({ data: { bytes, count } }) => {
  for (let n = 0; n < count; n++) {
    const slab = new Uint8Array(new SharedArrayBuffer(bytes));
    for (let i = 0; i < bytes; i += PAGE_BYTES) slab[i] = 0;
    scope.postMessage(slab.buffer as SharedArrayBuffer);
  }
};
