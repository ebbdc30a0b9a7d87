/**
 * Plain JSON-RPC calls over HTTP POST: the request web3.js's Connection sends (same body and content type), its answer
 * read once and parsed once. The bulk calls of a full load (getProgramAccounts, getMultipleAccounts: at
 * 100,000 owners hundreds of MB of account data) go this way: through web3.js's transport each answer was read as
 * bytes (so the request timeout covers the body), wrapped into a new Response, read again as text and passed through
 * its JSON-RPC client, a copy and a detour per answer. Every call has the source's time limit and ends with its
 * session; errors read like web3.js's.
 */
import { timeoutSignal } from "./util.ts";
import { rpcResult } from "./rpc-result.ts";
import { type ElementSink, readValueArrayAnswer } from "./value-array-answer.ts";
import { type KeyListing, listedKeys, readListedKeys } from "./key-listing.ts";

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
   * `callValueArray` for an answer of any size (a getProgramAccounts of a whole account kind): each element of the
   * value array goes to `sink` as it is parsed, nothing of the answer is kept, and the result comes back with an empty
   * value array. The time limit runs between pieces of the body rather than over the whole call: an answer that keeps
   * arriving is not cut however long it is (at 1,000,000 owners one takes tens of seconds), one that stalls is.
   */
  async streamValueArray<T>(method: string, params: unknown[], sink: ElementSink): Promise<T> {
    return rpcResult<T>(
      method,
      await this.#answer(
        method,
        params,
        (res, progress) => readValueArrayAnswer(res.body ?? emptyBody(), sink, progress),
        "request silent",
      ),
    );
  }

  /**
   * A key listing's keys and slot (getProgramAccounts with an empty `dataSlice`), read from the answer as it arrives
   * (key-listing.ts: no object per account, nothing as large as the answer).
   */
  callKeyListing(method: string, params: unknown[]): Promise<KeyListing> {
    return this.#answer(
      method,
      params,
      (res) => res.body ? readListedKeys(res.body, method) : res.bytes().then((b) => listedKeys(b, method)),
    );
  }

  /**
   * POSTs the call and reads its answer with `read`, within the time limit. `read` may call `progress` as the body
   * arrives to count the limit from then on (`limitName` names the limit in its error).
   */
  async #answer<T>(
    method: string,
    params: unknown[],
    read: (res: Response, progress: () => void) => Promise<T>,
    limitName = "request",
  ): Promise<T> {
    const t = timeoutSignal(this.signal, this.timeoutMs, limitName);
    try {
      const res = await fetch(this.url, {
        method: "POST",
        headers: HEADERS,
        body: JSON.stringify({ method, params, id: this.#nextId++, jsonrpc: "2.0" }),
        signal: t.signal,
      });
      if (!res.ok) throw new Error(`${res.status} ${res.statusText}: ${await res.text()}`);
      try {
        return await read(res, t.restart);
      } catch (err) {
        // An answer given up part way (malformed, or refused by its reader) is not left holding its connection.
        await res.body?.cancel().catch(() => {});
        throw err;
      }
    } finally {
      t.clear();
    }
  }
}

/** A body with nothing in it (an answer without one reads as an empty text: a syntax error). */
function emptyBody(): ReadableStream<Uint8Array> {
  return new ReadableStream({ start: (controller) => controller.close() });
}
