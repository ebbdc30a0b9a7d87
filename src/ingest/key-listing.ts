/**
 * The keys of a key listing (a getProgramAccounts answer asked with an empty `dataSlice`), read from the answer's
 * bytes instead of parsing it into an object per account. At 100,000 owners a listing is about 22 MB of JSON; parsed,
 * it was half a million objects that outlived the young generation and were garbage once the keys were taken, so each
 * listing raised the service's peak memory by tens of MB while it loaded. Here only the keys become strings.
 */
import { rpcResult } from "./json-rpc-http.ts";

const decoder = new TextDecoder();
const VALUE_START = '"value":[';
const PUBKEY_START = '"pubkey":"';

/**
 * The listed keys and the answer's context slot. The envelope is parsed as JSON (so an RPC error is thrown as
 * `rpcResult` throws it); an answer with no value array (an error, an unexpected shape) is parsed whole.
 */
export function listedKeys(bytes: Uint8Array, method = "getProgramAccounts"): { keys: string[]; slot: number } {
  // Searched as text (the engine's own string search), read from the bytes: positions agree while the answer is ASCII,
  // which an RPC's JSON is (keys in base58, numbers; any other character is escaped). An answer that is not is parsed
  // whole.
  const text = decoder.decode(bytes);
  const valueAt = text.length === bytes.length ? text.indexOf(VALUE_START) : -1;
  if (valueAt < 0) return parsedKeys(text, method);
  // The envelope up to the value array, closed as if the array were empty: `{"jsonrpc":…,"result":{"context":…}}`.
  const head = text.slice(0, valueAt + VALUE_START.length) + "]}}";
  const result = rpcResult<{ context?: { slot?: unknown } }>(method, JSON.parse(head));
  const slot = result.context?.slot;
  if (typeof slot !== "number") throw new Error(`${method}: malformed response (no context slot)`);
  const keys: string[] = [];
  let at = valueAt + VALUE_START.length;
  for (;;) {
    const found = text.indexOf(PUBKEY_START, at);
    if (found < 0) break;
    const start = found + PUBKEY_START.length;
    const end = text.indexOf('"', start);
    if (end < 0) throw new Error(`${method}: malformed response (unterminated pubkey)`);
    // Decoded from the bytes: a fresh string (a slice of the text would keep all 22 MB of it alive as long as the key).
    keys.push(decoder.decode(bytes.subarray(start, end)));
    at = end + 1;
  }
  // No key found in a value array that is not empty: written in a spacing this reader does not look for.
  if (
    keys.length === 0 && !/^\s*\]/.test(text.slice(valueAt + VALUE_START.length, valueAt + VALUE_START.length + 64))
  ) {
    return parsedKeys(text, method);
  }
  return { keys, slot };
}

/** The listing parsed whole (an error answer, or an answer spaced otherwise). */
function parsedKeys(text: string, method: string): { keys: string[]; slot: number } {
  const result = rpcResult<{ context: { slot: number }; value: { pubkey: string }[] }>(method, JSON.parse(text));
  return { keys: result.value.map((a) => a.pubkey), slot: result.context.slot };
}
