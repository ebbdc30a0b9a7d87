/**
 * Just enough HTTP/2 (RFC 9113) to be a client that opens streams and never lets the server send: the connection
 * preface, SETTINGS with a zero initial window, GET requests as HPACK blocks (RFC 7541: indexed and literal fields, no
 * Huffman, no dynamic table), and a frame reader. Raw frames rather than `node:http2`, so what is sent does not
 * depend on a compatibility layer.
 */
import { ascii, concat } from "./bytes.ts";

export const PREFACE = ascii("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");

export const FRAME = { data: 0, headers: 1, rstStream: 3, settings: 4, ping: 6, goaway: 7, windowUpdate: 8 } as const;
export const FLAG = { endStream: 0x1, ack: 0x1, endHeaders: 0x4 } as const;
export const SETTING = { enablePush: 2, maxConcurrentStreams: 3, initialWindowSize: 4 } as const;

export interface Frame {
  type: number;
  flags: number;
  streamId: number;
  payload: Uint8Array;
}

export function encodeFrame(type: number, flags: number, streamId: number, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(9 + payload.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, payload.length << 8); // 24-bit length, then the type in the fourth byte
  out[3] = type;
  out[4] = flags;
  view.setUint32(5, streamId & 0x7fffffff);
  out.set(payload, 9);
  return out;
}

export function settingsFrame(settings: [number, number][]): Uint8Array {
  const payload = new Uint8Array(6 * settings.length);
  const view = new DataView(payload.buffer);
  settings.forEach(([id, value], i) => {
    view.setUint16(6 * i, id);
    view.setUint32(6 * i + 2, value);
  });
  return encodeFrame(FRAME.settings, 0, 0, payload);
}

/** The settings in a SETTINGS frame's payload. */
export function readSettings(payload: Uint8Array): Map<number, number> {
  const view = new DataView(payload.buffer, payload.byteOffset, payload.length);
  const settings = new Map<number, number>();
  for (let at = 0; at + 6 <= payload.length; at += 6) settings.set(view.getUint16(at), view.getUint32(at + 2));
  return settings;
}

/** HPACK integer with an `prefixBits`-bit prefix (RFC 7541 §5.1), the first byte's high bits given in `high`. */
function hpackInteger(value: number, prefixBits: number, high: number): number[] {
  const max = (1 << prefixBits) - 1;
  if (value < max) return [high | value];
  const out = [high | max];
  let rest = value - max;
  while (rest >= 128) {
    out.push((rest % 128) + 128);
    rest = Math.floor(rest / 128);
  }
  out.push(rest);
  return out;
}

/** A literal field without indexing whose name is static-table entry `nameIndex` (RFC 7541 §6.2.2). */
function literalWithIndexedName(nameIndex: number, value: string): number[] {
  const bytes = ascii(value);
  return [...hpackInteger(nameIndex, 4, 0x00), ...hpackInteger(bytes.length, 7, 0x00), ...bytes];
}

/** The header block of `GET path` over `http`: :method GET (static 2), :scheme http (6), :path (4), :authority (1). */
export function getRequestBlock(path: string, authority: string): Uint8Array {
  return new Uint8Array([0x82, 0x86, ...literalWithIndexedName(4, path), ...literalWithIndexedName(1, authority)]);
}

/** Reads whole frames from a connection; `first` holds bytes already read. */
export class FrameReader {
  #pending: Uint8Array;
  readonly #buffer = new Uint8Array(64 * 1024);

  constructor(private readonly conn: Deno.Conn, first: Uint8Array = new Uint8Array()) {
    this.#pending = first;
  }

  /** The next frame, or null at the end of the connection. A read error propagates. */
  async next(): Promise<Frame | null> {
    while (true) {
      if (this.#pending.length >= 9) {
        const length = (this.#pending[0] << 16) | (this.#pending[1] << 8) | this.#pending[2];
        if (this.#pending.length >= 9 + length) {
          const view = new DataView(this.#pending.buffer, this.#pending.byteOffset);
          const frame = {
            type: this.#pending[3],
            flags: this.#pending[4],
            streamId: view.getUint32(5) & 0x7fffffff,
            payload: this.#pending.slice(9, 9 + length),
          };
          this.#pending = this.#pending.slice(9 + length);
          return frame;
        }
      }
      const n = await this.conn.read(this.#buffer);
      if (n === null) return null;
      this.#pending = concat([this.#pending, this.#buffer.subarray(0, n)]);
    }
  }
}
