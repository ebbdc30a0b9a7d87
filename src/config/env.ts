/**
 * Service configuration from the environment, validated once at boot. A bad value stops the process with a
 * message naming the variable, instead of surfacing later as a confusing runtime error.
 *
 * With no variables set the service replays the bundled world (fixtures/world) on loopback: no network, no keys.
 * Setting RPC_URL (+ ER_RPC_URL, ORACLE_URL) switches to live sources.
 */
import { z } from "zod";
import { OriginListError, parseCorsOrigins } from "./cors-origins.ts";

const booleanFlag = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => ["true", "1", "yes"].includes(v));
const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const nonNegativeInt = z.coerce.number().int().min(0);
const corsOrigins = z.string().transform((text, ctx) => {
  try {
    return parseCorsOrigins(text);
  } catch (error) {
    if (!(error instanceof OriginListError)) throw error;
    ctx.addIssue({ code: "custom", message: error.message });
    return z.NEVER;
  }
});

/**
 * A mount point (DECISIONS 1.1): `off`, or a path prefix (`/`, `/v2`, `/api/v1`), held as the prefix every route of
 * the interface gets: `""` for the root, `/v2` for `/v2` or `/v2/`, `null` for `off`. Segments are plain URL
 * characters: a prefix is matched literally, never as a pattern.
 */
const mountPoint = z.string().transform((text, ctx) => {
  if (text === "off") return null;
  const trimmed = text.replace(/\/+$/, "");
  if (!text.startsWith("/") || !/^(?:\/[A-Za-z0-9._~-]+)*$/.test(trimmed)) {
    ctx.addIssue({ code: "custom", message: "must be `off` or a path prefix such as `/`, `/v2` or `/api/v1`" });
    return z.NEVER;
  }
  return trimmed;
});

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" });
const wsUrl = z.url({ protocol: /^wss?$/, error: "must be a ws:// or wss:// URL" });

export const ConfigSchema = z.object({
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: port.default(8080),
  // Prometheus metrics and the liveness check, on a listener of their own: loopback by default, so the API port
  // never serves them to the internet. `off` serves neither.
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  METRICS_PORT: z.union([z.literal("off"), port]).default(9464),

  // Connections (src/http/connections): every bound a client could otherwise hold open or fill without limit.
  // The first request's headers must arrive within this long of the connection opening (slow headers: closed).
  HTTP_HEADERS_TIMEOUT_MS: positiveInt.default(10_000),
  // A request's body must arrive, and its answer be produced, within this long of its headers.
  HTTP_REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
  // An answer must be taken by the client within this long (a reader that stops reading is closed).
  HTTP_WRITE_TIMEOUT_MS: positiveInt.default(60_000),
  // A kept-alive connection with no request for this long is closed.
  HTTP_KEEPALIVE_TIMEOUT_MS: positiveInt.default(5_000),
  // Open connections (HTTP and WebSocket) at most; past it a new connection is closed at once. Default: the
  // descriptor limit (raised at start to the hard limit) less a tenth, at least 128, kept for upstreams and files.
  HTTP_MAX_CONNECTIONS: positiveInt.optional(),
  // Largest message a stream client may send (the streams read none beyond control frames): past it the socket is
  // closed with 1009 (RFC 6455 "message too big").
  WS_MAX_MESSAGE_BYTES: positiveInt.default(4096),
  // Graceful shutdown (SIGTERM/SIGINT): streams close with 1001 and requests in flight finish; whatever is still
  // open this long after the signal is dropped and the process exits 0.
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),

  // Where each interface is served (DECISIONS 1.1): a path prefix or `off`. The live service's layout is
  // V2_BASE_PATH=/ EARLIER_BASE_PATH=/v1. Settings under which both would answer one method and path stop the boot.
  V2_BASE_PATH: mountPoint.prefault("/v2"),
  EARLIER_BASE_PATH: mountPoint.prefault("/"),
  // Structured JSON logs (one line per request and per event) at this level and above.
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),

  // Live mode. Without RPC_URL the bundled (or REPLAY_DIR) recording is replayed on loopback.
  // Schemes checked here: a URL the sources cannot use (ftp://) would otherwise only fail their sessions, and the boot
  // would wait for a first load that never comes.
  RPC_URL: httpUrl.optional(),
  RPC_WS_URL: wsUrl.optional(),
  ER_RPC_URL: httpUrl.optional(),
  ER_RPC_WS_URL: wsUrl.optional(),
  ORACLE_URL: wsUrl.optional(),
  ORACLE_TOKEN: z.string().optional(),

  // Replay mode.
  REPLAY_DIR: z.string().min(1).default("fixtures/world"),
  REPLAY_SPEED: z.coerce.number().positive().default(1),
  REPLAY_LOOP: booleanFlag.default(true),

  // Deployment (pool) configuration per interface: a file path or an http(s) URL. Defaults to the replayed world's.
  POOL_CONFIG_V2: z.string().min(1).optional(),
  POOL_CONFIG_EARLIER: z.string().min(1).optional(),

  // Limits (DECISIONS 4.x).
  RATE_LIMIT_RPS: nonNegativeInt.default(10),
  RATE_LIMIT_BURST: positiveInt.default(10),
  TRUST_PROXY: booleanFlag.default(false),
  RATE_LIMIT_MAX_CLIENTS: positiveInt.default(100_000),
  WS_MAX_PER_OWNER: positiveInt.default(5),
  WS_MAX_GLOBAL: positiveInt.default(10_000),
  // WebSocket liveness: Deno's server socket pings after this long without a frame from the client and closes it
  // when the pong does not come within the same time (see src/streams/hub.ts for why one value sets both).
  WS_PONG_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  // A socket whose unsent frames exceed this many bytes is a slow consumer: it is closed (1008) instead of growing
  // the server's memory.
  WS_MAX_BUFFERED_BYTES: positiveInt.default(1_048_576),

  // Browsers (DECISIONS 5.14): origins allowed to call the REST routes and open the WebSockets; `*` or a list.
  CORS_ORIGINS: corsOrigins.default("*"),

  // Replicas: with REDIS_URL the rate-limit buckets and WebSocket slots are shared through Redis.
  REDIS_URL: z.string().regex(/^rediss?:\/\/\S+$/, "must be a redis:// or rediss:// URL").optional(),
  REDIS_KEY_PREFIX: z.string().max(64).default("perps:"),
  WS_SLOT_LEASE_MS: z.coerce.number().int().min(3_000).default(30_000),

  // Freshness and schedules.
  POOL_STATS_INTERVAL_MS: positiveInt.default(15_000),
  PRICE_MAX_AGE_MS: positiveInt.default(60_000),
  INGEST_STALE_AFTER_MS: positiveInt.default(120_000),
  BLOCKHASH_REFRESH_MS: positiveInt.default(2_000),
  // How often the chain sources ask whether the accounts they hold still exist (closed accounts disappear); 0: off.
  EXISTENCE_CHECK_INTERVAL_MS: nonNegativeInt.default(2_000),
  // How a live full load fetches the kinds that grow with the user count: `stream`, one getProgramAccounts per kind
  // read as it arrives (from the first one the RPC fails, as `batches`); `batches`, a key listing then
  // getMultipleAccounts of 100 keys (an RPC that cuts large answers).
  BULK_LOAD: z.enum(["stream", "batches"]).default("stream"),
  PRIORITY_FEE_MICROLAMPORTS: nonNegativeInt.default(0),
});

export type Config = z.infer<typeof ConfigSchema>;

/**
 * What each upstream variable needs set beside it to be read at all: live mode (RPC_URL), and the URL a WebSocket URL
 * or a token goes with. Set without them it would be ignored, the service quietly doing something else (replaying the
 * bundled recording, or running without the ER or the oracle).
 */
const REQUIRES: Record<string, readonly string[]> = {
  RPC_WS_URL: ["RPC_URL"],
  ER_RPC_URL: ["RPC_URL"],
  ER_RPC_WS_URL: ["RPC_URL", "ER_RPC_URL"],
  ORACLE_URL: ["RPC_URL"],
  ORACLE_TOKEN: ["RPC_URL", "ORACLE_URL"],
};

/** One problem line per variable set without what it needs. */
function unreadVariables(present: Record<string, unknown>): string[] {
  return Object.entries(REQUIRES).flatMap(([name, needs]) => {
    const missing = needs.filter((need) => present[need] === undefined);
    if (present[name] === undefined || missing.length === 0) return [];
    const named = missing.map((need) => need === "RPC_URL" ? "RPC_URL (the base chain)" : need);
    return [`${name}: requires ${named.join(" and ")} as well`];
  });
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = ConfigSchema.safeParse(present);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  // Said together with any bad value, so one boot names everything to fix.
  problems.push(...unreadVariables(present));
  if (!result.success || problems.length > 0) {
    throw new ConfigError(`invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  return result.data;
}

export const isLiveMode = (config: Config) => config.RPC_URL !== undefined;
