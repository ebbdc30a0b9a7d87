/**
 * The deployment (pool) configuration of one interface: cluster, program id, pools with their tokens,
 * custodies, markets and lookup tables. The file format follows the vendor's PoolConfig pool entries, so a
 * vendor file can be used as it is; token fields are accepted under their vendor names (`lazerId`,
 * `pythTicker`, `pythPriceId`) or the contract's neutral names (`feedId`, `oracleTicker`, `oraclePriceId`)
 * and normalised to the neutral ones (DECISIONS 2.3).
 *
 * Loaded from a file path or an http(s) URL and validated; a bad file stops the boot with the path of the
 * offending field. The result carries its provenance for `GET /v2/health` (`config`).
 */
import { z } from "zod";

const base58Key = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, "must be a base58 public key");

const TokenInput = z.object({
  symbol: z.string().min(1),
  mintKey: base58Key,
  decimals: z.number().int().min(0).max(18),
  usdPrecision: z.number().int().min(0).max(12).default(2),
  tokenPrecision: z.number().int().min(0).max(12).default(4),
  isStable: z.boolean().default(false),
  isVirtual: z.boolean().default(false),
  feedId: z.number().int().min(0).optional(),
  lazerId: z.number().int().min(0).optional(),
  oracleTicker: z.string().optional(),
  pythTicker: z.string().optional(),
  oraclePriceId: z.string().optional(),
  pythPriceId: z.string().optional(),
  isToken2022: z.boolean().default(false),
});

const CustodyInput = z.object({
  custodyId: z.number().int().min(0),
  custodyAccount: base58Key,
  tokenAccount: base58Key,
  symbol: z.string().min(1),
  mintKey: base58Key,
  decimals: z.number().int().min(0).max(18),
  isStable: z.boolean().default(false),
  isVirtual: z.boolean().default(false),
  intOracleAddress: base58Key.optional(),
  extOracleAddress: base58Key.optional(),
});

const MarketInput = z.object({
  marketId: z.number().int().min(0).optional(),
  marketAccount: base58Key,
  marketCorrelation: z.boolean().default(false),
  pool: base58Key,
  targetCustody: base58Key,
  collateralCustody: base58Key,
  side: z.enum(["long", "short"]),
  maxLev: z.number().positive(),
  degenMinLev: z.number().nonnegative().optional(),
  degenMaxLev: z.number().nonnegative().optional(),
  targetCustodyId: z.number().int().min(0),
  collateralCustodyId: z.number().int().min(0),
  targetMint: base58Key,
  collateralMint: base58Key,
  marketNameUi: z.string().optional(),
});

const PoolInput = z.object({
  poolName: z.string().min(1),
  poolAddress: base58Key,
  programId: base58Key.optional(),
  cluster: z.enum(["mainnet-beta", "devnet"]).optional(),
  isDeprecated: z.boolean().default(false),
  isMagicBlock: z.boolean().default(false),
  lpDecimals: z.number().int().default(6),
  stakedLpTokenMint: base58Key.optional(),
  compoundingTokenMint: base58Key.optional(),
  addressLookupTableAddresses: z.array(base58Key).default([]),
  tokens: z.array(TokenInput).min(1),
  custodies: z.array(CustodyInput).min(1),
  markets: z.array(MarketInput).default([]),
});

export const DeploymentFileSchema = z.object({
  version: z.string().default("unversioned"),
  env: z.string().default("prod"),
  branch: z.string().default("main"),
  publishedAt: z.iso.datetime({ offset: true }).optional(),
  cluster: z.enum(["mainnet-beta", "devnet"]).optional(),
  programId: base58Key.optional(),
  pools: z.array(PoolInput).min(1),
});

export type DeploymentFile = z.input<typeof DeploymentFileSchema>;

export interface TokenConfig {
  symbol: string;
  mintKey: string;
  decimals: number;
  usdPrecision: number;
  tokenPrecision: number;
  isStable: boolean;
  isVirtual: boolean;
  feedId: number;
  oracleTicker: string;
  oraclePriceId: string;
  isToken2022: boolean;
}

export type CustodyConfig = z.output<typeof CustodyInput> & { pool: string };
export type MarketConfig = z.output<typeof MarketInput> & { targetSymbol: string; collateralSymbol: string };

export interface PoolConfig {
  poolName: string;
  poolAddress: string;
  programId: string;
  cluster: "mainnet-beta" | "devnet";
  isMagicBlock: boolean;
  lpDecimals: number;
  stakedLpTokenMint?: string;
  compoundingTokenMint?: string;
  addressLookupTableAddresses: string[];
  tokens: TokenConfig[];
  custodies: CustodyConfig[];
  markets: MarketConfig[];
}

export interface ConfigProvenance {
  source: "bundled" | "file" | "url";
  location: string;
  version: string;
  env: string;
  branch: string;
  publishedAt: string;
  loadedAtUnix: number;
}

export interface DeploymentConfig {
  cluster: "mainnet-beta" | "devnet";
  programId: string;
  pools: PoolConfig[];
  provenance: ConfigProvenance;
}

export class PoolConfigError extends Error {
  override name = "PoolConfigError";
}

function normaliseToken(token: z.output<typeof TokenInput>): TokenConfig {
  return {
    symbol: token.symbol,
    mintKey: token.mintKey,
    decimals: token.decimals,
    usdPrecision: token.usdPrecision,
    tokenPrecision: token.tokenPrecision,
    isStable: token.isStable,
    isVirtual: token.isVirtual,
    feedId: token.feedId ?? token.lazerId ?? 0,
    oracleTicker: token.oracleTicker ?? token.pythTicker ?? "",
    oraclePriceId: token.oraclePriceId ?? token.pythPriceId ?? "",
    isToken2022: token.isToken2022,
  };
}

/** Validates and normalises a parsed configuration document. Deprecated pools are dropped. */
export function parseDeploymentConfig(
  raw: unknown,
  origin: { source: ConfigProvenance["source"]; location: string; nowUnix: number },
): DeploymentConfig {
  const result = DeploymentFileSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new PoolConfigError(`${origin.location}: ${issue.path.join(".")}: ${issue.message}`);
  }
  const file = result.data;
  const pools: PoolConfig[] = file.pools.filter((pool) => !pool.isDeprecated).map((pool) => {
    const programId = pool.programId ?? file.programId;
    const cluster = pool.cluster ?? file.cluster;
    if (!programId) throw new PoolConfigError(`${origin.location}: pool ${pool.poolName} has no programId`);
    if (!cluster) throw new PoolConfigError(`${origin.location}: pool ${pool.poolName} has no cluster`);
    const custodies = pool.custodies.map((custody) => ({ ...custody, pool: pool.poolAddress }));
    const symbolOfCustody = new Map(custodies.map((c) => [c.custodyAccount, c.symbol]));
    const markets = pool.markets.map((market) => {
      const targetSymbol = symbolOfCustody.get(market.targetCustody);
      const collateralSymbol = symbolOfCustody.get(market.collateralCustody);
      if (!targetSymbol || !collateralSymbol) {
        throw new PoolConfigError(`${origin.location}: market ${market.marketAccount} names a custody the pool lacks`);
      }
      return { ...market, targetSymbol, collateralSymbol };
    });
    return {
      poolName: pool.poolName,
      poolAddress: pool.poolAddress,
      programId,
      cluster,
      isMagicBlock: pool.isMagicBlock,
      lpDecimals: pool.lpDecimals,
      stakedLpTokenMint: pool.stakedLpTokenMint,
      compoundingTokenMint: pool.compoundingTokenMint,
      addressLookupTableAddresses: pool.addressLookupTableAddresses,
      tokens: pool.tokens.map(normaliseToken),
      custodies,
      markets,
    };
  });
  if (!pools.length) throw new PoolConfigError(`${origin.location}: no active pools`);
  const programIds = new Set(pools.map((p) => p.programId));
  if (programIds.size > 1) {
    throw new PoolConfigError(`${origin.location}: pools name several program ids (${[...programIds].join(", ")})`);
  }
  return {
    cluster: pools[0].cluster,
    programId: pools[0].programId,
    pools,
    provenance: {
      source: origin.source,
      location: origin.location,
      version: file.version,
      env: file.env,
      branch: file.branch,
      publishedAt: file.publishedAt ?? new Date(origin.nowUnix * 1000).toISOString(),
      loadedAtUnix: origin.nowUnix,
    },
  };
}

/** How long a configuration URL may take to answer (body included) before boot fails with a clear message. */
export const CONFIG_FETCH_TIMEOUT_MS = 30_000;

/** Loads a configuration from a file path or an http(s) URL. `bundled` marks the embedded world's file. */
export async function loadDeploymentConfig(
  location: string,
  options: { bundled?: boolean; nowUnix?: number; fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<DeploymentConfig> {
  const nowUnix = options.nowUnix ?? Math.floor(Date.now() / 1000);
  const isUrl = /^https?:\/\//.test(location);
  let text: string;
  try {
    if (isUrl) {
      // Like every upstream call, bounded: a stalled server fails the boot instead of hanging it.
      const signal = AbortSignal.timeout(options.timeoutMs ?? CONFIG_FETCH_TIMEOUT_MS);
      const response = await (options.fetch ?? fetch)(location, { signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      text = await response.text();
    } else {
      text = await Deno.readTextFile(location);
    }
  } catch (error) {
    throw new PoolConfigError(`${location}: cannot be read (${(error as Error).message})`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new PoolConfigError(`${location}: is not valid JSON`);
  }
  const source = options.bundled ? "bundled" : isUrl ? "url" : "file";
  return parseDeploymentConfig(raw, { source, location, nowUnix });
}
