/**
 * The keys of a key listing (a getProgramAccounts answer asked with an empty `dataSlice`), read from the answer's
 * bytes instead of parsing it into an object per account. At 100,000 owners a listing is about 22 MB of JSON; parsed,
 * it was half a million objects that outlived the young generation and were garbage once the keys were taken, so each
 * listing raised the service's peak memory by tens of MB while it loaded. Here only the keys become strings.
 */
import { rpcResult } from "./json-rpc-http.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const VALUE_START = encoder.encode('"value":[');
const PUBKEY_START = encoder.encode('"pubkey":"');
const QUOTE = 0x22;
const CLOSE_BRACKET = 0x5d;

/** Where `needle` next occurs in `bytes` from `from`, or -1. */
function indexOf(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  for (
    let i = bytes.indexOf(first, from);
    i >= 0 && i + needle.length <= bytes.length;
    i = bytes.indexOf(first, i + 1)
  ) {
    let j = 1;
    while (j < needle.length && bytes[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

/**
 * The listed keys and the answer's context slot. The envelope is parsed as JSON (so an RPC error is thrown as
 * `rpcResult` throws it); an answer with no value array (an error, an unexpected shape) is parsed whole.
 */
export function listedKeys(bytes: Uint8Array, method = "getProgramAccounts"): { keys: string[]; slot: number } {
  const valueAt = indexOf(bytes, VALUE_START, 0);
  if (valueAt < 0) return parsedKeys(bytes, method);
  // The envelope up to the value array, closed as if the array were empty: `{"jsonrpc":…,"result":{"context":…}}`.
  const head = decoder.decode(bytes.subarray(0, valueAt + VALUE_START.length)) + "]}}";
  const result = rpcResult<{ context?: { slot?: unknown } }>(method, JSON.parse(head));
  const slot = result.context?.slot;
  if (typeof slot !== "number") throw new Error(`${method}: malformed response (no context slot)`);
  const keys: string[] = [];
  let at = valueAt + VALUE_START.length;
  for (;;) {
    const found = indexOf(bytes, PUBKEY_START, at);
    if (found < 0) break;
    const start = found + PUBKEY_START.length;
    const end = bytes.indexOf(QUOTE, start);
    if (end < 0) throw new Error(`${method}: malformed response (unterminated pubkey)`);
    // Decoded from the bytes: a fresh string, holding nothing of the answer alive.
    keys.push(decoder.decode(bytes.subarray(start, end)));
    at = end + 1;
  }
  // No key found in a value array that is not empty: written in a spacing this reader does not look for.
  if (keys.length === 0 && firstNonSpace(bytes, valueAt + VALUE_START.length) !== CLOSE_BRACKET) {
    return parsedKeys(bytes, method);
  }
  return { keys, slot };
}

/** The listing parsed whole (an error answer, or an answer spaced otherwise). */
function parsedKeys(bytes: Uint8Array, method: string): { keys: string[]; slot: number } {
  const result = rpcResult<{ context: { slot: number }; value: { pubkey: string }[] }>(
    method,
    JSON.parse(decoder.decode(bytes)),
  );
  return { keys: result.value.map((a) => a.pubkey), slot: result.context.slot };
}

/** The first byte from `from` that is not JSON whitespace, or -1. */
function firstNonSpace(bytes: Uint8Array, from: number): number {
  for (let i = from; i < bytes.length; i++) {
    const b = bytes[i];
    if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return b;
  }
  return -1;
}
