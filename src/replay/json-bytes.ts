/**
 * JSON written straight into UTF-8 bytes, piece by piece, for the replay RPC server's large answers (a key listing of
 * 100,000 accounts is about 22 MB). Built as a string, the answer's pieces all stay alive until it is sent, and the
 * collector copies them again at every young-generation pass: that was most of a listing's time. Here each piece is
 * garbage as soon as it is written, and the answer is one buffer sent as it is.
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class JsonBytesWriter {
  #buffer: Uint8Array<ArrayBuffer>;
  #length = 0;
  /** Pieces not encoded yet: encoded a few KB at a time, as one encoding call per small piece costs more than it. */
  #pending = "";

  constructor(initialBytes = 1 << 16) {
    this.#buffer = new Uint8Array(initialBytes);
  }

  /** Appends `text` (already JSON: quoting and escaping are the caller's). */
  write(text: string): void {
    this.#pending += text;
    if (this.#pending.length >= PENDING_CHARS) this.#encodePending();
  }

  /** What was written (a view of the writer's buffer: write nothing more once it is taken). */
  bytes(): Uint8Array {
    this.#encodePending();
    return this.#buffer.subarray(0, this.#length);
  }

  #encodePending(): void {
    const text = this.#pending;
    this.#pending = "";
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    const most = this.#length + text.length * 3;
    if (most > this.#buffer.length) {
      const grown = new Uint8Array(Math.max(most, this.#buffer.length * 2));
      grown.set(this.#buffer.subarray(0, this.#length));
      this.#buffer = grown;
    }
    this.#length += encoder.encodeInto(text, this.#buffer.subarray(this.#length)).written;
  }
}

/** Characters held before they are encoded (a young string, garbage once encoded). */
const PENDING_CHARS = 16 * 1024;

/** JSON held as UTF-8 bytes (see JsonBytesWriter). */
export class JsonBytes {
  constructor(readonly bytes: Uint8Array) {}

  get text(): string {
    return decoder.decode(this.bytes);
  }
}
