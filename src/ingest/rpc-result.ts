/**
 * Reading a JSON-RPC answer's envelope, on its own so both readers of answers use it: the HTTP client
 * (json-rpc-http.ts) and the key-listing reader it calls (key-listing.ts).
 */

/** A JSON-RPC answer's result, or its error thrown as `method: code message`. */
export function rpcResult<T>(method: string, parsed: unknown): T {
  const response = parsed as { result?: unknown; error?: { code: number; message: string } } | null;
  if (response?.error) throw new Error(`${method}: ${response.error.code} ${response.error.message}`);
  if (typeof response !== "object" || response === null || !("result" in response)) {
    throw new Error(`${method}: malformed response`);
  }
  return response.result as T;
}
