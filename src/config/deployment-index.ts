/**
 * Lookups over one deployment configuration, built once: symbol → token (case-insensitive), mint → custody per
 * pool, (market symbol, side) → markets, account → custody/market/pool, configured feed ids.
 * Handlers resolve request symbols through here and never scan the configuration.
 */
import type { ConfigSide } from "../protocol/vocabulary.ts";
import type { CustodyConfig, DeploymentConfig, MarketConfig, PoolConfig, TokenConfig } from "./pool-config.ts";

export class DeploymentIndex {
  readonly tokens: TokenConfig[];
  readonly #tokenBySymbol = new Map<string, TokenConfig>();
  readonly #tokenByMint = new Map<string, TokenConfig>();
  readonly #tokensByFeed = new Map<number, TokenConfig[]>();
  readonly #custodyByAccount = new Map<string, CustodyConfig>();
  readonly #custodiesByMint = new Map<string, CustodyConfig[]>();
  readonly #marketByAccount = new Map<string, MarketConfig>();
  readonly #marketsBySymbolSide = new Map<string, MarketConfig[]>();
  readonly #poolByAddress = new Map<string, PoolConfig>();

  constructor(readonly config: DeploymentConfig) {
    const byMint = new Map<string, TokenConfig>();
    for (const pool of config.pools) {
      this.#poolByAddress.set(pool.poolAddress, pool);
      for (const token of pool.tokens) {
        const key = token.symbol.toUpperCase();
        if (!this.#tokenBySymbol.has(key)) this.#tokenBySymbol.set(key, token);
        // The first symbol configured for a mint names it (SOL before WSOL, as the configuration lists them).
        if (!this.#tokenByMint.has(token.mintKey)) this.#tokenByMint.set(token.mintKey, token);
        // One entry per symbol: SOL and WSOL share a mint but are distinct symbols with distinct price keys.
        if (!byMint.has(`${token.mintKey}:${key}`)) byMint.set(`${token.mintKey}:${key}`, token);
      }
      for (const custody of pool.custodies) {
        this.#custodyByAccount.set(custody.custodyAccount, custody);
        const list = this.#custodiesByMint.get(custody.mintKey) ?? [];
        list.push(custody);
        this.#custodiesByMint.set(custody.mintKey, list);
      }
      for (const market of pool.markets) {
        this.#marketByAccount.set(market.marketAccount, market);
        const key = `${market.targetSymbol.toUpperCase()}:${market.side}`;
        const list = this.#marketsBySymbolSide.get(key) ?? [];
        list.push(market);
        this.#marketsBySymbolSide.set(key, list);
      }
    }
    this.tokens = [...byMint.values()];
    for (const token of this.tokens) {
      if (!token.feedId) continue;
      const list = this.#tokensByFeed.get(token.feedId) ?? [];
      list.push(token);
      this.#tokensByFeed.set(token.feedId, list);
    }
  }

  get pools(): PoolConfig[] {
    return this.config.pools;
  }

  token(symbol: string): TokenConfig | undefined {
    // Symbols usually come spelled as configured: found as given, no upper-cased copy is made (hot in every quote).
    return this.#tokenBySymbol.get(symbol) ?? this.#tokenBySymbol.get(symbol.toUpperCase());
  }

  /** The token of a mint: the first symbol the configuration lists for it (SOL, not WSOL, for the native mint). */
  tokenByMint(mint: string): TokenConfig | undefined {
    return this.#tokenByMint.get(mint);
  }

  /** Every custody holding a mint, in configuration order (pool order, then custody order within a pool). */
  custodiesOfMint(mint: string): CustodyConfig[] {
    return this.#custodiesByMint.get(mint) ?? [];
  }

  /** Tokens priced by a feed (SOL and WSOL share one). */
  tokensOfFeed(feedId: number): TokenConfig[] {
    return this.#tokensByFeed.get(feedId) ?? [];
  }

  feedIds(): number[] {
    return [...this.#tokensByFeed.keys()];
  }

  pool(address: string): PoolConfig | undefined {
    return this.#poolByAddress.get(address);
  }

  custody(account: string): CustodyConfig | undefined {
    return this.#custodyByAccount.get(account);
  }

  /** The custody holding a token in a pool; a symbol resolves through its mint, so WSOL finds the SOL custody. */
  custodyOf(symbol: string, poolAddress?: string): CustodyConfig | undefined {
    const token = this.token(symbol);
    if (!token) return undefined;
    const custodies = this.#custodiesByMint.get(token.mintKey) ?? [];
    return poolAddress ? custodies.find((c) => c.pool === poolAddress) : custodies[0];
  }

  market(account: string): MarketConfig | undefined {
    return this.#marketByAccount.get(account);
  }

  /** Every market trading a target symbol on a side (SOL long has two in Crypto.1: SOL and JitoSOL collateral). */
  marketsFor(targetSymbol: string, side: ConfigSide): MarketConfig[] {
    return this.#marketsBySymbolSide.get(`${targetSymbol.toUpperCase()}:${side}`) ?? [];
  }

  /** How many markets the configuration has (`allMarkets().length` without the copy). */
  get marketCount(): number {
    return this.#marketByAccount.size;
  }

  allMarkets(): MarketConfig[] {
    return [...this.#marketByAccount.values()];
  }

  allCustodies(): CustodyConfig[] {
    return [...this.#custodyByAccount.values()];
  }
}
