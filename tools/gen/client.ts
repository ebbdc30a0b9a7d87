/**
 * The typed client and the small runtime the generated schemas need. Both are fixed text: the
 * per-interface knowledge lives in the generated `types.ts` that the client is parameterised with.
 */
import { GENERATED_HEADER } from "./emit.ts";

export function emitRuntimeModule(): string {
  return `${GENERATED_HEADER("tools/gen/client.ts")}
import type { z } from "@hono/zod-openapi";

const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
/** Each ASCII code's base58 digit, -1 outside the alphabet. */
const BASE58_DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE58_ALPHABET.length; i++) BASE58_DIGIT[BASE58_ALPHABET.charCodeAt(i)] = i;
/** The number a value encodes, as little-endian 24-bit limbs (44 base58 digits stay below 2^258 < 2^264). */
const limbs = new Int32Array(11);

/**
 * \`format: solana-pubkey\`: the value decodes to exactly 32 bytes (as base58 decoders count them: one zero byte per
 * leading \`1\`, then the number's bytes). Values the pattern already rejects (wrong length or alphabet) pass here, so
 * a 10,000-character string is never decoded and the answer names one problem. Counted in small integer limbs
 * instead of decoding into a byte array: every request naming an owner checks one.
 */
export function isSolanaPubkey(value: string): boolean {
  if (value.length < 32 || value.length > 44) return true;
  limbs.fill(0);
  let zeros = 0;
  while (zeros < value.length && value.charCodeAt(zeros) === 49) zeros++;
  let used = 0; // limbs holding the number so far
  for (let i = zeros; i < value.length; i++) {
    const code = value.charCodeAt(i);
    let carry = code < 128 ? BASE58_DIGIT[code] : -1;
    if (carry < 0) return true;
    for (let j = 0; j < used || carry !== 0; j++) {
      const x = limbs[j] * 58 + carry; // below 2^30: integer arithmetic
      limbs[j] = x & 0xffffff;
      carry = x >>> 24;
      if (j >= used) used = j + 1;
    }
  }
  if (used === 0) return zeros === 32;
  const top = limbs[used - 1];
  const numberBytes = (used - 1) * 3 + (top >= 0x10000 ? 3 : top >= 0x100 ? 2 : 1);
  return zeros + numberBytes === 32;
}

/** A plain decimal literal (\`12\`, \`-3.5\`): what a number in a query or a path may be written as. */
const PLAIN_NUMBER = /^-?[0-9]+(\\.[0-9]+)?$/;

/**
 * A query or path value given for a \`type: number\` parameter is a plain decimal literal (\`""\`, \`1e3\`, \`abc\` are
 * not). A check of its own rather than a pattern: the decimal amount schemas have the same pattern with their own
 * code (INVALID_DECIMAL), and a non-numeric parameter is VALIDATION_FAILED.
 */
export function isPlainNumber(value: string): boolean {
  return PLAIN_NUMBER.test(value);
}

/**
 * Implements \`anyOf: [{required: [...]}, ...]\` on an object: at least one group of fields must be present.
 * The issue points at the first field of the first group so the 400 answer names a field.
 */
export function requireOneGroup(
  value: unknown,
  groups: string[][],
  described: string,
  ctx: z.core.$RefinementCtx,
): void {
  const record = (value ?? {}) as Record<string, unknown>;
  const satisfied = groups.some((group) => group.every((key) => record[key] !== undefined && record[key] !== null));
  if (!satisfied) {
    ctx.addIssue({ code: "custom", message: \`requires \${described}\`, path: [groups[0][0]] });
  }
}
`;
}

export function emitClientModule(): string {
  return `${GENERATED_HEADER("tools/gen/client.ts")}
/**
 * Typed clients for both interfaces (openapi-fetch; works in Deno, Node 18+ and browsers) and typed
 * helpers for the two WebSocket streams (reconnecting with backoff; any runtime with a WebSocket: Deno, browsers,
 * Node 22+, or older Node given the \`ws\` package's constructor).
 *
 * One base URL per interface: the service's address followed by where that interface is mounted (DECISIONS 1.1;
 * by default v2 under \`/v2\`, the earlier interface at the root; the live service's layout puts v2 at the root).
 * Paths are written relative to it, as the live service's own v2 client writes them.
 *
 *   const v2 = createV2Client({ baseUrl: "http://localhost:8080/v2" });
 *   const { data, error } = await v2.GET("/prices/{symbol}", { params: { path: { symbol: "SOL" } } });
 */
import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { components as V2Components, paths as V2DocumentedPaths } from "./v2/types.ts";
import type { components as EarlierComponents, paths as EarlierPaths } from "./earlier/types.ts";

/** The v2 paths relative to the v2 base URL (the document writes them under its default mount, \`/v2\`). */
export type V2Paths = {
  [P in keyof V2DocumentedPaths as P extends \`/v2\${infer Rest}\` ? Rest : never]: V2DocumentedPaths[P];
};

export type { V2Components, EarlierComponents, EarlierPaths };
export type V2Client = Client<V2Paths>;
export type EarlierClient = Client<EarlierPaths>;

export function createV2Client(options: ClientOptions = {}): V2Client {
  return createClient<V2Paths>(options);
}

export function createEarlierClient(options: ClientOptions = {}): EarlierClient {
  return createClient<EarlierPaths>(options);
}

/** Messages of \`GET {v2 base}/owner/{owner}/ws\`. */
export type V2StreamMessage = V2Components["schemas"]["BasketMessage"] | V2Components["schemas"]["MetricsMessage"];
/** Messages of \`GET {earlier base}/owner/{owner}/ws\`. */
export type EarlierStreamMessage =
  | EarlierComponents["schemas"]["PositionsMessage"]
  | EarlierComponents["schemas"]["OrdersMessage"];

/**
 * Reconnection after the socket closes without \`close()\` being called (server restart, network loss, a refused
 * upgrade such as the per-owner limit): the n-th consecutive failed attempt waits
 * min(maxDelayMs, initialDelayMs × factor^(n−1)), spread by ±jitter. A connection that delivered a message resets
 * the count. Every (re)connection starts with the stream's opening messages, so a client's state is whole again.
 */
export interface ReconnectOptions {
  /** Default 500. */
  initialDelayMs?: number;
  /** Default 30000. */
  maxDelayMs?: number;
  /** Default 2. */
  factor?: number;
  /** Fraction of the delay added or removed at random (0..1, default 0.2), so clients do not return in lockstep. */
  jitter?: number;
  /** Consecutive failed attempts after which the stream gives up (default: never). */
  maxAttempts?: number;
}

/** A WebSocket constructor: the runtime's (Deno, browsers, Node 22+) or one passed in (e.g. the \`ws\` package). */
export type WebSocketConstructor = new (url: string) => WebSocket;

export interface StreamHandlers<M> {
  /** Each message, parsed and typed (narrow on \`message.type\`). */
  onMessage: (message: M) => void;
  /** The socket opened (again, after a reconnection). */
  onOpen?: () => void;
  /** The socket closed; \`reconnectInMs\` is set when another attempt follows. */
  onClose?: (event: { code: number; reason: string; reconnectInMs?: number }) => void;
  /** A socket error, or a message that is not JSON. */
  onError?: (error: unknown) => void;
  /** Default: \`globalThis.WebSocket\`. */
  WebSocket?: WebSocketConstructor;
  /** Default: reconnect with the defaults of ReconnectOptions; \`false\` never reconnects. */
  reconnect?: ReconnectOptions | false;
}

export interface Stream {
  /** The current socket (a new one after each reconnection). */
  readonly socket: WebSocket;
  /** Consecutive failed attempts so far (0 while connected). */
  readonly failures: number;
  /** Closes the socket for good: no reconnection. */
  close(): void;
}

function streamUrl(baseUrl: string, path: string, query: Record<string, string | number | boolean | undefined>) {
  const url = new URL(path, baseUrl.endsWith("/") ? baseUrl : baseUrl + "/");
  url.protocol = url.protocol === "https:" ? "wss:" : url.protocol === "http:" ? "ws:" : url.protocol;
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
  return url.toString();
}

/** The delay before reconnection attempt number \`failures\` (1-based), or undefined to give up. */
export function reconnectDelayMs(options: ReconnectOptions, failures: number, random = Math.random): number | undefined {
  if (failures > (options.maxAttempts ?? Infinity)) return undefined;
  const base = Math.min(
    options.maxDelayMs ?? 30_000,
    (options.initialDelayMs ?? 500) * (options.factor ?? 2) ** Math.max(0, failures - 1),
  );
  const jitter = Math.min(1, Math.max(0, options.jitter ?? 0.2));
  return Math.round(base * (1 + jitter * (2 * random() - 1)));
}

function openStream<M>(url: string, handlers: StreamHandlers<M>): Stream {
  const Impl: WebSocketConstructor = handlers.WebSocket ?? globalThis.WebSocket;
  const policy = handlers.reconnect === false ? undefined : handlers.reconnect ?? {};
  let socket: WebSocket;
  let failures = 0;
  let closedByUser = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    socket = new Impl(url);
    let delivered = false;
    socket.onopen = () => handlers.onOpen?.();
    socket.onmessage = (event) => {
      if (!delivered) failures = 0;
      delivered = true;
      let message: M;
      try {
        message = JSON.parse(String(event.data)) as M;
      } catch (error) {
        handlers.onError?.(error);
        return;
      }
      handlers.onMessage(message);
    };
    socket.onerror = (event) => handlers.onError?.(event);
    socket.onclose = (event) => {
      const delay = closedByUser || !policy ? undefined : reconnectDelayMs(policy, ++failures);
      handlers.onClose?.({ code: event.code, reason: event.reason, reconnectInMs: delay });
      if (delay !== undefined) timer = setTimeout(connect, delay);
    };
  };
  connect();
  return {
    get socket() {
      return socket;
    },
    get failures() {
      return failures;
    },
    close() {
      closedByUser = true;
      if (timer !== undefined) clearTimeout(timer);
      socket.close();
    },
  };
}

/**
 * Streams one owner's basket: a \`basket\` message first (and after every reconnection), again on each basket change,
 * and \`metrics\` at the update interval.
 *
 * \`baseUrl\` is the v2 base URL (\`https://api.example/v2\` by default, \`https://api.example\` in the live layout).
 *
 *   const stream = openV2BasketStream("https://api.example/v2", owner, {
 *     updateIntervalMs: 1000,
 *     onMessage: (m) => m.type === "basket" ? render(m.data) : update(m.data),
 *   });
 */
export function openV2BasketStream(
  baseUrl: string,
  owner: string,
  options: { updateIntervalMs?: number } & StreamHandlers<V2StreamMessage>,
): Stream {
  const url = streamUrl(baseUrl, \`owner/\${encodeURIComponent(owner)}/ws\`, {
    updateIntervalMs: options.updateIntervalMs,
  });
  return openStream(url, options);
}

/**
 * Streams one owner's positions (at the update interval) and orders (on connect and on change). \`baseUrl\` is the
 * earlier interface's base URL.
 */
export function openEarlierOwnerStream(
  baseUrl: string,
  owner: string,
  options: { updateIntervalMs?: number; includePnlInLeverageDisplay?: boolean } & StreamHandlers<EarlierStreamMessage>,
): Stream {
  const url = streamUrl(baseUrl, \`owner/\${encodeURIComponent(owner)}/ws\`, {
    updateIntervalMs: options.updateIntervalMs,
    includePnlInLeverageDisplay: options.includePnlInLeverageDisplay,
  });
  return openStream(url, options);
}
`;
}
