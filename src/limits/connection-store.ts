/**
 * Connection slots for the WebSocket limits (DECISIONS 4.2): at most `perOwner` sockets per owner (the next
 * upgrade is refused with 429 WS_OWNER_LIMIT) and `global` sockets in all (503 WS_GLOBAL_LIMIT), both decided
 * before the upgrade. One interface, two stores: memory (one process) and Redis (every replica counts against
 * the same limits).
 *
 * Use from a stream handler:
 *
 *   const result = await store.acquire(owner);
 *   if (!result.ok) return c.json({ error: ..., code: result.code }, result.code === "WS_OWNER_LIMIT" ? 429 : 503);
 *   // ... upgrade; in the socket's single close path:
 *   await result.slot.release();   // idempotent
 *
 * Redis design (leases): each slot is a member `<replica id>:<n>` of two sorted sets, `ws:owner:<owner>` and
 * `ws:global`, scored by its lease expiry (ms). Acquire is one script: drop expired members, count, refuse or
 * add. Every replica renews the leases of its open slots every `leaseMs / 3` (a heartbeat), so a live slot
 * never expires; a replica that crashes stops renewing and its slots vanish within `leaseMs`. Every key also
 * gets a TTL of `leaseMs` on each touch, so the keys of owners nobody connects as any more disappear by
 * themselves. A slot the heartbeat finds missing (its lease ran out during a long pause) is added back, since
 * its socket is still open.
 *
 * Redis down or slow: acquire falls back to this replica's memory store (the limits then hold per replica),
 * logs a warning (throttled) and counts `limit_store_errors_total`; it never throws, so no upgrade gets a 500.
 */
import type { LimitStoreName } from "../http/metrics.ts";
import type { Clock } from "../state/clock.ts";
import { systemClock } from "../state/clock.ts";
import { RedisScript, type SharedRedis } from "./redis.ts";

export type SlotRefusal = "WS_OWNER_LIMIT" | "WS_GLOBAL_LIMIT";

export interface ConnectionSlot {
  readonly owner: string;
  /** Unique across replicas. */
  readonly id: string;
  /** Gives the slot back; calling it again does nothing. */
  release(): Promise<void>;
}

export type AcquireResult = { ok: true; slot: ConnectionSlot } | { ok: false; code: SlotRefusal };

export interface ConnectionLimits {
  /** WS_MAX_PER_OWNER */
  perOwner: number;
  /** WS_MAX_GLOBAL */
  global: number;
}

export interface ConnectionLimitStore {
  readonly name: LimitStoreName;
  readonly limits: ConnectionLimits;
  /** Takes a slot for one socket of `owner`, or says which limit refuses it. Never throws. */
  acquire(owner: string): Promise<AcquireResult>;
  /** Slots this replica holds (open sockets it counted). */
  readonly localCount: number;
  /** Stops background work (the heartbeat). Slots still held expire with their leases. */
  close(): Promise<void>;
}

/** One process: two counters. */
export class MemoryConnectionStore implements ConnectionLimitStore {
  readonly name = "memory" as const;
  readonly #perOwner = new Map<string, number>();
  #total = 0;
  #next = 0;

  constructor(readonly limits: ConnectionLimits) {}

  get localCount(): number {
    return this.#total;
  }

  countOf(owner: string): number {
    return this.#perOwner.get(owner) ?? 0;
  }

  acquire(owner: string): Promise<AcquireResult> {
    return Promise.resolve(this.acquireNow(owner));
  }

  /** Synchronous form, also used as the Redis store's fallback. */
  acquireNow(owner: string, id = `local:${this.#next++}`): AcquireResult {
    const held = this.countOf(owner);
    if (held >= this.limits.perOwner) return { ok: false, code: "WS_OWNER_LIMIT" };
    if (this.#total >= this.limits.global) return { ok: false, code: "WS_GLOBAL_LIMIT" };
    this.#perOwner.set(owner, held + 1);
    this.#total++;
    let released = false;
    const release = () => {
      if (released) return Promise.resolve();
      released = true;
      const left = this.countOf(owner) - 1;
      if (left > 0) this.#perOwner.set(owner, left);
      else this.#perOwner.delete(owner);
      this.#total--;
      return Promise.resolve();
    };
    return { ok: true, slot: { owner, id, release } };
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

const ACQUIRE_SCRIPT = new RedisScript(`
local now = tonumber(ARGV[1])
local lease = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 'WS_OWNER_LIMIT' end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return 'WS_GLOBAL_LIMIT' end
redis.call('ZADD', KEYS[1], now + lease, ARGV[3])
redis.call('ZADD', KEYS[2], now + lease, ARGV[3])
redis.call('PEXPIRE', KEYS[1], lease)
redis.call('PEXPIRE', KEYS[2], lease)
return 'OK'
`);

const RELEASE_SCRIPT = new RedisScript(`
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
`);

/** KEYS = [global, owner of slot 1, owner of slot 2, ...]; ARGV = [now, lease, slot 1, slot 2, ...]. */
const RENEW_SCRIPT = new RedisScript(`
local expires = tonumber(ARGV[1]) + tonumber(ARGV[2])
for i = 2, #KEYS do
  redis.call('ZADD', KEYS[i], expires, ARGV[i + 1])
  redis.call('ZADD', KEYS[1], expires, ARGV[i + 1])
  redis.call('PEXPIRE', KEYS[i], ARGV[2])
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return #KEYS - 1
`);

/** Slots renewed per script call (keeps each call short so it never blocks Redis noticeably). */
const RENEW_BATCH = 500;

export interface RedisConnectionStoreOptions {
  limits: ConnectionLimits;
  /** Lease of a slot; the heartbeat renews at a third of it. Default 30 s. */
  leaseMs?: number;
  /** Unique per process (default: a random UUID). */
  replicaId?: string;
  clock?: Clock;
  /** Called when a Redis call failed and the store failed open (metrics). */
  onFailure?: (operation: string) => void;
  /** Start the heartbeat timer (default true; tests drive `renewNow()` themselves). */
  heartbeat?: boolean;
}

interface HeldSlot {
  owner: string;
  member: string;
}

export class RedisConnectionStore implements ConnectionLimitStore {
  readonly name = "redis" as const;
  readonly limits: ConnectionLimits;
  readonly leaseMs: number;
  readonly replicaId: string;
  readonly #redis: SharedRedis;
  readonly #clock: Clock;
  readonly #onFailure: (operation: string) => void;
  readonly #held = new Map<string, HeldSlot>();
  readonly #fallback: MemoryConnectionStore;
  #next = 0;
  #timer: number | undefined;

  constructor(redis: SharedRedis, options: RedisConnectionStoreOptions) {
    this.#redis = redis;
    this.limits = options.limits;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.replicaId = options.replicaId ?? crypto.randomUUID();
    this.#clock = options.clock ?? systemClock;
    this.#onFailure = options.onFailure ?? (() => {});
    this.#fallback = new MemoryConnectionStore(options.limits);
    if (options.heartbeat ?? true) {
      // Number(): a timer id under Deno, whatever type the Node typings (pulled in by the client) claim.
      const timer = Number(setInterval(() => void this.renewNow(), Math.max(1_000, Math.floor(this.leaseMs / 3))));
      Deno.unrefTimer(timer);
      this.#timer = timer;
    }
  }

  get localCount(): number {
    return this.#held.size + this.#fallback.localCount;
  }

  ownerKey(owner: string): string {
    return `${this.#redis.keyPrefix}ws:owner:${owner}`;
  }

  get globalKey(): string {
    return `${this.#redis.keyPrefix}ws:global`;
  }

  async acquire(owner: string): Promise<AcquireResult> {
    const member = `${this.replicaId}:${this.#next++}`;
    let reply: unknown;
    try {
      reply = await this.#redis.run(ACQUIRE_SCRIPT, [this.ownerKey(owner), this.globalKey], [
        Math.floor(this.#clock.nowMs()),
        this.leaseMs,
        member,
        this.limits.perOwner,
        this.limits.global,
      ]);
    } catch (error) {
      this.#failed("acquire", error);
      return this.#fallback.acquireNow(owner, member);
    }
    if (reply === "WS_OWNER_LIMIT" || reply === "WS_GLOBAL_LIMIT") return { ok: false, code: reply };
    this.#held.set(member, { owner, member });
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      this.#held.delete(member);
      try {
        await this.#redis.run(RELEASE_SCRIPT, [this.ownerKey(owner), this.globalKey], [member]);
      } catch (error) {
        // The lease expires by itself: nothing leaks for longer than leaseMs.
        this.#failed("release", error);
      }
    };
    return { ok: true, slot: { owner, id: member, release } };
  }

  /** Renews the lease of every slot this replica holds (the heartbeat; also callable directly). */
  async renewNow(): Promise<void> {
    const slots = [...this.#held.values()];
    for (let start = 0; start < slots.length; start += RENEW_BATCH) {
      const batch = slots.slice(start, start + RENEW_BATCH);
      try {
        await this.#redis.run(
          RENEW_SCRIPT,
          [this.globalKey, ...batch.map((slot) => this.ownerKey(slot.owner))],
          [Math.floor(this.#clock.nowMs()), this.leaseMs, ...batch.map((slot) => slot.member)],
        );
      } catch (error) {
        this.#failed("renew", error);
        return;
      }
    }
  }

  close(): Promise<void> {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    return Promise.resolve();
  }

  #failed(operation: string, error: unknown): void {
    this.#redis.reportFailure(`connection slot ${operation}`, error);
    this.#onFailure(operation);
  }
}
