/**
 * The oracle tape: a seeded random walk per feed, one frame every `frameMs`, with per-feed exponents and Lazer-style
 * market sessions. Equity feeds go regular → postMarket → closed (first, second, last third of the recording) and
 * repeat their last price, with a frozen `feedUpdateTimestamp`, while closed.
 */
import type { OraclePrice } from "../../src/protocol/accounts/mod.ts";
import type { OracleFrame } from "../../src/replay/format.ts";
import { type FeedDef, FEEDS } from "./catalog.ts";
import { Rng } from "./rng.ts";

export type MarketSession = "regular" | "preMarket" | "postMarket" | "overNight" | "closed";

export interface FeedTick {
  price: bigint;
  session: MarketSession;
  /** µs; strictly increasing while the session is open, frozen while closed. */
  feedUpdateTimestampUs: bigint;
}

export interface SessionChange {
  fromMs: number;
  session: MarketSession;
}

export class PriceTape {
  readonly feeds: FeedDef[] = FEEDS;
  readonly frameCount: number;
  readonly #ticks = new Map<number, FeedTick[]>();

  constructor(
    readonly seed: number | string,
    readonly startedAtMs: number,
    readonly durationMs: number,
    readonly frameMs: number,
  ) {
    this.frameCount = Math.max(1, Math.ceil(durationMs / frameMs));
    const walk = new Map<number, number[]>();
    for (const f of this.feeds) {
      if (f.follows) continue;
      walk.set(f.feedId, this.#walk(f));
    }
    for (const f of this.feeds) {
      if (!f.follows) continue;
      const base = walk.get(f.follows.feedId)!;
      const rng = new Rng(seed, `feed:${f.feedId}`);
      let ratio = f.follows.ratio * (1 + rng.range(-0.002, 0.002));
      walk.set(
        f.feedId,
        base.map((p) => {
          ratio *= 1 + f.stepVol * rng.normal();
          return p * ratio;
        }),
      );
    }
    for (const f of this.feeds) this.#ticks.set(f.feedId, this.#ticksOf(f, walk.get(f.feedId)!));
  }

  /** Session of an equity feed at a recording offset; crypto/FX/metals are always `regular`. */
  sessionAt(feed: FeedDef, atMs: number): MarketSession {
    if (!feed.equity) return "regular";
    if (atMs < this.durationMs / 3) return "regular";
    if (atMs < (2 * this.durationMs) / 3) return "postMarket";
    return "closed";
  }

  sessionChanges(feed: FeedDef): SessionChange[] {
    if (!feed.equity) return [{ fromMs: 0, session: "regular" }];
    const out: SessionChange[] = [];
    for (let k = 0; k < this.frameCount; k++) {
      const s = this.sessionAt(feed, k * this.frameMs);
      if (out.length === 0 || out[out.length - 1].session !== s) out.push({ fromMs: k * this.frameMs, session: s });
    }
    return out;
  }

  #walk(f: FeedDef): number[] {
    const rng = new Rng(this.seed, `feed:${f.feedId}`);
    let p = f.basePrice * (1 + (f.stable ? rng.range(-0.0002, 0.0002) : rng.range(-0.02, 0.02)));
    const out: number[] = [];
    for (let k = 0; k < this.frameCount; k++) {
      out.push(p);
      const s = this.sessionAt(f, (k + 1) * this.frameMs);
      if (s === "closed") continue;
      const vol = s === "regular" ? f.stepVol : f.stepVol * 0.4;
      if (f.stable) p = 1 + (p - 1) * 0.97 + vol * rng.normal();
      else p *= Math.exp(vol * rng.normal());
    }
    return out;
  }

  #ticksOf(f: FeedDef, prices: number[]): FeedTick[] {
    const rng = new Rng(this.seed, `feed-ts:${f.feedId}`);
    const out: FeedTick[] = [];
    let last: FeedTick | undefined;
    for (let k = 0; k < this.frameCount; k++) {
      const atMs = k * this.frameMs;
      const session = this.sessionAt(f, atMs);
      if (session === "closed" && last) {
        out.push(last = { ...last, session });
        continue;
      }
      // The publisher's timestamp trails the frame by up to 3/4 of a frame: strictly increasing across frames.
      const lagUs = BigInt(Math.floor(rng.float() * this.frameMs * 750));
      const tsUs = BigInt(this.startedAtMs + atMs) * 1000n - lagUs;
      const price = BigInt(Math.round(prices[k] * 10 ** -f.exponent));
      out.push(last = { price, session, feedUpdateTimestampUs: tsUs });
    }
    return out;
  }

  frameIndex(atMs: number): number {
    return Math.min(this.frameCount - 1, Math.max(0, Math.floor(atMs / this.frameMs)));
  }

  tick(feedId: number, atMs: number): FeedTick {
    const t = this.#ticks.get(feedId);
    if (!t) throw new Error(`unknown feed ${feedId}`);
    return t[this.frameIndex(atMs)];
  }

  /** The latest price of a feed at a recording offset. */
  price(feedId: number, atMs: number): OraclePrice {
    const f = this.feeds.find((x) => x.feedId === feedId)!;
    return { price: this.tick(feedId, atMs).price, exponent: f.exponent };
  }

  frame(k: number): OracleFrame {
    const atMs = k * this.frameMs;
    return {
      atMs,
      timestampUs: BigInt(this.startedAtMs + atMs) * 1000n,
      feeds: this.feeds.map((f) => {
        const t = this.#ticks.get(f.feedId)![k];
        return {
          feedId: f.feedId,
          price: t.price,
          exponent: f.exponent,
          confidence: 0n,
          marketSession: t.session,
          feedUpdateTimestampUs: t.feedUpdateTimestampUs,
        };
      }),
    };
  }
}
