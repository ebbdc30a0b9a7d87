/**
 * Resolves the catalog into one deployment's addresses (every PDA derived with `src/protocol/pda.ts` under the
 * deployment's program id) and renders its configuration file in the `DeploymentFileSchema` format.
 */
import type { ProgramVersion } from "../../src/protocol/vocabulary.ts";
import { PublicKey } from "@solana/web3.js";
import * as pda from "../../src/protocol/pda.ts";
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  DELEGATION_PROGRAM_ID,
  MAGIC_CONTEXT_ID,
  MAGIC_PROGRAM_ID,
  PERPETUALS_PROGRAM_ID_MAINNET,
  PERPETUALS_V2_PROGRAM_ID_MAINNET,
  SYSTEM_PROGRAM_ID,
  SYSVAR_INSTRUCTIONS_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from "../../src/protocol/constants.ts";
import type { DeploymentFile } from "../../src/config/pool-config.ts";
import {
  CUSTODY_PARAMS,
  type CustodyDef,
  type CustodyParams,
  type FeedDef,
  feedOf,
  type MarketDef,
  type PoolDef,
  POOLS,
  type TokenDef,
  TOKENS,
  worldMints,
} from "./catalog.ts";
import { labelKey } from "./rng.ts";

export const ALT_PROGRAM_ID = "AddressLookupTab1e1111111111111111111111111";

export interface ResolvedCustody {
  symbol: string;
  token: TokenDef;
  feed: FeedDef;
  params: CustodyParams;
  def: CustodyDef;
  uid: number;
  pool: ResolvedPool;
  address: string;
  bump: number;
  tokenAccount: string;
  tokenAccountBump: number;
  oracle: string;
  extOracle: string;
}

export interface ResolvedMarket {
  /** Index in `Deployment.markets` (stable across deployments). */
  index: number;
  def: MarketDef;
  pool: ResolvedPool;
  address: string;
  bump: number;
  target: ResolvedCustody;
  collateral: ResolvedCustody;
  side: "Long" | "Short";
  /** `SOL long (JitoSOL)`-style label for reports. */
  label: string;
}

export interface ResolvedPool {
  index: number;
  def: PoolDef;
  name: string;
  address: string;
  bump: number;
  lpMint: string;
  lpMintBump: number;
  compoundingMint: string;
  compoundingMintBump: number;
  stakedLpVault: string;
  compoundingLpVault: string;
  alt: string;
  custodies: ResolvedCustody[];
  markets: ResolvedMarket[];
}

export interface Deployment {
  version: ProgramVersion;
  programId: string;
  /** Which chain holds the trading state: the ER for v2, base for the earlier program. */
  tradingChain: "base" | "er";
  perpetuals: string;
  perpetualsBump: number;
  transferAuthority: string;
  transferAuthorityBump: number;
  multisig: string;
  eventAuthority: string;
  reallocVault: string;
  /** Authority of the lookup tables and admin of the pools. */
  admin: string;
  pools: ResolvedPool[];
  custodies: ResolvedCustody[];
  markets: ResolvedMarket[];
  /** Internal oracle per mint (shared across pools). */
  oracles: Map<string, { address: string; bump: number; feed: FeedDef; mint: string; symbol: string }>;
}

function bump(programId: string, seeds: (string | Uint8Array)[]): number {
  return pda.findProgramAddress(programId, seeds).bump;
}

const keyBytes = (k: string) => new PublicKey(k).toBytes();

/** `AddressLookupTable` address: PDA `[authority, recent_slot u64 LE]` under the lookup-table program. */
export function lookupTableAddress(authority: string, recentSlot: bigint): string {
  const slot = new Uint8Array(8);
  new DataView(slot.buffer).setBigUint64(0, recentSlot, true);
  return pda.findProgramAddress(ALT_PROGRAM_ID, [keyBytes(authority), slot]).address;
}

export function programIdOf(version: ProgramVersion): string {
  return version === "v2" ? PERPETUALS_V2_PROGRAM_ID_MAINNET : PERPETUALS_PROGRAM_ID_MAINNET;
}

/** Resolves every address of one deployment. */
export function resolveDeployment(version: ProgramVersion): Deployment {
  const programId = programIdOf(version);
  const admin = labelKey(`${version}:admin`);
  const oracles: Deployment["oracles"] = new Map();
  for (const mint of worldMints()) {
    const symbol = Object.values(TOKENS).find((t) => t.mint === mint)!.symbol;
    oracles.set(mint, {
      address: pda.oracleAccount(programId, mint),
      bump: bump(programId, ["oracle_account", keyBytes(mint)]),
      feed: feedOf(symbol),
      mint,
      symbol,
    });
  }
  const dep: Deployment = {
    version,
    programId,
    tradingChain: version === "v2" ? "er" : "base",
    perpetuals: pda.perpetuals(programId),
    perpetualsBump: bump(programId, ["perpetuals"]),
    transferAuthority: pda.transferAuthority(programId),
    transferAuthorityBump: bump(programId, ["transfer_authority"]),
    multisig: pda.multisig(programId),
    eventAuthority: pda.eventAuthority(programId),
    reallocVault: pda.reallocVault(programId),
    admin,
    pools: [],
    custodies: [],
    markets: [],
    oracles,
  };
  POOLS.forEach((def, poolIndex) => {
    const address = pda.pool(programId, def.name);
    const pool: ResolvedPool = {
      index: poolIndex,
      def,
      name: def.name,
      address,
      bump: bump(programId, ["pool", def.name]),
      lpMint: pda.lpTokenMint(programId, address),
      lpMintBump: bump(programId, ["lp_token_mint", keyBytes(address)]),
      compoundingMint: pda.compoundingTokenMint(programId, address),
      compoundingMintBump: bump(programId, ["compounding_token_mint", keyBytes(address)]),
      stakedLpVault: labelKey(`${version}:${def.name}:staked-lp-vault`),
      compoundingLpVault: labelKey(`${version}:${def.name}:compounding-lp-vault`),
      alt: version === "earlier" ? def.mainnetAlt : lookupTableAddress(admin, 310_000_000n + BigInt(poolIndex)),
      custodies: [],
      markets: [],
    };
    for (const c of def.custodies) {
      const token = TOKENS[c.symbol];
      const custody: ResolvedCustody = {
        symbol: c.symbol,
        token,
        feed: feedOf(c.symbol),
        params: CUSTODY_PARAMS[c.symbol],
        def: c,
        uid: c.uid,
        pool,
        address: pda.custody(programId, address, token.mint),
        bump: bump(programId, ["custody", keyBytes(address), keyBytes(token.mint)]),
        tokenAccount: pda.custodyTokenAccount(programId, address, token.mint),
        tokenAccountBump: bump(programId, ["custody_token_account", keyBytes(address), keyBytes(token.mint)]),
        oracle: oracles.get(token.mint)!.address,
        extOracle: token.extOracle ?? labelKey(`ext-oracle:${c.symbol}`),
      };
      pool.custodies.push(custody);
      dep.custodies.push(custody);
    }
    for (const m of def.markets) {
      const target = pool.custodies.find((c) => c.symbol === m.target)!;
      const collateral = pool.custodies.find((c) => c.symbol === m.collateral)!;
      const sideByte = m.side === "long" ? 1 : 2;
      const market: ResolvedMarket = {
        index: dep.markets.length,
        def: m,
        pool,
        address: pda.market(programId, target.address, collateral.address, m.side),
        bump: bump(programId, [
          "market",
          keyBytes(target.address),
          keyBytes(collateral.address),
          Uint8Array.of(sideByte),
        ]),
        target,
        collateral,
        side: m.side === "long" ? "Long" : "Short",
        label: `${m.target} ${m.side}` + (m.side === "long" && m.collateral !== m.target ? ` (${m.collateral})` : ""),
      };
      pool.markets.push(market);
      dep.markets.push(market);
    }
    dep.pools.push(pool);
  });
  return dep;
}

/** The addresses of a pool's lookup table (what its setup/funds transactions reference). */
export function lookupTableContents(dep: Deployment, pool: ResolvedPool): string[] {
  const out: string[] = [
    dep.programId,
    dep.perpetuals,
    dep.transferAuthority,
    dep.eventAuthority,
    pool.address,
    pool.lpMint,
    pool.compoundingMint,
    SYSTEM_PROGRAM_ID,
    TOKEN_PROGRAM_ID,
    TOKEN_2022_PROGRAM_ID,
    ASSOCIATED_TOKEN_PROGRAM_ID,
    SYSVAR_INSTRUCTIONS_ID,
  ];
  if (dep.version === "v2") out.push(dep.reallocVault, DELEGATION_PROGRAM_ID, MAGIC_PROGRAM_ID, MAGIC_CONTEXT_ID);
  for (const c of pool.custodies) out.push(c.address, c.tokenAccount, c.oracle, c.token.mint);
  for (const m of pool.markets) out.push(m.address);
  if (dep.version === "v2") {
    for (const c of pool.custodies) {
      if (c.token.isVirtual) continue;
      out.push(pda.tradeVault(dep.programId, c.token.mint), pda.tradeVaultTokenAccount(dep.programId, c.token.mint));
    }
  }
  return [...new Set(out)];
}

function tokenEntry(t: TokenDef, version: ProgramVersion) {
  return {
    symbol: t.symbol,
    fullName: t.fullName,
    mintKey: t.mint,
    decimals: t.decimals,
    usdPrecision: t.usdPrecision,
    tokenPrecision: t.tokenPrecision,
    isStable: t.isStable,
    isVirtual: t.isVirtual,
    lazerId: t.feedId,
    pythTicker: t.ticker,
    pythPriceId: version === "v2" ? "" : t.hermesId,
    isToken2022: t.isToken2022,
    category: [t.category],
  };
}

export interface ConfigMeta {
  version: string;
  env: string;
  branch: string;
  publishedAt: string;
}

/** The deployment configuration file (vendor PoolConfig pool entries + provenance fields). */
export function deploymentFile(dep: Deployment, meta: ConfigMeta) {
  const file = {
    version: meta.version,
    env: meta.env,
    branch: meta.branch,
    publishedAt: meta.publishedAt,
    cluster: "mainnet-beta" as const,
    programId: dep.programId,
    pools: dep.pools.map((pool) => ({
      programId: dep.programId,
      cluster: "mainnet-beta" as const,
      poolName: pool.name,
      isDeprecated: false,
      poolAddress: pool.address,
      stakedLpTokenMint: pool.lpMint,
      compoundingTokenMint: pool.compoundingMint,
      stakedLpVault: pool.stakedLpVault,
      compoundingLpVault: pool.compoundingLpVault,
      lpDecimals: 6,
      compoundingLpTokenSymbol: pool.def.lpSymbol,
      stakedLpTokenSymbol: "s" + pool.def.lpSymbol,
      perpetuals: dep.perpetuals,
      transferAuthority: dep.transferAuthority,
      multisig: dep.multisig,
      ...(dep.version === "v2" ? { reallocVault: dep.reallocVault } : {}),
      addressLookupTableAddresses: [pool.alt],
      isMagicBlock: dep.version === "v2",
      tokens: pool.def.tokens.map((s) => tokenEntry(TOKENS[s], dep.version)),
      custodies: pool.custodies.map((c) => ({
        custodyId: c.uid,
        custodyAccount: c.address,
        tokenAccount: c.tokenAccount,
        symbol: c.symbol,
        mintKey: c.token.mint,
        decimals: c.token.decimals,
        usdPrecision: c.token.usdPrecision,
        tokenPrecision: c.token.tokenPrecision,
        isStable: c.token.isStable,
        isVirtual: c.token.isVirtual,
        intOracleAddress: c.oracle,
        extOracleAddress: c.extOracle,
        lazerId: c.token.feedId,
        pythTicker: c.token.ticker,
        pythPriceId: dep.version === "v2" ? "" : c.token.hermesId,
      })),
      markets: pool.markets.map((m) => ({
        marketId: m.def.marketId,
        marketAccount: m.address,
        marketCorrelation: m.def.correlation,
        pool: pool.address,
        targetCustody: m.target.address,
        collateralCustody: m.collateral.address,
        side: m.def.side,
        maxLev: m.def.maxLev,
        degenMinLev: m.def.degenMinLev,
        degenMaxLev: m.def.degenMaxLev,
        targetCustodyId: m.target.uid,
        collateralCustodyId: m.collateral.uid,
        targetMint: m.target.token.mint,
        collateralMint: m.collateral.token.mint,
        marketNameUi: `${m.def.target} ${m.def.side === "long" ? "Long" : "Short"}`,
      })),
    })),
  };
  // Structural check against the loader's input type (extra vendor fields such as `fullName` are allowed).
  const typed: DeploymentFile = file;
  return typed as DeploymentFile & typeof file;
}
