/**
 * Oracle ingestion over `@pythnetwork/pyth-lazer-sdk` (Pyth Lazer JSON stream, parsed payloads).
 *
 * The SDK keeps `numConnections` sockets, resubscribes on every reconnect (with its own backoff, capped at
 * `maxRetryDelayMs`), reconnects a socket that stays silent for `heartbeatTimeoutMs`, and drops byte-identical frames
 * across sockets. This source maps `streamUpdated` frames of its subscription into the PriceStore, ignoring feeds that
 * are not configured, and counts errors.
 *
 * Time limits: a socket that says nothing (no frame, no ping) for `heartbeatTimeoutMs` is reconnected by the SDK, and a
 * WebSocket handshake that does not complete within `handshakeTimeoutMs` fails (and is retried). Every unexpected
 * socket close or heartbeat timeout counts one error.
 *
 * Known SDK limitation: `PythLazerClient.create` only resolves once a socket is open, and offers no way to cancel
 * before that. `start()` therefore does not wait for it; if `stop()` is called before the first connection ever
 * succeeded, the SDK's retry loop keeps running until it connects, and is shut down at that moment.
 */
import { PythLazerClient } from "@pythnetwork/pyth-lazer-sdk";
import type { PriceStore } from "../state/price-store.ts";
import { type Clock, systemClock } from "../state/clock.ts";
import type { Unsubscribe } from "../state/types.ts";
import type { OracleIngestStatus } from "./status.ts";
import { errorMessage } from "./util.ts";

/** The oracle's reconnect backoff cap unless configured (see `OracleSourceConfig.maxRetryDelayMs`). */
export const DEFAULT_MAX_RETRY_DELAY_MS = 30_000;

export type OracleChannel = "real_time" | "fixed_rate@50ms" | "fixed_rate@200ms";

export interface OracleSourceConfig {
  /** Stream URLs (e.g. wss://…/v1/stream). */
  urls: string[];
  token: string;
  /** Numeric feed ids to subscribe to; frames for other feeds are ignored. */
  feedIds: number[];
  channel?: OracleChannel;
  /** SDK sockets (default 2 when there is one URL, else one per URL, at least 2). */
  numConnections?: number;
  subscriptionId?: number;
  /** SDK heartbeat: a socket silent this long is reconnected. Default 5000. */
  heartbeatTimeoutMs?: number;
  /**
   * SDK reconnect backoff cap. The SDK waits 20 ms after a socket's first failure, doubling per failure, and this cap
   * from the tenth on. Default 30000, as the chain sources: a provider refusing the token (401) is not asked again every
   * second for as long as that lasts.
   */
  maxRetryDelayMs?: number;
  /** A WebSocket handshake that takes longer fails (the SDK retries). Default 10000. */
  handshakeTimeoutMs?: number;
}

export interface OracleSourceDeps {
  prices: PriceStore;
  status: OracleIngestStatus;
  clock?: Clock;
  onError?: (message: string) => void;
}

/** One feed of a received frame, as the recorder stores it. */
export interface OracleFeedUpdate {
  feedId: number;
  price: bigint | null;
  exponent: number;
  confidence: bigint;
  marketSession: string;
  feedUpdateTimestampUs: bigint;
}

/** A received frame, filtered to configured feeds. */
export interface ReceivedOracleFrame {
  receivedAtMs: number;
  timestampUs: bigint;
  feeds: OracleFeedUpdate[];
}

interface ParsedFeed {
  priceFeedId?: unknown;
  price?: unknown;
  exponent?: unknown;
  confidence?: unknown;
  marketSession?: unknown;
  feedUpdateTimestamp?: unknown;
}

interface RwsInternals {
  wsUserClosed: boolean;
  handleReconnect(): void;
  heartbeatTimeout?: ReturnType<typeof setTimeout>;
  retryTimeout?: ReturnType<typeof setTimeout>;
  wsClient?: { terminate?: () => void; close(): void };
}

/** The SDK socket pool's settings for `config`, its defaults applied (what the SDK is created with). */
export function socketPoolSettings(config: OracleSourceConfig) {
  return {
    urls: config.urls,
    numConnections: config.numConnections ?? Math.max(2, config.urls.length),
    rwsConfig: {
      heartbeatTimeoutDurationMs: config.heartbeatTimeoutMs ?? 5000,
      maxRetryDelayMs: config.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS,
      // The SDK's heartbeat starts once a socket is open; this bounds the handshake before it (`ws` option).
      wsOptions: { handshakeTimeout: config.handshakeTimeoutMs ?? 10_000 },
    },
  };
}

function toBigInt(v: unknown): bigint | undefined {
  if (typeof v === "string" && /^-?\d+$/.test(v)) return BigInt(v);
  if (typeof v === "number" && Number.isInteger(v)) return BigInt(v);
  return undefined;
}

export class OracleSource {
  readonly config: OracleSourceConfig;
  readonly #prices: PriceStore;
  readonly #status: OracleIngestStatus;
  readonly #clock: Clock;
  readonly #onError?: (message: string) => void;
  readonly #feeds: Set<number>;
  readonly #frameListeners = new Set<(f: ReceivedOracleFrame) => void>();
  readonly #subscriptionId: number;
  #client: PythLazerClient | undefined;
  #creating: Promise<void> | undefined;
  #stopped = false;
  /** The last socket error since the last counted drop (what the drop's message names). */
  #lastSocketError: string | undefined;
  #connectedResolve!: () => void;
  readonly #connected: Promise<void>;

  constructor(config: OracleSourceConfig, deps: OracleSourceDeps) {
    this.config = config;
    this.#prices = deps.prices;
    this.#status = deps.status;
    this.#clock = deps.clock ?? systemClock;
    this.#onError = deps.onError;
    this.#feeds = new Set(config.feedIds);
    this.#subscriptionId = config.subscriptionId ?? 1;
    this.#connected = new Promise((r) => this.#connectedResolve = r);
  }

  get status(): OracleIngestStatus {
    return this.#status;
  }

  /** Starts connecting in the background (idempotent). */
  start(): void {
    if (this.#creating || this.#stopped) return;
    const cfg = this.config;
    this.#creating = PythLazerClient.create({
      token: cfg.token,
      webSocketPoolConfig: {
        ...socketPoolSettings(cfg),
        onWebSocketError: (e) => {
          const message = (e as { message?: string })?.message ?? "socket error";
          // Once connected, a socket error is followed by its close, which is what counts (#countDrops), naming it.
          if (this.#client) this.#lastSocketError = message;
          else this.#error("websocket", message);
        },
        onWebSocketPoolError: (e) => this.#error("stream", e),
      },
    }).then((client) => {
      if (this.#stopped) {
        this.#shutdownClient(client);
        return;
      }
      this.#client = client;
      this.#countDrops(client);
      client.addMessageListener((msg) => {
        try {
          if (msg.type === "json") this.#onJson(msg.value as unknown as Record<string, unknown>);
        } catch (err) {
          this.#error("frame", err);
        }
      });
      client.addAllConnectionsDownListener(() => {
        this.#status.connected = false;
      });
      client.subscribe({
        type: "subscribe",
        subscriptionId: this.#subscriptionId,
        priceFeedIds: cfg.feedIds,
        properties: ["price", "exponent", "confidence", "marketSession", "feedUpdateTimestamp"],
        formats: [],
        deliveryFormat: "json",
        parsed: true,
        channel: cfg.channel ?? "fixed_rate@200ms",
      });
    }, (err) => this.#error("connect", err));
  }

  /** Resolves once the subscription was acknowledged or a frame arrived. */
  connected(): Promise<void> {
    return this.#connected;
  }

  /** Raw frames (configured feeds only), e.g. for the recorder. */
  onFrame(listener: (frame: ReceivedOracleFrame) => void): Unsubscribe {
    this.#frameListeners.add(listener);
    return () => {
      this.#frameListeners.delete(listener);
    };
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#status.connected = false;
    const client = this.#client;
    this.#client = undefined;
    if (client) {
      this.#shutdownClient(client);
      // Let the terminated sockets report their close.
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  /** Counts every unexpected close or heartbeat timeout of the SDK's sockets (each is followed by a reconnect). */
  #countDrops(client: PythLazerClient): void {
    for (const rws of this.#sockets(client)) {
      const reconnect = rws.handleReconnect.bind(rws);
      rws.handleReconnect = () => {
        if (!rws.wsUserClosed && !this.#stopped) {
          this.#status.reconnects++;
          // A refused token (401) or handshake says why here; a plain close or a silent socket has no error.
          const why = this.#lastSocketError === undefined ? "" : ` (${this.#lastSocketError})`;
          this.#lastSocketError = undefined;
          this.#error("websocket", `socket closed or silent; reconnecting${why}`);
        }
        reconnect();
      };
    }
  }

  #sockets(client: PythLazerClient): RwsInternals[] {
    return (client as unknown as { wsp?: { rwsPool?: RwsInternals[] } }).wsp?.rwsPool ?? [];
  }

  #shutdownClient(client: PythLazerClient): void {
    // shutdown() closes politely but leaves each socket's heartbeat timer and a close handshake pending; terminate
    // the sockets and clear the timers first so nothing outlives stop().
    for (const rws of this.#sockets(client)) {
      rws.wsUserClosed = true;
      if (rws.heartbeatTimeout !== undefined) clearTimeout(rws.heartbeatTimeout);
      if (rws.retryTimeout !== undefined) clearTimeout(rws.retryTimeout);
      try {
        if (rws.wsClient?.terminate) rws.wsClient.terminate();
      } catch {
        // already closed
      }
    }
    try {
      client.shutdown();
    } catch (err) {
      this.#error("shutdown", err);
    }
  }

  #error(where: string, err: unknown): void {
    if (this.#stopped) return;
    this.#status.errors++;
    const msg = `oracle ${where}: ${errorMessage(err)}`;
    this.#status.lastError = msg;
    this.#onError?.(msg);
  }

  #markConnected(): void {
    this.#status.connected = true;
    this.#connectedResolve();
  }

  #onJson(value: Record<string, unknown>): void {
    if (value.subscriptionId !== this.#subscriptionId) return;
    if (value.type === "subscribed" || value.type === "subscribedWithInvalidFeedIdsIgnored") {
      this.#markConnected();
      return;
    }
    if (value.type !== "streamUpdated") return;
    const parsed = value.parsed as { timestampUs?: unknown; priceFeeds?: unknown } | undefined;
    if (!parsed || !Array.isArray(parsed.priceFeeds)) {
      this.#error("frame", "streamUpdated without parsed payload");
      return;
    }
    this.#markConnected();
    const now = this.#clock.nowMs();
    this.#status.frames++;
    this.#status.lastFrameMs = now;
    const frameTs = toBigInt(parsed.timestampUs);
    const feeds: OracleFeedUpdate[] = [];
    for (const raw of parsed.priceFeeds as ParsedFeed[]) {
      const feedId = raw.priceFeedId;
      if (typeof feedId !== "number" || !this.#feeds.has(feedId)) continue;
      const ts = toBigInt(raw.feedUpdateTimestamp) ?? frameTs;
      const price = raw.price === undefined || raw.price === null ? null : toBigInt(raw.price);
      if (price === undefined || ts === undefined || typeof raw.exponent !== "number") {
        this.#error("frame", `feed ${feedId}: malformed price, exponent or timestamp`);
        continue;
      }
      const update: OracleFeedUpdate = {
        feedId,
        price,
        exponent: raw.exponent,
        confidence: toBigInt(raw.confidence) ?? 0n,
        marketSession: typeof raw.marketSession === "string" ? raw.marketSession : "regular",
        feedUpdateTimestampUs: ts,
      };
      feeds.push(update);
      if (price === null) continue; // a feed that never had a price
      this.#prices.set({
        feedId,
        price,
        exponent: update.exponent,
        confidence: update.confidence,
        timestampUs: ts,
        marketSession: update.marketSession,
        receivedAtMs: now,
      });
      this.#status.priceUpdates++;
    }
    if (feeds.length === 0 || this.#frameListeners.size === 0) return;
    const frame: ReceivedOracleFrame = { receivedAtMs: now, timestampUs: frameTs ?? BigInt(now) * 1000n, feeds };
    for (const l of this.#frameListeners) {
      try {
        l(frame);
      } catch (err) {
        this.#error("frame listener", err);
      }
    }
  }
}
