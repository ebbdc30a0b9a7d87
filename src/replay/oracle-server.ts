/**
 * Loopback WebSocket server speaking the Pyth Lazer stream protocol (JSON delivery) to an unmodified
 * `PythLazerClient`. Frames are pushed by `publish()` (the replayer calls it); an optional fixed-rate ticker repeats the
 * latest values like a `fixed_rate@…` channel does.
 *
 * Client quirks handled here: the SDK opens several sockets and drops byte-identical frames seen within 10 s, so every
 * publish carries a strictly increasing `timestampUs`; it also reconnects when nothing arrives for 5 s, so the server
 * pings every socket (Deno's `idleTimeout` ping/pong keep-alive) and the SDK's heartbeat is reset by those pings.
 */
import type { JsonValue } from "../protocol/codec/json.ts";
import { type Clock, systemClock } from "../state/clock.ts";
import type { OracleFeedRecord, OracleFrame } from "./format.ts";
import { Gate } from "./gate.ts";

interface LazerSubscription {
  subscriptionId: number;
  feedIds: number[];
  /** undefined: every property. */
  properties: Set<string> | undefined;
  parsed: boolean;
  channel: string;
}

interface Conn {
  socket: WebSocket;
  subs: Map<number, LazerSubscription>;
}

const CHANNELS = new Set(["real_time", "fixed_rate@50ms", "fixed_rate@200ms", "fixed_rate@1000ms"]);

export interface ReplayOracleServerOptions {
  port?: number;
  hostname?: string;
  /** When set, connections must present `Authorization: Bearer <token>` or `?ACCESS_TOKEN=<token>`. */
  token?: string;
  /** Seconds between keep-alive pings (Deno idleTimeout); default 2, must stay below the SDK's 5 s heartbeat. */
  pingIntervalSec?: number;
  /** When set, the latest values are re-sent at this period (like a fixed-rate channel). Off by default. */
  fixedRateMs?: number;
  /** Source of `timestampUs` for fixed-rate repeats and the latest values sent on subscribe; default system clock. */
  clock?: Clock;
}

export class ReplayOracleServer {
  readonly hostname: string;
  readonly port: number;
  /** Authorization header (or token query) of the last connection, for tests. */
  lastAuthorization: string | null = null;
  /** Connections accepted so far (reconnects included). */
  connectionsAccepted = 0;
  /** Frames sent (per socket). */
  framesSent = 0;
  #server: Deno.HttpServer<Deno.NetAddr>;
  #conns = new Set<Conn>();
  #latest = new Map<number, OracleFeedRecord>();
  #lastTimestampUs = 0n;
  #opts: ReplayOracleServerOptions;
  #ticker: ReturnType<typeof setInterval> | undefined;
  #stopped = false;
  #silent = false;
  /** While closed, new connections wait here before their upgrade (a stalled handshake). */
  readonly #upgradeGate = new Gate();
  #refusal: number | undefined;

  private constructor(opts: ReplayOracleServerOptions) {
    this.#opts = opts;
    this.hostname = opts.hostname ?? "127.0.0.1";
    this.#server = Deno.serve(
      { port: opts.port ?? 0, hostname: this.hostname, onListen() {} },
      (req) => this.#handle(req),
    ) as Deno.HttpServer<Deno.NetAddr>;
    this.port = this.#server.addr.port;
    if (opts.fixedRateMs && opts.fixedRateMs > 0) {
      this.#ticker = setInterval(() => this.#tick(), opts.fixedRateMs);
    }
  }

  static start(opts: ReplayOracleServerOptions = {}): Promise<ReplayOracleServer> {
    return Promise.resolve(new ReplayOracleServer(opts));
  }

  /** The stream URL to give the SDK. */
  get url(): string {
    return `ws://${this.hostname}:${this.port}/v1/stream`;
  }

  get connectionCount(): number {
    return this.#conns.size;
  }

  get subscriptionCount(): number {
    let n = 0;
    for (const c of this.#conns) n += c.subs.size;
    return n;
  }

  /** Test hook: closes every connection abnormally (the SDK reconnects and resubscribes). */
  dropConnections(): void {
    for (const c of [...this.#conns]) {
      this.#conns.delete(c);
      try {
        c.socket.close(4000, "dropped by replay server");
      } catch {
        // already closing
      }
    }
  }

  /**
   * Fault injection: while `on`, nothing is sent to subscribers (publishes still update the latest values, and the
   * sockets stay open and keep answering pings: the stream is silent, not down). Turning it off sends every
   * subscriber the latest values at once, as the next tick of a fixed-rate channel would.
   */
  silence(on: boolean): void {
    if (this.#silent === on) return;
    this.#silent = on;
    if (!on && this.#latest.size > 0) this.#broadcast(this.#latest, this.#nextTimestamp(this.#clockUs()));
  }

  /**
   * Fault injection: while `on`, new connections hang before the WebSocket upgrade (a stalled handshake); they are
   * refused when it ends.
   */
  stallUpgrades(on: boolean): void {
    this.#upgradeGate.set(on);
  }

  /** Fault injection: while set, every new connection is refused with this HTTP status (401: a token revoked). */
  refuseUpgrades(status: number | undefined): void {
    this.#refusal = status;
  }

  /**
   * Sends one frame to every subscriber (only its feeds, in its order, only its properties). `timestampUs` defaults
   * to the frame's own, and is bumped when needed so that it strictly increases from publish to publish.
   */
  publish(frame: OracleFrame, timestampUs?: bigint): void {
    for (const f of frame.feeds) this.#latest.set(f.feedId, f);
    if (this.#silent) return;
    const ts = this.#nextTimestamp(timestampUs ?? frame.timestampUs ?? this.#clockUs());
    const byId = new Map(frame.feeds.map((f) => [f.feedId, f]));
    this.#broadcast(byId, ts);
  }

  /** Latest published value of each feed. */
  latest(): Map<number, OracleFeedRecord> {
    return new Map(this.#latest);
  }

  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.stallUpgrades(false);
    if (this.#ticker !== undefined) clearInterval(this.#ticker);
    for (const c of [...this.#conns]) {
      this.#conns.delete(c);
      try {
        c.socket.close(4001, "replay server stopping");
      } catch {
        // already closing
      }
    }
    await this.#server.shutdown();
  }

  #clockUs(): bigint {
    return BigInt(Math.floor((this.#opts.clock ?? systemClock).nowMs())) * 1000n;
  }

  #nextTimestamp(candidate: bigint): bigint {
    const ts = candidate > this.#lastTimestampUs ? candidate : this.#lastTimestampUs + 1n;
    this.#lastTimestampUs = ts;
    return ts;
  }

  #tick(): void {
    if (this.#latest.size === 0 || this.#silent) return;
    this.#broadcast(this.#latest, this.#nextTimestamp(this.#clockUs()));
  }

  #broadcast(feeds: Map<number, OracleFeedRecord>, ts: bigint): void {
    // Identical subscriptions get identical bytes on every socket, so the SDK's cross-connection dedupe works.
    const cache = new Map<string, string | null>();
    for (const c of this.#conns) {
      for (const sub of c.subs.values()) {
        const key = `${sub.subscriptionId}|${sub.feedIds.join(",")}|${[...(sub.properties ?? ["*"])].join(",")}`;
        let text = cache.get(key);
        if (text === undefined) {
          text = this.#frameFor(sub, feeds, ts);
          cache.set(key, text);
        }
        if (text !== null) this.#send(c, text);
      }
    }
  }

  #frameFor(sub: LazerSubscription, feeds: Map<number, OracleFeedRecord>, ts: bigint): string | null {
    const want = (p: string) => sub.properties === undefined || sub.properties.has(p);
    const priceFeeds: JsonValue[] = [];
    for (const id of sub.feedIds) {
      const f = feeds.get(id);
      if (!f) continue;
      const o: Record<string, JsonValue> = { priceFeedId: id };
      if (want("price") && f.price !== null) o.price = f.price.toString();
      if (want("exponent")) o.exponent = f.exponent;
      if (want("confidence")) o.confidence = Number(f.confidence);
      if (want("marketSession")) o.marketSession = f.marketSession;
      if (want("feedUpdateTimestamp")) o.feedUpdateTimestamp = Number(f.feedUpdateTimestampUs);
      priceFeeds.push(o);
    }
    if (priceFeeds.length === 0) return null;
    const msg: Record<string, JsonValue> = { type: "streamUpdated", subscriptionId: sub.subscriptionId };
    if (sub.parsed) msg.parsed = { timestampUs: ts.toString(), priceFeeds };
    return JSON.stringify(msg);
  }

  #send(c: Conn, text: string): void {
    if (c.socket.readyState !== WebSocket.OPEN) return;
    try {
      c.socket.send(text);
      this.framesSent++;
    } catch {
      this.#conns.delete(c);
    }
  }

  async #handle(req: Request): Promise<Response> {
    if (this.#upgradeGate.closed) {
      // A stalled handshake never completes: when the stall ends, whoever waited (long gone, after its handshake
      // timeout) is refused, so no half-dead socket is ever upgraded.
      await this.#upgradeGate.passed();
      return new Response("stalled", { status: 503 });
    }
    if (this.#stopped) return new Response("stopping", { status: 503 });
    if (req.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response("expected a WebSocket upgrade", { status: 400 });
    }
    const url = new URL(req.url);
    const auth = req.headers.get("authorization") ??
      (url.searchParams.has("ACCESS_TOKEN") ? `Bearer ${url.searchParams.get("ACCESS_TOKEN")}` : null);
    if (this.#opts.token !== undefined && auth !== `Bearer ${this.#opts.token}`) {
      return new Response("unauthorized", { status: 401 });
    }
    if (this.#refusal !== undefined) return new Response("refused", { status: this.#refusal });
    this.lastAuthorization = auth;
    const { socket, response } = Deno.upgradeWebSocket(req, { idleTimeout: this.#opts.pingIntervalSec ?? 2 });
    const conn: Conn = { socket, subs: new Map() };
    this.#conns.add(conn);
    this.connectionsAccepted++;
    socket.onmessage = (ev) => this.#onMessage(conn, ev.data);
    socket.onclose = () => this.#conns.delete(conn);
    socket.onerror = () => this.#conns.delete(conn);
    return response;
  }

  #onMessage(conn: Conn, data: unknown): void {
    const reply = (msg: JsonValue) => this.#send(conn, JSON.stringify(msg));
    if (typeof data !== "string") return reply({ type: "error", error: "binary requests are not supported" });
    let req: Record<string, unknown>;
    try {
      req = JSON.parse(data);
    } catch {
      return reply({ type: "error", error: "invalid JSON" });
    }
    const subscriptionId = req.subscriptionId;
    if (req.type === "subscribe") {
      if (!Number.isInteger(subscriptionId)) return reply({ type: "error", error: "subscriptionId required" });
      const id = subscriptionId as number;
      const fail = (error: string) => reply({ type: "subscriptionError", subscriptionId: id, error });
      if (!Array.isArray(req.priceFeedIds) || !req.priceFeedIds.every((x) => Number.isInteger(x))) {
        return fail("priceFeedIds (numeric) are required by the replay server");
      }
      if (req.deliveryFormat === "binary") return fail("binary delivery is not supported by the replay server");
      const channel = typeof req.channel === "string" ? req.channel : "";
      if (!CHANNELS.has(channel)) return fail(`unknown channel ${JSON.stringify(req.channel)}`);
      if (conn.subs.has(id)) return fail("subscription id already in use");
      const subscription = {
        subscriptionId: id,
        feedIds: req.priceFeedIds as number[],
        properties: Array.isArray(req.properties) ? new Set(req.properties as string[]) : undefined,
        parsed: req.parsed !== false,
        channel,
      };
      conn.subs.set(id, subscription);
      reply({ type: "subscribed", subscriptionId: id });
      // Emulates the first tick of a fixed-rate channel: a new subscriber gets the latest values right away.
      if (this.#latest.size > 0 && !this.#silent) {
        const text = this.#frameFor(subscription, this.#latest, this.#nextTimestamp(this.#clockUs()));
        if (text !== null) this.#send(conn, text);
      }
      return;
    }
    if (req.type === "unsubscribe") {
      if (!Number.isInteger(subscriptionId) || !conn.subs.delete(subscriptionId as number)) {
        return reply({
          type: "subscriptionError",
          subscriptionId: (subscriptionId ?? null) as JsonValue,
          error: "unknown subscription",
        });
      }
      return reply({ type: "unsubscribed", subscriptionId: subscriptionId as number });
    }
    reply({ type: "error", error: `unknown request type ${JSON.stringify(req.type)}` });
  }
}
