/** Byte helpers shared by the raw protocol clients. */

/** Text as bytes (requests are ASCII). */
export const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
