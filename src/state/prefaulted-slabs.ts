/**
 * Slabs for a bulk load whose memory pages are already in place. A fresh array's pages are only mapped when first
 * written, one page fault each, and on the virtual machines this service runs on a fault costs 11–14 µs: the 130 MiB of
 * slabs a 100,000-owner live start packs its accounts into were about 35,000 faults, half a second of the main thread.
 * Here a worker allocates each slab as shared memory and writes one byte per page, so the faults are taken on another
 * thread (another core) while the main thread parses and packs; the main thread then writes into mapped pages.
 *
 * The worker starts at a supply's second slab, so a load that fits in one slab (a small deployment, a reload of a few
 * changes) starts none. It keeps `ahead` slabs ready or under way; a slab asked for before one is ready is a fresh array,
 * as it is when the worker cannot start or fails: prefaulting only ever changes when the pages are faulted in.
 */

/** How many slabs the worker keeps ready or under way. */
const DEFAULT_AHEAD = 4;

/** What the worker is asked: `count` slabs of `bytes` each, every page written once. */
export interface PrefaultRequest {
  readonly bytes: number;
  readonly count: number;
}

export interface PrefaultedSlabsOptions {
  /** Slabs kept ready or under way (default 4). */
  readonly ahead?: number;
  /** The worker's module (tests give one that fails). */
  readonly workerUrl?: URL;
  /** Called when a slab arrives or the worker fails (tests wait on it instead of on time). */
  readonly onEvent?: (event: "slab" | "failed") => void;
}

export class PrefaultedSlabs {
  readonly #ready: Uint8Array[] = [];
  readonly #ahead: number;
  readonly #workerUrl: URL;
  readonly #onEvent?: (event: "slab" | "failed") => void;
  #worker: Worker | undefined;
  #taken = 0;
  #prefaulted = 0;
  #failed = false;
  #closed = false;

  constructor(readonly slabBytes: number, options: PrefaultedSlabsOptions = {}) {
    this.#ahead = options.ahead ?? DEFAULT_AHEAD;
    this.#workerUrl = options.workerUrl ?? new URL("./prefaulted-slabs.worker.ts", import.meta.url);
    this.#onEvent = options.onEvent;
  }

  /** A slab of `slabBytes` zeros: one the worker prepared when one is ready, else a fresh array. */
  take(): Uint8Array {
    this.#taken++;
    const ready = this.#ready.shift();
    if (ready !== undefined) {
      this.#prefaulted++;
      this.#ask(1); // the one taken is replaced; a fresh array (worker behind) asks for nothing more
      return ready;
    }
    if (this.#taken === 2) this.#start();
    return new Uint8Array(this.slabBytes);
  }

  /** Slabs handed out that the worker had prepared. */
  get prefaulted(): number {
    return this.#prefaulted;
  }

  /** Whether the worker is running. */
  get running(): boolean {
    return this.#worker !== undefined;
  }

  /** Whether the worker could not start or failed (slabs are fresh arrays from then on). */
  get failed(): boolean {
    return this.#failed;
  }

  /** Stops the worker; slabs prepared and not taken are let go. Later slabs are fresh arrays. */
  close(): void {
    this.#closed = true;
    this.#stopWorker();
    this.#ready.length = 0;
  }

  #start(): void {
    if (this.#closed || this.#failed || this.slabBytes <= 0) return;
    try {
      const worker = new Worker(this.#workerUrl, { type: "module" });
      worker.onmessage = (event: MessageEvent<SharedArrayBuffer>) => {
        if (this.#worker !== worker) return;
        this.#ready.push(new Uint8Array(event.data));
        this.#onEvent?.("slab");
      };
      worker.onerror = (event: ErrorEvent) => {
        event.preventDefault(); // contained: the load goes on with fresh arrays
        this.#fail();
      };
      worker.onmessageerror = () => this.#fail();
      this.#worker = worker;
      this.#ask(this.#ahead);
    } catch {
      this.#fail();
    }
  }

  #ask(count: number): void {
    const request: PrefaultRequest = { bytes: this.slabBytes, count };
    this.#worker?.postMessage(request);
  }

  #fail(): void {
    this.#failed = true;
    this.#stopWorker();
    this.#onEvent?.("failed");
  }

  #stopWorker(): void {
    this.#worker?.terminate();
    this.#worker = undefined;
  }
}
