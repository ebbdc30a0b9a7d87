/**
 * A per-request snapshot of one deployment, what every view and quote works on: configuration lookups, decoded
 * program accounts, oracle prices and the current time, resolved into market and custody contexts. Pure: every input is passed in (`SnapshotInput`), so
 * the same code runs on the live stores (handlers pass the deployment's ProgramAccounts and the PriceStore) and on
 * hand-built data in tests. Nothing here reads a clock or performs I/O.
 */
import { configSide, type ProgramVersion, type TradeSide, tradeSide } from "../protocol/vocabulary.ts";
import type { AccountKind, AccountTypes, Custody, Market } from "../protocol/accounts/mod.ts";
import type { CustodyConfig, MarketConfig, PoolConfig, TokenConfig } from "../config/pool-config.ts";
import type { OraclePrice } from "./math/types.ts";

/** One oracle price as the price store holds it (structurally `PriceEntry`). */
export interface PriceSample {
  price: bigint;
  exponent: number;
  /** Feed update time, µs since the epoch. */
  timestampUs: bigint;
  marketSession: string;
}

/** Decoded accounts of one deployment (structurally the state layer's ProgramAccounts). */
export interface AccountReader {
  get<K extends AccountKind>(kind: K, pubkey: string): AccountTypes[K] | undefined;
  raw(pubkey: string): { data: Uint8Array } | undefined;
  listOwnedBy<K extends AccountKind>(kind: K, owner: string): { pubkey: string; value: AccountTypes[K] }[];
}

/** Configuration lookups of one deployment (structurally the DeploymentIndex). */
export interface ConfigReader {
  readonly pools: readonly PoolConfig[];
  token(symbol: string): TokenConfig | undefined;
  tokenByMint(mint: string): TokenConfig | undefined;
  custodiesOfMint(mint: string): CustodyConfig[];
  market(account: string): MarketConfig | undefined;
  marketsFor(targetSymbol: string, side: "long" | "short"): MarketConfig[];
  custody(account: string): CustodyConfig | undefined;
  pool(address: string): PoolConfig | undefined;
  custodyOf(symbol: string, poolAddress?: string): CustodyConfig | undefined;
}

export interface SnapshotInput {
  version: ProgramVersion;
  /** Program id of the deployment (PDAs: baskets, earlier positions and orders). */
  programId: string;
  config: ConfigReader;
  accounts: AccountReader;
  priceOfFeed(feedId: number): PriceSample | undefined;
  nowMs: number;
  /** DECISIONS 5.9: a price older than this during a non-`closed` session counts as missing for quotes. */
  priceMaxAgeMs: number;
}

/** A price ready for the math, with its provenance. */
export interface LivePrice {
  price: OraclePrice;
  /** Publish time, unix seconds. */
  timestampSec: bigint;
  session: string;
  /** Older than the price age limit while the session is not `closed`. */
  stale: boolean;
}

export interface CustodyContext {
  pubkey: string;
  config: CustodyConfig;
  /** The configuration token of the custody's symbol (display precisions, feed id). */
  token: TokenConfig;
  account: Custody;
}

export interface MarketContext {
  pubkey: string;
  config: MarketConfig;
  account: Market;
  side: TradeSide;
  pool: PoolConfig;
  target: CustodyContext;
  /** The market's collateral ("lock") custody: what is locked and what PnL is paid in. */
  collateral: CustodyContext;
}

/**
 * Read once per request (one clock reading, so every figure of an answer uses the same time); market and custody
 * contexts are resolved lazily and memoised for the snapshot's lifetime.
 */
export class DeploymentSnapshot {
  readonly #markets = new Map<string, MarketContext | null>();
  readonly #custodies = new Map<string, CustodyContext | null>();

  constructor(readonly input: SnapshotInput) {}

  get version(): ProgramVersion {
    return this.input.version;
  }

  get programId(): string {
    return this.input.programId;
  }

  get accounts(): AccountReader {
    return this.input.accounts;
  }

  get nowMs(): number {
    return this.input.nowMs;
  }

  /** Current unix time in whole seconds (what the program's clock sysvar would read). */
  get nowUnix(): bigint {
    return BigInt(Math.floor(this.input.nowMs / 1000));
  }

  token(symbol: string): TokenConfig | undefined {
    return this.input.config.token(symbol);
  }

  /** The custody at an address, with its configuration and token; undefined when either is unknown. */
  custody(pubkey: string): CustodyContext | undefined {
    const cached = this.#custodies.get(pubkey);
    if (cached !== undefined) return cached ?? undefined;
    const config = this.input.config.custody(pubkey);
    const token = config ? this.input.config.token(config.symbol) : undefined;
    const account = config ? this.input.accounts.get("Custody", pubkey) : undefined;
    const ctx = config && token && account ? { pubkey, config, token, account } : null;
    this.#custodies.set(pubkey, ctx);
    return ctx ?? undefined;
  }

  /** The custody of a token symbol in a pool (WSOL resolves to the SOL custody through its mint). */
  custodyForToken(symbol: string, poolAddress: string): CustodyContext | undefined {
    const config = this.input.config.custodyOf(symbol, poolAddress);
    return config ? this.custody(config.custodyAccount) : undefined;
  }

  /**
   * The custody of a pool whose on-chain `uid` is `uid` (order entries reference custodies by uid). The custody
   * accounts are read, the configuration's `custodyId` is only a fallback when an account is missing.
   */
  custodyByUid(poolAddress: string, uid: number): CustodyContext | undefined {
    const pool = this.input.config.pool(poolAddress);
    if (!pool) return undefined;
    for (const c of pool.custodies) {
      const ctx = this.custody(c.custodyAccount);
      if (ctx && ctx.account.uid === uid) return ctx;
    }
    const byConfig = pool.custodies.find((c) => c.custodyId === uid);
    return byConfig ? this.custody(byConfig.custodyAccount) : undefined;
  }

  /** A market with its configuration, account and both custodies; undefined when any of them is unknown. */
  market(pubkey: string): MarketContext | undefined {
    const cached = this.#markets.get(pubkey);
    if (cached !== undefined) return cached ?? undefined;
    let ctx: MarketContext | null = null;
    const config = this.input.config.market(pubkey);
    const account = config ? this.input.accounts.get("Market", pubkey) : undefined;
    const pool = config ? this.input.config.pool(config.pool) : undefined;
    if (config && account && pool) {
      const target = this.custody(config.targetCustody);
      const collateral = this.custody(config.collateralCustody);
      if (target && collateral) {
        ctx = { pubkey, config, account, side: tradeSide(config.side), pool, target, collateral };
      }
    }
    this.#markets.set(pubkey, ctx);
    return ctx ?? undefined;
  }

  /** Markets configured for (target symbol, side), in configuration order, that have their accounts. */
  marketsFor(targetSymbol: string, side: TradeSide): MarketContext[] {
    const out: MarketContext[] = [];
    for (const m of this.input.config.marketsFor(targetSymbol, configSide(side))) {
      const ctx = this.market(m.marketAccount);
      if (ctx) out.push(ctx);
    }
    return out;
  }

  /** The token's latest price whatever its age (views), or undefined when the feed never published. */
  price(token: TokenConfig): LivePrice | undefined {
    if (!token.feedId) return undefined;
    const sample = this.input.priceOfFeed(token.feedId);
    if (!sample) return undefined;
    const ageMs = this.input.nowMs - Number(sample.timestampUs / 1000n);
    return {
      price: { price: sample.price, exponent: sample.exponent },
      timestampSec: sample.timestampUs / 1_000_000n,
      session: sample.marketSession,
      stale: sample.marketSession !== "closed" && ageMs > this.input.priceMaxAgeMs,
    };
  }

  /** The token's price when usable for a quote (present and not stale), else undefined. */
  quotePrice(token: TokenConfig): LivePrice | undefined {
    const p = this.price(token);
    return p && !p.stale ? p : undefined;
  }
}
