/**
 * The 32 bytes of a base58 public key, memoised by its text. The transaction builders meet the same few hundred keys
 * on every request (program, pools, custodies, oracles, sysvars, the owner and its PDAs, the cached blockhash), and a
 * base58 decode costs a few microseconds each: PDA seeds, the message's key list and the fee payer and blockhash
 * checks all read their bytes from here.
 *
 * The returned array is shared between callers: it must only be read (copied into a hash input or a message), never
 * written. The memo is bounded (`KEY_BYTES_LIMIT`; keys not used lately are dropped first) so that a stream of distinct owners
 * cannot grow it without end; invalid text is never remembered (the `CodecError` is thrown on every call).
 */
import { decodePubkey } from "./base58.ts";
import { BoundedMemo } from "../memo.ts";

/** Upper bound of memoised keys (each costs about 200 bytes: the text, the bytes and the map entry). */
export const KEY_BYTES_LIMIT = 65_536;

const memo = new BoundedMemo<string, Uint8Array>(KEY_BYTES_LIMIT);

/** `decodePubkey(text)`, memoised; throws `CodecError` when `text` is not base58 of 32 bytes. Read-only result. */
export function pubkeyBytes(text: string): Uint8Array {
  return memo.get(text, decodePubkey);
}

/** Number of memoised keys (for tests). */
export function pubkeyBytesMemoSize(): number {
  return memo.size;
}

/** Empties the memo and sets its bound (default `KEY_BYTES_LIMIT`); for tests of the bound. */
export function resetPubkeyBytesMemo(bound = KEY_BYTES_LIMIT): void {
  memo.clear();
  memo.limit = bound;
}
