/**
 * The typed client and the small runtime the generated schemas need. Both are fixed text: the
 * per-interface knowledge lives in the generated `types.ts` that the client is parameterised with.
 */
import { GENERATED_HEADER } from "./emit.ts";

export function emitRuntimeModule(): string {
  return `${GENERATED_HEADER("tools/gen/client.ts")}
import type { z } from "@hono/zod-openapi";
import bs58 from "bs58";

/**
 * \`format: solana-pubkey\`: the value decodes to exactly 32 bytes. Values the pattern already rejects (wrong
 * length or alphabet) pass here, so a 10,000-character string is never decoded and the answer names one problem.
 */
export function isSolanaPubkey(value: string): boolean {
  if (value.length < 32 || value.length > 44) return true;
  const bytes = bs58.decodeUnsafe(value);
  return bytes === undefined || bytes.length === 32;
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
 * helpers for the two WebSocket streams.
 *
 *   const v2 = createV2Client({ baseUrl: "http://localhost:8080" });
 *   const { data, error } = await v2.GET("/v2/prices/{symbol}", { params: { path: { symbol: "SOL" } } });
 */
import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { components as V2Components, paths as V2Paths } from "./v2/types.ts";
import type { components as EarlierComponents, paths as EarlierPaths } from "./earlier/types.ts";

export type { V2Components, V2Paths, EarlierComponents, EarlierPaths };
export type V2Client = Client<V2Paths>;
export type EarlierClient = Client<EarlierPaths>;

export function createV2Client(options: ClientOptions = {}): V2Client {
  return createClient<V2Paths>(options);
}

export function createEarlierClient(options: ClientOptions = {}): EarlierClient {
  return createClient<EarlierPaths>(options);
}

/** Messages of \`GET /v2/owner/{owner}/ws\`. */
export type V2StreamMessage = V2Components["schemas"]["BasketMessage"] | V2Components["schemas"]["MetricsMessage"];
/** Messages of \`GET /owner/{owner}/ws\`. */
export type EarlierStreamMessage =
  | EarlierComponents["schemas"]["PositionsMessage"]
  | EarlierComponents["schemas"]["OrdersMessage"];

export interface StreamHandlers<M> {
  onMessage: (message: M) => void;
  onOpen?: () => void;
  onClose?: (code: number, reason: string) => void;
  onError?: (error: unknown) => void;
  /** A WebSocket implementation where the runtime has none (older Node): e.g. the \`ws\` package. */
  WebSocket?: typeof WebSocket;
}

export interface Stream {
  readonly socket: WebSocket;
  close(): void;
}

function streamUrl(baseUrl: string, path: string, query: Record<string, string | number | boolean | undefined>) {
  const url = new URL(path, baseUrl.endsWith("/") ? baseUrl : baseUrl + "/");
  url.protocol = url.protocol === "https:" ? "wss:" : url.protocol === "http:" ? "ws:" : url.protocol;
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
  return url.toString();
}

function openStream<M>(url: string, handlers: StreamHandlers<M>): Stream {
  const Impl = handlers.WebSocket ?? globalThis.WebSocket;
  const socket = new Impl(url);
  socket.onopen = () => handlers.onOpen?.();
  socket.onmessage = (event) => {
    try {
      handlers.onMessage(JSON.parse(String(event.data)) as M);
    } catch (error) {
      handlers.onError?.(error);
    }
  };
  socket.onerror = (event) => handlers.onError?.(event);
  socket.onclose = (event) => handlers.onClose?.(event.code, event.reason);
  return { socket, close: () => socket.close() };
}

/** Streams one owner's basket: a \`basket\` message first, then \`metrics\` at the update interval. */
export function openV2BasketStream(
  baseUrl: string,
  owner: string,
  options: { updateIntervalMs?: number } & StreamHandlers<V2StreamMessage>,
): Stream {
  const url = streamUrl(baseUrl, \`v2/owner/\${encodeURIComponent(owner)}/ws\`, {
    updateIntervalMs: options.updateIntervalMs,
  });
  return openStream(url, options);
}

/** Streams one owner's positions (at the update interval) and orders (on change). */
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
