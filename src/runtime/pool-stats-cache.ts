/**
 * Pool statistics are recomputed on a schedule (every 15 s by default, DECISIONS 2.9), not per request: the
 * endpoint serves the last computation. Before the first computation the statistics are `{pools: []}` and
 * `initialized` is false. A pool whose prices are missing keeps its previous figures.
 */
import { dataTransient } from "../state/packed-bytes.ts";
import type { DeploymentIndex } from "../config/deployment-index.ts";
import type { TokenConfig } from "../config/pool-config.ts";
import { MissingPriceError, type PoolStatsDto, type PoolStatsInput } from "../domain/views/pool-stats.ts";
import type { OraclePrice } from "../domain/math/types.ts";
import type { PriceStore } from "../state/price-store.ts";
import type { ProgramAccounts } from "../state/program-accounts.ts";
import { mintAccount } from "../protocol/external/spl-token.ts";
import { CodecError } from "../protocol/codec/errors.ts";
import { JsonCache, type JsonText } from "./json-cache.ts";
import { basketOpenPositionMarkets } from "../protocol/accounts/basket.ts";

/** `build` is the interface's computation (`POOL_STATS[version]`: v2 adds the live service's fields). */
export class PoolStatsCache<T extends PoolStatsDto = PoolStatsDto> {
  #pools: T[] = [];
  #initialized = false;
  #timer: ReturnType<typeof setInterval> | undefined;
  readonly #answers = new JsonCache<readonly T[]>();
  /**
   * Each basket's open markets, by the basket's key, kept while the cache follows the store's changes (between
   * `start` and `stop`), which drop a basket's entry. Not by the bytes' identity: the store makes a packed account's
   * objects as they are read (`account-table.ts`), so a sweep of every basket would find none of them kept.
   */
  readonly #openMarkets = new Map<string, readonly string[]>();
  readonly #marketKeys = new Map<string, string>();
  #unsubscribe: (() => void) | undefined;

  constructor(
    private readonly index: DeploymentIndex,
    private readonly accounts: ProgramAccounts,
    private readonly prices: PriceStore,
    private readonly intervalMs: number,
    private readonly build: (input: PoolStatsInput) => T,
  ) {}

  get initialized(): boolean {
    return this.#initialized;
  }

  get pools(): readonly T[] {
    return this.#pools;
  }

  /**
   * An answer made of the current statistics (`shape`: a module-level function) as JSON text, serialized once per
   * computation.
   */
  json<R>(shape: (pools: readonly T[]) => R): JsonText<R> {
    return this.#answers.of(this.#pools, shape);
  }

  pool(address: string): T | undefined {
    return this.#pools.find((p) => p.poolAddress === address);
  }

  start(): void {
    if (this.#timer !== undefined) return;
    this.#unsubscribe = this.accounts.store.subscribe(({ pubkey }) => this.#openMarkets.delete(pubkey));
    this.refresh();
    this.#timer = setInterval(() => this.refresh(), this.intervalMs);
  }

  stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#openMarkets.clear();
  }

  priceOf = (token: TokenConfig): OraclePrice | undefined => {
    const entry = this.prices.get(token.feedId);
    return entry ? { price: entry.price, exponent: entry.exponent } : undefined;
  };

  /**
   * The markets of every basket's open positions, read from its bytes (not decoded: at 100,000 baskets the decoded
   * values held 1 GiB) and kept per basket until it changes, so a refresh re-reads only the baskets that changed since
   * the last.
   * Market keys are shared strings (a deployment has a few dozen markets).
   */
  #basketOpenMarkets(): (readonly string[])[] {
    const out: (readonly string[])[] = [];
    for (const key of this.accounts.keys("Basket")) {
      let open = this.#openMarkets.get(key);
      if (open === undefined) {
        const raw = this.accounts.peekRaw(key);
        if (raw === undefined) continue;
        try {
          // Read at once and dropped: a sweep of every basket allocates nothing and leaves the shared cache alone.
          open = basketOpenPositionMarkets(dataTransient(raw)).map((market) => this.#marketKey(market));
        } catch (error) {
          // A malformed basket is skipped, as a decode failure is everywhere else.
          if (!(error instanceof CodecError)) throw error;
          open = [];
        }
        if (this.#unsubscribe) this.#openMarkets.set(key, open);
      }
      out.push(open);
    }
    return out;
  }

  #marketKey(market: string): string {
    const known = this.#marketKeys.get(market);
    if (known !== undefined) return known;
    this.#marketKeys.set(market, market);
    return market;
  }

  /** Recomputes every pool whose accounts are ingested. */
  refresh(): void {
    const next: T[] = [];
    const basketOpenMarkets = this.#basketOpenMarkets();
    for (const pool of this.index.pools) {
      const account = this.accounts.get("Pool", pool.poolAddress);
      if (!account) continue;
      const tokenOf = (symbol: string) => pool.tokens.find((t) => t.symbol === symbol) ?? this.index.token(symbol);
      const custodies = account.custodies.flatMap((key) => {
        const config = pool.custodies.find((c) => c.custodyAccount === key);
        const custody = this.accounts.get("Custody", key);
        const token = config && tokenOf(config.symbol);
        return config && custody && token ? [{ config, token, account: custody }] : [];
      });
      const markets = pool.markets.flatMap((config) => {
        const market = this.accounts.get("Market", config.marketAccount);
        const targetCustody = this.accounts.get("Custody", config.targetCustody);
        const targetToken = tokenOf(config.targetSymbol);
        const collateralCustody = this.accounts.get("Custody", config.collateralCustody);
        const collateralToken = tokenOf(config.collateralSymbol);
        return market && targetCustody && targetToken && collateralCustody && collateralToken
          ? [{ config, account: market, targetToken, targetCustody, collateralToken, collateralCustody }]
          : [];
      });
      try {
        next.push(this.build({
          config: pool,
          account,
          custodies,
          markets,
          lpSupply: account.lpSupply ?? this.#mintSupply(pool.stakedLpTokenMint),
          priceOf: this.priceOf,
          basketOpenMarkets,
        }));
      } catch (error) {
        if (!(error instanceof MissingPriceError)) throw error;
        const previous = this.pool(pool.poolAddress);
        if (previous) next.push(previous);
      }
    }
    this.#pools = next;
    this.#initialized = true;
  }

  /** The earlier program's pools have no tracked supply: read the LP mint, when it is ingested. */
  #mintSupply(mint: string | undefined): bigint {
    const raw = mint ? this.accounts.store.get(mint) : undefined;
    if (!raw) return 0n;
    try {
      return mintAccount.decode(raw.data).supply;
    } catch (error) {
      // Whatever sits at the configured key is not a mint: no supply, as when the mint is not ingested.
      if (error instanceof CodecError) return 0n;
      throw error;
    }
  }
}
