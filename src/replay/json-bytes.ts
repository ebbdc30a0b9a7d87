/**
 * JSON written straight into UTF-8 bytes, piece by piece, for the replay RPC server's large answers (a key listing of
 * 100,000 accounts is about 22 MB, a listing with the accounts' bytes hundreds). Built as a string, the answer's pieces
 * all stay alive until it is sent, and the collector copies them again at every young-generation pass. Written into
 * one buffer, the answer took fresh memory as large as itself each time, grown by doubling and copied twice more on
 * its way out (into one body, then by the HTTP server), and touching fresh memory is what a large answer cost most on
 * the machines measured (a page fault per 4 KiB: about 70,000 for the four key listings of a 100,000-owner start).
 * Here the answer is written into chunks of 64 KiB, sent while the rest is written: nothing is ever as large as the
 * answer, and freed chunks are taken again by the next.
 */
import { concatBytes } from "./binary-accounts.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Bytes of a chunk. */
const CHUNK_BYTES = 64 * 1024;

/** Characters held before they are encoded (a young string, garbage once encoded). */
const PENDING_CHARS = 16 * 1024;

/** Writes JSON into chunks of UTF-8 bytes; full chunks are taken as they fill (`takeFull`), the rest at the end. */
export class JsonChunkWriter {
  readonly #full: Uint8Array[] = [];
  #chunk = new Uint8Array(CHUNK_BYTES);
  #length = 0;
  /** Pieces not encoded yet: encoded a few KB at a time, as one encoding call per small piece costs more than it. */
  #pending = "";

  /** Appends `text` (already JSON: quoting and escaping are the caller's). */
  write(text: string): void {
    this.#pending += text;
    if (this.#pending.length >= PENDING_CHARS) this.#encodePending();
  }

  /** Appends bytes that are already UTF-8 JSON (a piece written once and repeated). */
  writeBytes(bytes: Uint8Array): void {
    this.#encodePending();
    let from = 0;
    while (from < bytes.length) {
      const n = Math.min(bytes.length - from, this.#room());
      this.#chunk.set(from === 0 && n === bytes.length ? bytes : bytes.subarray(from, from + n), this.#length);
      this.#length += n;
      from += n;
    }
  }

  /**
   * Appends `text` as the inside of a JSON string when it needs no escaping there and is ASCII (a base58 key), a byte
   * per character; otherwise writes nothing and answers false (the caller writes it escaped).
   */
  writePlain(text: string): boolean {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return false;
    }
    this.#encodePending();
    if (text.length > this.#room()) {
      // Across the chunk's end: written as any text, which goes on in the next chunk.
      this.write(text);
      return true;
    }
    const chunk = this.#chunk;
    const at = this.#length;
    for (let i = 0; i < text.length; i++) chunk[at + i] = text.charCodeAt(i);
    this.#length += text.length;
    return true;
  }

  /** Whether full chunks wait to be taken. */
  get hasFull(): boolean {
    return this.#full.length > 0;
  }

  /** The chunks filled so far, taken. */
  takeFull(): Uint8Array[] {
    return this.#full.splice(0);
  }

  /** Everything written and not taken yet, the last chunk cut to its length; the writer starts over empty. */
  takeAll(): Uint8Array[] {
    this.#encodePending();
    if (this.#length > 0) this.#next();
    return this.takeFull();
  }

  /** Room left in the current chunk (a full one is set aside for a new one first). */
  #room(): number {
    if (this.#length === this.#chunk.length) this.#next();
    return this.#chunk.length - this.#length;
  }

  /** The current chunk goes to the full ones (cut to what it holds); writing goes on in a new one. */
  #next(): void {
    if (this.#length > 0) this.#full.push(this.#chunk.subarray(0, this.#length));
    this.#chunk = new Uint8Array(CHUNK_BYTES);
    this.#length = 0;
  }

  #encodePending(): void {
    let text = this.#pending;
    this.#pending = "";
    while (text.length > 0) {
      const { read, written } = encoder.encodeInto(text, this.#chunk.subarray(this.#length));
      this.#length += written;
      text = text.slice(read);
      // What did not fit (a character whose bytes would cross the chunk's end among it) goes on in the next chunk.
      if (text.length > 0) this.#next();
    }
  }
}

/**
 * Writes a JSON value into a writer, pausing (`yield`) whenever the writer holds full chunks, so the value can be sent
 * while the rest is written.
 */
export type JsonProducer = (out: JsonChunkWriter) => Generator<void, void, undefined>;

/** A JSON value written piece by piece into chunks of bytes (see the module comment). */
export class JsonBytes {
  constructor(readonly produce: JsonProducer) {}

  /** This value between `prefix` and `suffix` (JSON text around it: an envelope). */
  within(prefix: string, suffix: string): JsonBytes {
    const produce = this.produce;
    return new JsonBytes(function* (out) {
      out.write(prefix);
      yield* produce(out);
      out.write(suffix);
    });
  }

  /** The whole value as text (for the paths that send text: a batch, a WebSocket). */
  get text(): string {
    const out = new JsonChunkWriter();
    for (const _ of this.produce(out));
    return decoder.decode(concatBytes(out.takeAll()));
  }

  /** The value's bytes as a stream, written as they are read: a chunk at a time, as the reader asks for them. */
  stream(): ReadableStream<Uint8Array> {
    const out = new JsonChunkWriter();
    const steps = this.produce(out);
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        for (;;) {
          if (steps.next().done) {
            for (const chunk of out.takeAll()) controller.enqueue(chunk);
            return controller.close();
          }
          if (out.hasFull) {
            for (const chunk of out.takeFull()) controller.enqueue(chunk);
            return;
          }
        }
      },
      cancel() {
        steps.return();
      },
    });
  }
}
