/**
 * The Redis connection shared by the limit stores when `REDIS_URL` is set (several replicas behind a load
 * balancer count against the same limits).
 *
 * Client: `@redis/client` (node-redis, the client Redis itself maintains): promise-native, typed, pure
 * JavaScript (works under Deno's npm support), reconnects by itself. The bundling `redis` package adds
 * modules (search, JSON, time series) this service does not use; ioredis is the older, callback-era client.
 *
 * The client is configured to fail fast instead of queueing while disconnected (`disableOfflineQueue`), and
 * every script call has a deadline, so a Redis outage or stall turns into a quick error the caller handles by
 * failing open, never into a request that hangs or a 500.
 */
// Only the type here: the client library is loaded by `connect()`, so a service without REDIS_URL never loads it
// (its modules were about 0.25 s of every cold start).
import type { createClient } from "@redis/client";
import type { Logger } from "../http/logger.ts";

/** A client that fails fast while disconnected and keeps reconnecting (see the module comment). */
function newClient(create: typeof createClient, url: string) {
  return create({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2_000,
      // Keep trying, at most every 2 s: the limits fail open meanwhile.
      reconnectStrategy: (retries: number) => Math.min(100 * 2 ** Math.min(retries, 5), 2_000),
    },
  });
}

type Client = ReturnType<typeof newClient>;

/** A Lua script run with EVALSHA, loaded again if the server lost it (restart, SCRIPT FLUSH). */
export class RedisScript {
  #sha: string | undefined;
  constructor(readonly source: string) {}

  async run(client: Client, keys: string[], args: (string | number)[]): Promise<unknown> {
    const options = { keys, arguments: args.map(String) };
    if (this.#sha) {
      try {
        return await client.evalSha(this.#sha, options);
      } catch (error) {
        if (!String((error as Error)?.message).startsWith("NOSCRIPT")) throw error;
      }
    }
    this.#sha = await client.scriptLoad(this.source);
    return await client.evalSha(this.#sha, options);
  }
}

export class RedisTimeoutError extends Error {
  override name = "RedisTimeoutError";
}

export interface SharedRedisOptions {
  url: string;
  /** Prepended to every key, so several deployments can share one Redis. */
  keyPrefix: string;
  logger: Logger;
  /** Longest wait for one call before it counts as failed (default 250 ms). */
  commandTimeoutMs?: number;
}

/** One connection, its key prefix and a deadline for every call. */
export class SharedRedis {
  readonly keyPrefix: string;
  /** Created by `connect()`. */
  #client: Client | undefined;
  readonly #url: string;
  readonly #timeoutMs: number;
  readonly #logger: Logger;
  #lastErrorLogMs = 0;

  constructor(options: SharedRedisOptions) {
    this.keyPrefix = options.keyPrefix;
    this.#url = options.url;
    this.#timeoutMs = options.commandTimeoutMs ?? 250;
    this.#logger = options.logger;
  }

  /** Connects; a Redis that is down at boot is not fatal (the client keeps reconnecting, the limits fail open). */
  async connect(): Promise<void> {
    if (!this.#client) {
      const { createClient } = await import("@redis/client");
      // Another connect() may have created it meanwhile.
      if (!this.#client) {
        this.#client = newClient(createClient, this.#url);
        this.#client.on("error", (error: Error) => this.#warn("redis connection error", error));
      }
    }
    try {
      await this.#deadline(this.#client.connect(), 2_000);
    } catch (error) {
      this.#warn("redis not reachable at start; limits fall back to this replica's memory until it is", error);
    }
  }

  get ready(): boolean {
    return this.#client?.isReady ?? false;
  }

  /** Runs a script with the call deadline; rejects when Redis is down, slow or answers an error. */
  run(script: RedisScript, keys: string[], args: (string | number)[]): Promise<unknown> {
    const client = this.#client;
    if (!client?.isReady) return Promise.reject(new Error("redis is not connected"));
    return this.#deadline(script.run(client, keys, args), this.#timeoutMs);
  }

  async close(): Promise<void> {
    const client = this.#client;
    try {
      if (client?.isOpen) await this.#deadline(client.close(), 1_000);
    } catch {
      client?.destroy();
    }
  }

  /** Logs a Redis problem at most once per 10 s: an outage must not flood the log with one line per request. */
  #warn(message: string, error: unknown): void {
    const now = Date.now();
    if (now - this.#lastErrorLogMs < 10_000) return;
    this.#lastErrorLogMs = now;
    this.#logger.warn(message, { error: error instanceof Error ? error.message : String(error) });
  }

  /** Logs (throttled) a failed call; the caller then fails open. */
  reportFailure(operation: string, error: unknown): void {
    this.#warn(`redis ${operation} failed; failing open on this replica`, error);
  }

  #deadline<T>(promise: Promise<T>, ms: number): Promise<T> {
    let timer: number | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = Number(setTimeout(() => reject(new RedisTimeoutError(`redis call exceeded ${ms} ms`)), ms));
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }
}
