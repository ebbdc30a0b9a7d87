/**
 * Loopback Solana JSON-RPC server (HTTP on port P, WebSocket on P+1) over a ReplayChainState, close enough to Agave
 * for an unmodified `@solana/web3.js` 1.98 `Connection("http://127.0.0.1:P")` to work.
 *
 * Closed accounts are reported as Agave does: `getAccountInfo` / `getMultipleAccounts` answer null, an account
 * subscription gets one notification with the empty system-owned account (0 lamports), and program subscriptions hear
 * nothing (the account no longer belongs to the program).
 *
 * Fault injection for tests (each undone by calling it again with `undefined` / `false`): `failHttp` (every HTTP
 * request answers a status), `failMethod` (one method answers a JSON-RPC error or a status, for every call or those
 * whose params a predicate picks), `stallHttp` (HTTP requests hang until released), `stallWebSockets` (nothing is
 * sent on the sockets, replies included, until released; what was held is then sent in order), `dropWebSockets`
 * (every socket closes abnormally). A chain that lags is `ReplayChainState.freeze()`.
 */
import { dataLength, dataRange, dataTransient, type MaybePacked } from "../state/packed-bytes.ts";
import type { JsonValue } from "../protocol/codec/json.ts";
import { base58, base64, fromBase58, fromBase64 } from "../protocol/codec/bytes.ts";
import type { ChainStateEvent, ReplayAccount, ReplayChainState } from "./chain-state.ts";
import type { RecordedAccount } from "./recorded-account.ts";
import { Gate } from "./gate.ts";
import { JsonBytes } from "./json-bytes.ts";

const SYSTEM_PROGRAM = "11111111111111111111111111111111";
const RENT_EPOCH_MAX = 18446744073709551615; // u64::MAX, sent as a JSON number like Agave does
const API_VERSION = "2.2.0";

export class RpcError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

const invalidParams = (msg: string) => new RpcError(-32602, `Invalid params: ${msg}`);

export interface AccountEncodingConfig {
  encoding: "base64" | "base58";
  dataSlice?: { offset: number; length: number };
}

type Filter = { dataSize: number } | { memcmp: { offset: number; bytes: Uint8Array } };

function asObject(v: unknown): Record<string, unknown> {
  return v && typeof v === "object" && !Array.isArray(v) ? v as Record<string, unknown> : {};
}

function parseEncoding(cfg: Record<string, unknown>): AccountEncodingConfig {
  const enc = cfg.encoding ?? "base64";
  let encoding: "base64" | "base58";
  if (enc === "base64" || enc === "jsonParsed") encoding = "base64";
  else if (enc === "base58" || enc === "binary") encoding = "base58";
  else throw invalidParams(`unsupported encoding ${JSON.stringify(enc)}`);
  const out: AccountEncodingConfig = { encoding };
  if (cfg.dataSlice !== undefined) {
    const ds = asObject(cfg.dataSlice);
    if (!Number.isInteger(ds.offset) || !Number.isInteger(ds.length)) throw invalidParams("bad dataSlice");
    out.dataSlice = { offset: ds.offset as number, length: ds.length as number };
  }
  return out;
}

function parseFilters(raw: unknown): Filter[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw invalidParams("filters must be an array");
  if (raw.length > 4) throw invalidParams("too many filters provided; max 4");
  return raw.map((f): Filter => {
    const o = asObject(f);
    if ("dataSize" in o) {
      if (!Number.isInteger(o.dataSize)) throw invalidParams("bad dataSize");
      return { dataSize: o.dataSize as number };
    }
    if ("memcmp" in o) {
      const m = asObject(o.memcmp);
      if (!Number.isInteger(m.offset) || typeof m.bytes !== "string") throw invalidParams("bad memcmp");
      const enc = m.encoding ?? "base58";
      let bytes: Uint8Array;
      try {
        if (enc === "base58") bytes = fromBase58(m.bytes);
        else if (enc === "base64") bytes = fromBase64(m.bytes);
        else throw new Error();
      } catch {
        throw invalidParams("bad memcmp bytes");
      }
      if (bytes.length > 128) throw invalidParams("memcmp bytes too long");
      return { memcmp: { offset: m.offset as number, bytes } };
    }
    throw invalidParams("unknown filter");
  });
}

/** Where a packed account's bytes under a memcmp filter are read (filter bytes are at most 128 long). */
const filterScratch = new Uint8Array(128);

/**
 * Bytes [offset, offset + n) of an account, for a comparison made at once: a view of held bytes, or packed bytes read
 * into one reused buffer. A listing checks every account of a kind; an array per account was garbage the collector
 * spent longer on than the listing itself.
 */
function filterWindow(account: MaybePacked, offset: number, n: number): Uint8Array {
  const packed = account.packed;
  if (!packed) return account.data.subarray(offset, offset + n);
  const window = filterScratch.subarray(0, n);
  packed.readInto(window, offset);
  return window;
}

/** Whether an account passes the filters (packed bytes are read where the filters look, not expanded). */
export function matchesFilters(account: MaybePacked, filters: Filter[]): boolean {
  const length = dataLength(account);
  for (const f of filters) {
    if ("dataSize" in f) {
      if (length !== f.dataSize) return false;
    } else {
      const { offset, bytes } = f.memcmp;
      if (offset + bytes.length > length) return false;
      const data = filterWindow(account, offset, bytes.length);
      for (let i = 0; i < bytes.length; i++) if (data[i] !== bytes[i]) return false;
    }
  }
  return true;
}

/**
 * JSON already written as text. Answers listing accounts are written as text, account by account, instead of as a
 * tree of objects serialized afterwards: a full load asks for hundreds of MB of account data, and building then
 * serializing that tree was most of this server's time (it shares the machine with the client it serves).
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** The text of a JSON value (`JsonText` and `JsonBytes` as they are). */
function jsonText(value: JsonValue | JsonText | JsonBytes): string {
  return value instanceof JsonText || value instanceof JsonBytes ? value.text : JSON.stringify(value);
}

/**
 * An account as the RPC sends it, as JSON text: the full on-chain length, and the bytes (or the slice asked for).
 * Fields in Agave's order; the same text `JSON.stringify` writes for the object (tests compare both).
 */
export function encodeAccount(a: ReplayAccount, cfg: AccountEncodingConfig): JsonText {
  const length = dataLength(a);
  let data: Uint8Array;
  if (cfg.dataSlice) {
    const start = Math.min(cfg.dataSlice.offset, length);
    const end = Math.min(start + cfg.dataSlice.length, length);
    // A key listing asks for no bytes (length 0): nothing to read.
    data = end > start ? dataRange(a, start, end) : EMPTY;
  } else data = dataTransient(a); // encoded at once and dropped
  // base64 and base58 text, numbers and booleans need no escaping; the owner is escaped in case a recording has any.
  const encoded = data.length === 0 ? "" : cfg.encoding === "base58" ? base58(data) : base64(data);
  return new JsonText(
    `{"data":["${encoded}","${cfg.encoding}"],"executable":${a.executable === true},"lamports":${
      Number(a.lamports)
    },"owner":${JSON.stringify(a.owner)},"rentEpoch":${a.rentEpoch ?? RENT_EPOCH_MAX},"space":${length}}`,
  );
}

const EMPTY = new Uint8Array(0);
const encoder = new TextEncoder();

/** A listing entry up to its key's first character: the array's first, and any other. */
const FIRST_KEY_HEAD = encoder.encode('[{"pubkey":"');
const NEXT_KEY_HEAD = encoder.encode(',{"pubkey":"');

/**
 * What follows a key in a key listing (`","account":{…}}`, no bytes sent), as bytes, cached for the fields of the
 * last account it was asked for: the accounts of one kind mostly share owner, lamports, size and rent epoch, so a
 * listing of 100,000 writes the text a few times and copies it the rest (a text built and encoded per account was half
 * a listing's time).
 */
class KeyListingTails {
  #owner: string | undefined;
  #lamports = -1n;
  #space = -1;
  #executable: boolean | undefined;
  #rentEpoch: number | undefined;
  #bytes = EMPTY;

  constructor(readonly enc: AccountEncodingConfig) {}

  after(a: ReplayAccount): Uint8Array {
    const space = dataLength(a);
    if (
      a.owner !== this.#owner || a.lamports !== this.#lamports || space !== this.#space ||
      a.executable !== this.#executable || a.rentEpoch !== this.#rentEpoch
    ) {
      this.#owner = a.owner;
      this.#lamports = a.lamports;
      this.#space = space;
      this.#executable = a.executable;
      this.#rentEpoch = a.rentEpoch;
      this.#bytes = encoder.encode(`","account":${encodeAccount(a, this.enc).text}}`);
    }
    return this.#bytes;
  }
}

/** A dispatched answer as text, for the paths that send text (a batch, a WebSocket). */
function answerText(answer: string | JsonBytes): string {
  return typeof answer === "string" ? answer : answer.text;
}

/** A subscription notification's text, its result already written as text. */
function notification(method: string, subscription: number, result: string): string {
  return `{"jsonrpc":"2.0","method":"${method}","params":{"subscription":${subscription},"result":${result}}}`;
}

/** An HTTP answer of JSON text, or of JSON bytes sent as they are written. */
function jsonResponse(answer: string | JsonBytes): Response {
  const body = typeof answer === "string" ? answer : answer.stream();
  return new Response(body, { headers: { "content-type": "application/json" } });
}

/** What Agave's account notification carries for a closed account: the default, system-owned, empty account. */
const CLOSED_ACCOUNT: ReplayAccount = {
  owner: SYSTEM_PROGRAM,
  lamports: 0n,
  executable: false,
  data: new Uint8Array(),
  rentEpoch: 0,
};

/**
 * A method's injected failure: a JSON-RPC error or an HTTP status, for every call or only the calls whose params
 * `when` picks (a getProgramAccounts asking for data, but not a key listing).
 */
export type MethodFailure = ({ code: number; message: string } | { httpStatus: number }) & {
  when?: (params: unknown) => boolean;
};

interface WsSub {
  id: number;
  kind: "account" | "program" | "slot";
  key: string;
  enc: AccountEncodingConfig;
  filters: Filter[];
  socket: WebSocket;
}

export interface ReplayRpcServerOptions {
  state: ReplayChainState;
  /** HTTP port; the WebSocket listens on port+1. 0 (default) picks a free pair. */
  port?: number;
  hostname?: string;
}

type DenoServer = Deno.HttpServer<Deno.NetAddr>;

export class ReplayRpcServer {
  readonly state: ReplayChainState;
  readonly hostname: string;
  readonly port: number;
  /** Calls served, by method (HTTP and WS). */
  readonly calls = new Map<string, number>();
  #http: DenoServer;
  #ws: DenoServer;
  #sockets = new Set<WebSocket>();
  #subs = new Map<number, WsSub>();
  #accountSubs = new Map<string, Set<WsSub>>();
  #programSubs = new Map<string, Set<WsSub>>();
  #slotSubs = new Set<WsSub>();
  #nextSubId = 1;
  #unlisten: () => void;
  #stopped = false;
  #httpFailure: number | undefined;
  readonly #methodFailures = new Map<string, MethodFailure>();
  readonly #httpGate = new Gate();
  /** While set, outgoing WebSocket messages wait here, per socket, in order. */
  #wsHeld: Map<WebSocket, string[]> | undefined;

  private constructor(state: ReplayChainState, hostname: string, http: DenoServer, ws: DenoServer) {
    this.state = state;
    this.hostname = hostname;
    this.#http = http;
    this.#ws = ws;
    this.port = http.addr.port;
    this.#unlisten = state.subscribe((e) => this.#onStateEvent(e));
  }

  /** Starts both listeners (they are bound when this resolves). */
  static start(options: ReplayRpcServerOptions): Promise<ReplayRpcServer> {
    try {
      return Promise.resolve(ReplayRpcServer.#startSync(options));
    } catch (err) {
      return Promise.reject(err);
    }
  }

  static #startSync(options: ReplayRpcServerOptions): ReplayRpcServer {
    const hostname = options.hostname ?? "127.0.0.1";
    let self: ReplayRpcServer | undefined;
    const httpHandler = (req: Request) => self ? self.#handleHttp(req) : new Response("starting", { status: 503 });
    const wsHandler = (req: Request) => self ? self.#handleWsUpgrade(req) : new Response("starting", { status: 503 });
    const serve = (port: number, handler: (r: Request) => Response | Promise<Response>) =>
      Deno.serve({ port, hostname, onListen() {} }, handler) as DenoServer;
    const fixed = options.port ?? 0;
    for (let attempt = 0; attempt < 50; attempt++) {
      const http = serve(fixed, httpHandler);
      try {
        const ws = serve(http.addr.port + 1, wsHandler);
        self = new ReplayRpcServer(options.state, hostname, http, ws);
        return self;
      } catch (err) {
        // Best effort: the HTTP listener is released before retrying with another port.
        void http.shutdown();
        if (fixed !== 0 || !(err instanceof Deno.errors.AddrInUse)) throw err;
      }
    }
    throw new Error("no free port pair found");
  }

  get url(): string {
    return `http://${this.hostname}:${this.port}`;
  }

  get wsUrl(): string {
    return `ws://${this.hostname}:${this.port + 1}`;
  }

  /** Open WebSocket connections. */
  get webSocketCount(): number {
    return this.#sockets.size;
  }

  /** Active WS subscriptions. */
  get subscriptionCount(): number {
    return this.#subs.size;
  }

  /** Test hook: closes every WebSocket connection (clients see an abnormal close and must reconnect). */
  dropWebSockets(): void {
    for (const s of [...this.#sockets]) this.#closeSocket(s, 4000, "dropped by replay server");
  }

  /** Test hook: answer every HTTP request with this status (undefined restores normal service). */
  failHttp(status: number | undefined): void {
    this.#httpFailure = status;
  }

  /** Test hook: `method` answers this failure (undefined restores it). */
  failMethod(method: string, failure: MethodFailure | undefined): void {
    if (failure) this.#methodFailures.set(method, failure);
    else this.#methodFailures.delete(method);
  }

  /**
   * The failure of the given way (an HTTP status, before the request is read as JSON-RPC; or a JSON-RPC error) that a
   * call of `method` with `params` answers, if one is injected; `when` is asked once per call.
   */
  #failureOf(method: string, params: unknown, way: "http" | "rpc"): MethodFailure | undefined {
    const failure = this.#methodFailures.get(method);
    if (failure === undefined || ("httpStatus" in failure) !== (way === "http")) return undefined;
    return failure.when === undefined || failure.when(params) ? failure : undefined;
  }

  /** Test hook: while `on`, HTTP requests hang (a stalled upstream); turning it off answers the waiting ones. */
  stallHttp(on: boolean): void {
    this.#httpGate.set(on);
  }

  /**
   * Test hook: while `on`, nothing is sent on the WebSockets (notifications and replies are held per socket; the
   * sockets stay open); turning it off sends what was held, in order.
   */
  stallWebSockets(on: boolean): void {
    if (on) {
      this.#wsHeld ??= new Map();
      return;
    }
    const held = this.#wsHeld;
    this.#wsHeld = undefined;
    for (const [socket, messages] of held ?? []) for (const text of messages) this.#write(socket, text);
  }

  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.stallHttp(false);
    this.#wsHeld = undefined;
    this.#unlisten();
    for (const s of [...this.#sockets]) this.#closeSocket(s, 4001, "replay server stopping");
    await Promise.all([this.#http.shutdown(), this.#ws.shutdown()]);
  }

  #count(method: string): void {
    this.calls.set(method, (this.calls.get(method) ?? 0) + 1);
  }

  // -------------------------------------------------------------------------------------------- HTTP

  async #handleHttp(req: Request): Promise<Response> {
    await this.#httpGate.passed();
    if (this.#httpFailure !== undefined) return new Response("unavailable", { status: this.#httpFailure });
    if (req.method === "GET") {
      const path = new URL(req.url).pathname;
      if (path === "/health") return new Response("ok");
      return new Response("not found", { status: 404 });
    }
    if (req.method !== "POST") return new Response("method not allowed", { status: 405 });
    let body: unknown;
    try {
      body = JSON.parse(await req.text());
    } catch {
      return Response.json({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error" }, id: null });
    }
    const { method, params } = asObject(body);
    const failure = typeof method === "string" ? this.#failureOf(method, params, "http") : undefined;
    if (failure && "httpStatus" in failure) return new Response("unavailable", { status: failure.httpStatus });
    if (Array.isArray(body)) {
      const out = body.map((r) => this.#dispatch(r)).filter((r) => r !== undefined);
      return jsonResponse(`[${out.map(answerText).join(",")}]`);
    }
    const res = this.#dispatch(body);
    return res === undefined ? new Response(null, { status: 204 }) : jsonResponse(res);
  }

  /**
   * One JSON-RPC request → its response's text, or its JSON bytes when the result is written as bytes (a listing, sent
   * as it is written); undefined for an id-less notification.
   */
  #dispatch(raw: unknown, socket?: WebSocket): string | JsonBytes | undefined {
    const req = asObject(raw);
    const hasId = "id" in req;
    const id = (hasId ? req.id : null) as JsonValue;
    if (req.jsonrpc !== "2.0" || typeof req.method !== "string") {
      return JSON.stringify({ jsonrpc: "2.0", error: { code: -32600, message: "Invalid request" }, id });
    }
    if (!hasId) return undefined; // notifications (web3.js's ping) need no answer
    const params = Array.isArray(req.params) ? req.params : req.params === undefined ? [] : null;
    try {
      if (params === null) throw invalidParams("params must be an array");
      this.#count(req.method);
      const failure = this.#failureOf(req.method, params, "rpc");
      if (failure && "code" in failure) throw new RpcError(failure.code, failure.message);
      const result = socket ? this.#wsCall(req.method, params, socket) : this.#httpCall(req.method, params);
      if (result instanceof JsonBytes) {
        return result.within(`{"jsonrpc":"2.0","result":`, `,"id":${JSON.stringify(id)}}`);
      }
      return `{"jsonrpc":"2.0","result":${jsonText(result)},"id":${JSON.stringify(id)}}`;
    } catch (err) {
      const e = err instanceof RpcError ? err : new RpcError(-32603, `Internal error: ${String(err)}`);
      return JSON.stringify({ jsonrpc: "2.0", error: { code: e.code, message: e.message }, id });
    }
  }

  #context(): JsonValue {
    return { apiVersion: API_VERSION, slot: this.state.slot };
  }

  /** A result with a context, its value written as text. */
  #withContext(value: string): JsonText {
    return new JsonText(`${this.#contextHead()}${value}}`);
  }

  /** A result-with-context's text up to its value: `{"context":{…},"value":` (the value and `}` follow). */
  #contextHead(): string {
    return `{"context":${JSON.stringify(this.#context())},"value":`;
  }

  #checkMinContextSlot(cfg: Record<string, unknown>): void {
    const min = cfg.minContextSlot;
    if (typeof min === "number" && min > this.state.slot) {
      throw new RpcError(-32016, "Minimum context slot has not been reached");
    }
  }

  #pubkeyParam(v: unknown, what = "pubkey"): string {
    if (typeof v !== "string") throw invalidParams(`${what} must be a base58 string`);
    // A key the chain holds came from the recording, so it is a valid key: not decoded again. The existence check asks
    // about hundreds of held keys per request every few seconds, and decoding each one stalled the event loop for
    // milliseconds per sweep.
    if (this.state.accounts.has(v)) return v;
    let bytes: Uint8Array;
    try {
      bytes = fromBase58(v);
    } catch {
      throw invalidParams(`invalid ${what}`);
    }
    if (bytes.length !== 32) throw invalidParams(`invalid ${what}`);
    return v;
  }

  #httpCall(method: string, params: unknown[]): JsonValue | JsonText | JsonBytes {
    const st = this.state;
    switch (method) {
      case "getAccountInfo": {
        const key = this.#pubkeyParam(params[0]);
        const cfg = asObject(params[1]);
        this.#checkMinContextSlot(cfg);
        const enc = parseEncoding(cfg);
        const a = st.accounts.get(key);
        return this.#withContext(a ? encodeAccount(a, enc).text : "null");
      }
      case "getMultipleAccounts": {
        if (!Array.isArray(params[0])) throw invalidParams("expected an array of pubkeys");
        if (params[0].length > 100) throw invalidParams("Too many inputs provided; max 100");
        // One lookup per key: a held key is valid; any other is checked (and answers null when valid).
        const accounts = params[0].map((k) => st.accounts.get(k) ?? void this.#pubkeyParam(k));
        const cfg = asObject(params[1]);
        this.#checkMinContextSlot(cfg);
        const enc = parseEncoding(cfg);
        let value = "";
        for (const a of accounts) value += `${value === "" ? "[" : ","}${a ? encodeAccount(a, enc).text : "null"}`;
        return this.#withContext(value === "" ? "[]" : `${value}]`);
      }
      case "getProgramAccounts": {
        const program = this.#pubkeyParam(params[0], "program id");
        const cfg = asObject(params[1]);
        this.#checkMinContextSlot(cfg);
        const enc = parseEncoding(cfg);
        const filters = parseFilters(cfg.filters);
        const first = filters.find((f) => "memcmp" in f && f.memcmp.offset === 0);
        const discriminator = first && "memcmp" in first ? first.memcmp.bytes : undefined;
        // Listed by an 8-byte discriminator, every account starts with it: its filter holds without reading the bytes
        // (a packed account's would be expanded for it, a third of a key listing's time).
        const checked = discriminator?.length === 8 ? filters.filter((f) => f !== first) : filters;
        // The accounts listed are taken now, at this slot (`take`: an account the replay changed, or the key of an
        // initial account, which never changes); their text is written as the answer is sent.
        const held = st.accounts;
        const keys: string[] = [];
        const taken: (RecordedAccount | string)[] = [];
        for (const key of st.keysOwnedBy(program, discriminator)) {
          const account = held.take(key);
          if (checked.length > 0 && !matchesFilters(held.read(account), checked)) continue;
          keys.push(key);
          taken.push(account);
        }
        const head = cfg.withContext === true ? this.#contextHead() : "";
        return new JsonBytes(function* (out) {
          out.write(head);
          // A key listing (no bytes asked for): after each key, the same text for every account of equal fields.
          const tails = enc.dataSlice?.length === 0 ? new KeyListingTails(enc) : undefined;
          for (let i = 0; i < keys.length; i++) {
            const key = keys[i];
            const a = held.read(taken[i]);
            if (tails) {
              out.writeBytes(i === 0 ? FIRST_KEY_HEAD : NEXT_KEY_HEAD);
              if (!out.writePlain(key)) out.write(JSON.stringify(key).slice(1, -1));
              out.writeBytes(tails.after(a));
            } else {
              out.write(
                `${i === 0 ? "[" : ","}{"pubkey":${JSON.stringify(key)},"account":${encodeAccount(a, enc).text}}`,
              );
            }
            if (out.hasFull) yield;
          }
          out.write(keys.length === 0 ? "[]" : "]");
          if (head !== "") out.write("}");
        });
      }
      case "getBalance": {
        const key = this.#pubkeyParam(params[0]);
        this.#checkMinContextSlot(asObject(params[1]));
        return { context: this.#context(), value: Number(st.accounts.get(key)?.lamports ?? 0n) };
      }
      case "getLatestBlockhash":
        this.#checkMinContextSlot(asObject(params[0]));
        return { context: this.#context(), value: st.latestBlockhash() };
      case "isBlockhashValid":
        if (typeof params[0] !== "string") throw invalidParams("blockhash must be a string");
        return { context: this.#context(), value: st.isBlockhashKnown(params[0]) };
      case "getSlot":
        this.#checkMinContextSlot(asObject(params[0]));
        return st.slot;
      case "getBlockHeight":
        this.#checkMinContextSlot(asObject(params[0]));
        return st.blockHeight;
      case "getEpochInfo": {
        const slotsInEpoch = 432_000;
        return {
          absoluteSlot: st.slot,
          blockHeight: st.blockHeight,
          epoch: Math.floor(st.slot / slotsInEpoch),
          slotIndex: st.slot % slotsInEpoch,
          slotsInEpoch,
          transactionCount: null,
        };
      }
      case "getMinimumBalanceForRentExemption": {
        const size = params[0];
        if (!Number.isInteger(size)) throw invalidParams("data length must be an integer");
        return ((size as number) + 128) * 6960;
      }
      case "getVersion":
        return { "solana-core": API_VERSION, "feature-set": 0 };
      case "getHealth":
        return "ok";
      case "getGenesisHash":
        return "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d";
      default:
        throw new RpcError(-32601, "Method not found");
    }
  }

  // -------------------------------------------------------------------------------------------- WebSocket

  #handleWsUpgrade(req: Request): Response {
    if (req.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response("expected a WebSocket upgrade", { status: 400 });
    }
    const { socket, response } = Deno.upgradeWebSocket(req, { idleTimeout: 0 });
    this.#sockets.add(socket);
    socket.onmessage = (ev) => {
      if (typeof ev.data !== "string") return;
      let msg: unknown;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        this.#sendText(
          socket,
          JSON.stringify({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error" }, id: null }),
        );
        return;
      }
      const res = this.#dispatch(msg, socket);
      if (res !== undefined) this.#sendText(socket, answerText(res));
    };
    socket.onclose = () => this.#forgetSocket(socket);
    socket.onerror = () => this.#forgetSocket(socket);
    return response;
  }

  /** Sends (or holds, while stalled) one message's text. */
  #sendText(socket: WebSocket, text: string): void {
    if (this.#wsHeld) {
      const held = this.#wsHeld.get(socket);
      if (held) held.push(text);
      else this.#wsHeld.set(socket, [text]);
      return;
    }
    this.#write(socket, text);
  }

  #write(socket: WebSocket, text: string): void {
    if (socket.readyState !== WebSocket.OPEN) return;
    try {
      socket.send(text);
    } catch {
      this.#forgetSocket(socket);
    }
  }

  #closeSocket(socket: WebSocket, code: number, reason: string): void {
    this.#forgetSocket(socket);
    try {
      socket.close(code, reason);
    } catch {
      // already closing
    }
  }

  #forgetSocket(socket: WebSocket): void {
    this.#wsHeld?.delete(socket);
    if (!this.#sockets.delete(socket)) return;
    for (const sub of [...this.#subs.values()]) if (sub.socket === socket) this.#removeSub(sub.id);
  }

  #addSub(sub: WsSub): number {
    this.#subs.set(sub.id, sub);
    if (sub.kind === "slot") this.#slotSubs.add(sub);
    else {
      const index = sub.kind === "account" ? this.#accountSubs : this.#programSubs;
      let set = index.get(sub.key);
      if (!set) index.set(sub.key, set = new Set());
      set.add(sub);
    }
    return sub.id;
  }

  #removeSub(id: number): boolean {
    const sub = this.#subs.get(id);
    if (!sub) return false;
    this.#subs.delete(id);
    if (sub.kind === "slot") this.#slotSubs.delete(sub);
    else {
      const index = sub.kind === "account" ? this.#accountSubs : this.#programSubs;
      const set = index.get(sub.key);
      set?.delete(sub);
      if (set && set.size === 0) index.delete(sub.key);
    }
    return true;
  }

  #wsCall(method: string, params: unknown[], socket: WebSocket): JsonValue {
    switch (method) {
      case "accountSubscribe": {
        const key = this.#pubkeyParam(params[0]);
        const enc = parseEncoding(asObject(params[1]));
        return this.#addSub({ id: this.#nextSubId++, kind: "account", key, enc, filters: [], socket });
      }
      case "programSubscribe": {
        const key = this.#pubkeyParam(params[0], "program id");
        const cfg = asObject(params[1]);
        const enc = parseEncoding(cfg);
        const filters = parseFilters(cfg.filters);
        return this.#addSub({ id: this.#nextSubId++, kind: "program", key, enc, filters, socket });
      }
      case "slotSubscribe":
        return this.#addSub({
          id: this.#nextSubId++,
          kind: "slot",
          key: "",
          enc: { encoding: "base64" },
          filters: [],
          socket,
        });
      case "accountUnsubscribe":
      case "programUnsubscribe":
      case "slotUnsubscribe": {
        const id = params[0];
        if (!Number.isInteger(id)) throw invalidParams("subscription id must be an integer");
        const sub = this.#subs.get(id as number);
        const kind = method.replace("Unsubscribe", "");
        if (!sub || sub.socket !== socket || sub.kind !== kind) throw invalidParams("Invalid subscription id.");
        return this.#removeSub(id as number);
      }
      default:
        throw new RpcError(-32601, "Method not found");
    }
  }

  #onStateEvent(e: ChainStateEvent): void {
    if (e.type === "slot") {
      for (const sub of this.#slotSubs) {
        const result = JSON.stringify({ parent: e.parent, slot: e.slot, root: Math.max(0, e.slot - 32) });
        this.#sendText(sub.socket, notification("slotNotification", sub.id, result));
      }
      return;
    }
    const context = JSON.stringify({ slot: e.slot });
    const accountSubs = this.#accountSubs.get(e.pubkey);
    if (accountSubs) {
      const value = e.account ?? CLOSED_ACCOUNT;
      for (const sub of accountSubs) {
        const result = `{"context":${context},"value":${encodeAccount(value, sub.enc).text}}`;
        this.#sendText(sub.socket, notification("accountNotification", sub.id, result));
      }
    }
    // Like Agave, program subscriptions only hear about accounts the program owns after the change, so a closed
    // account or one reassigned to another owner (delegation) produces no programNotification.
    if (e.account) {
      const programSubs = this.#programSubs.get(e.account.owner);
      if (programSubs) {
        for (const sub of programSubs) {
          if (!matchesFilters(e.account, sub.filters)) continue;
          const value = `{"pubkey":${JSON.stringify(e.pubkey)},"account":${encodeAccount(e.account, sub.enc).text}}`;
          this.#sendText(
            sub.socket,
            notification("programNotification", sub.id, `{"context":${context},"value":${value}}`),
          );
        }
      }
    }
  }
}
