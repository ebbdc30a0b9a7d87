/**
 * Plain JSON-RPC calls over HTTP POST: the request web3.js's Connection sends (same body and content type), its answer
 * read once and parsed once. The bulk calls of a full load (getProgramAccounts, getMultipleAccounts: at
 * 100,000 owners hundreds of MB of account data) go this way: through web3.js's transport each answer was read as
 * bytes (so the request timeout covers the body), wrapped into a new Response, read again as text and passed through
 * its JSON-RPC client, a copy and a detour per answer. Every call has the source's time limit and ends with its
 * session; errors read like web3.js's.
 */
import { timeoutSignal } from "./util.ts";
import { readValueArrayAnswer } from "./value-array-answer.ts";

const HEADERS = { "content-type": "application/json" };

export class JsonRpcHttp {
  #nextId = 1;

  constructor(
    readonly url: string,
    /** Ends every call in flight (the session's end). */
    readonly signal: AbortSignal,
    /** Per call, the body included. */
    readonly timeoutMs: number,
  ) {}

  /** The call's `result`; an HTTP error status or a JSON-RPC error is thrown. */
  async call<T>(method: string, params: unknown[]): Promise<T> {
    return rpcResult<T>(method, JSON.parse(await this.#answer(method, params, (res) => res.text())));
  }

  /**
   * `call` for an answer whose result holds a `value` array that may be large (getMultipleAccounts): parsed a piece at
   * a time as it arrives rather than read into one string first (value-array-answer.ts). The same result.
   */
  async callValueArray<T>(method: string, params: unknown[]): Promise<T> {
    return rpcResult<T>(
      method,
      await this.#answer(method, params, (res) => res.body ? readValueArrayAnswer(res.body) : res.json()),
    );
  }

  /**
   * The call's whole answer as bytes, unparsed (for an answer too large to parse into objects: key-listing.ts); an
   * HTTP error status is thrown, a JSON-RPC error is the reader's to find.
   */
  callBytes(method: string, params: unknown[]): Promise<Uint8Array> {
    return this.#answer(method, params, (res) => res.bytes());
  }

  async #answer<T>(method: string, params: unknown[], read: (res: Response) => Promise<T>): Promise<T> {
    const t = timeoutSignal(this.signal, this.timeoutMs, "request");
    try {
      const res = await fetch(this.url, {
        method: "POST",
        headers: HEADERS,
        body: JSON.stringify({ method, params, id: this.#nextId++, jsonrpc: "2.0" }),
        signal: t.signal,
      });
      if (!res.ok) throw new Error(`${res.status} ${res.statusText}: ${await res.text()}`);
      return await read(res);
    } finally {
      t.clear();
    }
  }
}

/** A JSON-RPC answer's result, or its error thrown as `method: code message`. */
export function rpcResult<T>(method: string, parsed: unknown): T {
  const response = parsed as { result?: unknown; error?: { code: number; message: string } } | null;
  if (response?.error) throw new Error(`${method}: ${response.error.code} ${response.error.message}`);
  if (typeof response !== "object" || response === null || !("result" in response)) {
    throw new Error(`${method}: malformed response`);
  }
  return response.result as T;
}
