/**
 * Small byte arrays carved out of shared slabs. Allocating a `Uint8Array` costs a backing store of its own (about a
 * third of a microsecond in this runtime, whatever its size), and a transaction builder makes several small ones per
 * request (each instruction's data); a view into a slab costs a fraction of that. The slab is dropped by the garbage
 * collector once no view into it is left.
 *
 * A view's `buffer` is the whole slab: code that reads one must honour `byteOffset` and `byteLength` (as every
 * reader here does: `BorshReader`, `Uint8Array` methods), never wrap `.buffer` alone.
 */

/** Bytes per slab; arrays over a quarter of it get their own buffer (a slab then holds at least four). */
export const SLAB_BYTES = 16_384;

let slab = new Uint8Array(SLAB_BYTES);
let used = 0;

/** A zeroed array of `length` bytes, usually a view into the current slab. */
export function arenaBytes(length: number): Uint8Array {
  if (length > SLAB_BYTES / 4) return new Uint8Array(length);
  if (used + length > SLAB_BYTES) {
    slab = new Uint8Array(SLAB_BYTES);
    used = 0;
  }
  const out = slab.subarray(used, used + length);
  used += length;
  return out;
}
