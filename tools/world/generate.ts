/**
 * The embedded-world generator: writes a deterministic `flash-replay/1` recording (both chains, oracle tape,
 * blockhashes, scripted updates), the two deployment configurations and a manifest into one directory.
 * Same options ⇒ byte-identical files. Owners are generated and written one at a time, so a 100 000-owner world
 * streams without holding the accounts in memory.
 */
import type { ProgramVersion } from "../../src/protocol/vocabulary.ts";
import { NATIVE_MINT, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from "../../src/protocol/constants.ts";
import * as pda from "../../src/protocol/pda.ts";
import { RECORDING_FORMAT, type RecordingMeta, RecordingWriter } from "../../src/replay/format.ts";
import {
  encodeBasket,
  encodeEarlierOrder,
  encodeEarlierPosition,
  encodeLedger,
  encodeReferral,
  encodeTokenStake,
  encodeTradeVault,
  initCustodyRuntimes,
  ProtocolState,
  settleLiquidity,
} from "./accounts.ts";
import { bookCounts, Economy, isOpen, type PriceSource } from "./book.ts";
import { TOKENS, worldMints } from "./catalog.ts";
import {
  ALT_PROGRAM_ID,
  type Deployment,
  deploymentFile,
  lookupTableContents,
  resolveDeployment,
} from "./deployment.ts";
import { Emitter, SLOT_MS, slotAt, START_BLOCK_HEIGHT, START_SLOT } from "./emitter.ts";
import { type ManifestOwner, ManifestWriter } from "./manifest.ts";
import { generateOwner, orderSlotSummary, type OwnerContext, type OwnerState } from "./owners.ts";
import { PriceTape } from "./prices.ts";
import { labelKey, Rng } from "./rng.ts";
import {
  encodeLookupTable,
  encodeMint,
  encodeMint2022,
  encodeTokenAccount,
  type MintInput,
  rentExempt,
} from "./spl.ts";
import { Timeline } from "./timeline.ts";
import type { Chain } from "../../src/state/types.ts";
import { base58 } from "../../src/protocol/codec/bytes.ts";

export const WORLD_GENERATOR_VERSION = "flash-world/1";
/** 2026-01-15 20:59:00 UTC: one minute before the US equity close, so the sessions change as they would. */
export const DEFAULT_STARTED_AT_MS = Date.UTC(2026, 0, 15, 20, 59, 0);

export const CONFIG_FILES: Record<ProgramVersion, string> = {
  v2: "pool-config.v2.json",
  earlier: "pool-config.earlier.json",
};
export const MANIFEST_FILE = "manifest.json";
export const README_FILE = "README.md";

export interface WorldOptions {
  /** Output directory (created; earlier recording files in it are replaced). */
  outDir: string;
  /** Default 1. */
  seed?: number;
  /** Number of owners (wallets). Default 40. */
  owners?: number;
  /** Length of the timed part in seconds. Default 180. */
  durationS?: number;
  /** Oracle frame period. Default 200 ms. */
  frameMs?: number;
  /** gzip the JSONL files. Default true. */
  gzip?: boolean;
  /** Initial accounts in the binary form (`*.accounts.bin`, not gzipped): what the benchmarks' large worlds use. */
  binaryAccounts?: boolean;
  /** Owners per interface whose accounts change during the replay. Default 8. */
  activeOwners?: number;
  /** Period of v2 trading events (the earlier interface's is 1.4× this). Default 2500 ms. */
  tradeIntervalMs?: number;
  /** Epoch ms of recording offset 0. Default 2026-01-15T20:59:00Z. */
  startedAtMs?: number;
  onProgress?: (p: WorldProgress) => void;
}

export interface WorldProgress {
  stage: "owners" | "protocol" | "timeline" | "oracle" | "blockhashes" | "manifest" | "done";
  done: number;
  total: number;
}

export interface WorldSummary {
  dir: string;
  seed: number;
  owners: number;
  durationMs: number;
  startedAtMs: number;
  initialAccounts: Record<Chain, number>;
  updates: Record<Chain, number>;
  oracleFrames: number;
  blockhashes: Record<Chain, number>;
  files: { name: string; bytes: number }[];
}

/** Owners between two PDA-cache flushes (per-owner PDAs are never derived twice; the cache would only grow). */
const PDA_CACHE_FLUSH_EVERY = 5_000;

/** Generates the world into `options.outDir`. */
export async function generateWorld(options: WorldOptions): Promise<WorldSummary> {
  const seed = options.seed ?? 1;
  const ownerCount = options.owners ?? 40;
  const durationMs = Math.round((options.durationS ?? 180) * 1000);
  const frameMs = options.frameMs ?? 200;
  const gzip = options.gzip ?? true;
  const activeTarget = options.activeOwners ?? 8;
  const startedAtMs = options.startedAtMs ?? DEFAULT_STARTED_AT_MS;
  const progress = options.onProgress ?? (() => {});
  const dir = options.outDir;
  if (!Number.isInteger(ownerCount) || ownerCount < 0) throw new RangeError("owners must be a non-negative integer");
  if (!(durationMs >= 1000)) throw new RangeError("duration must be at least 1 s");

  const tape = new PriceTape(seed, startedAtMs, durationMs, frameMs);
  const prices: PriceSource = {
    price: (feedId, atMs) => tape.price(feedId, atMs),
    unixAt: (atMs) => BigInt(Math.floor((startedAtMs + atMs) / 1000)),
  };
  const startUnix = prices.unixAt(0);
  const deps = { v2: resolveDeployment("v2"), earlier: resolveDeployment("earlier") };
  const eco = { v2: new Economy(deps.v2, prices), earlier: new Economy(deps.earlier, prices) };
  initCustodyRuntimes(eco.v2, seed, startUnix);
  initCustodyRuntimes(eco.earlier, seed, startUnix);

  const writer = await RecordingWriter.create(dir, { gzip, binaryAccounts: options.binaryAccounts });
  const emitter = new Emitter(writer, deps.v2.programId);
  const manifest = await ManifestWriter.open(dir);
  try {
    // ---- owners -------------------------------------------------------------------------------------------------
    const ctx: OwnerContext = { seed, v2: eco.v2, earlier: eco.earlier, atMs: 0, recentStakes: [] };
    const active: Record<ProgramVersion, OwnerState[]> = { v2: [], earlier: [] };
    const tradeVaults = new Map<string, bigint>();
    const progressEvery = Math.max(1_000, Math.ceil(ownerCount / 20));
    for (let i = 0; i < ownerCount; i++) {
      const st = generateOwner(ctx, i);
      const isActive = {
        v2: i >= 4 && st.v2.hasBasket && active.v2.length < activeTarget,
        earlier: i >= 4 && st.earlier.book.positions.some(isOpen) && active.earlier.length < activeTarget,
      };
      if (isActive.v2) active.v2.push(st);
      if (isActive.earlier) active.earlier.push(st);
      await writeOwner(emitter, deps, st, startUnix, seed);
      for (const [mint, d] of st.v2.deposits) {
        const avail = d - (st.v2.debits.get(mint) ?? 0n) + (st.v2.credits.get(mint) ?? 0n);
        tradeVaults.set(mint, (tradeVaults.get(mint) ?? 0n) + (avail > 0n ? avail : 0n));
      }
      await manifest.owner(manifestOwner(st, isActive));
      if ((i + 1) % progressEvery === 0 || i + 1 === ownerCount) {
        progress({ stage: "owners", done: i + 1, total: ownerCount });
      }
      if ((i + 1) % PDA_CACHE_FLUSH_EVERY === 0) pda.clearPdaCache();
    }

    // ---- protocol accounts, mints, token accounts, lookup tables --------------------------------------------------
    settleLiquidity(eco.v2, tape);
    settleLiquidity(eco.earlier, tape);
    const proto = {
      v2: new ProtocolState(eco.v2, tape, seed, startUnix),
      earlier: new ProtocolState(eco.earlier, tape, seed, startUnix),
    };
    const lpMints = new Map<string, MintInput>();
    const mintAuthority = labelKey("mint-authority");
    for (const version of ["v2", "earlier"] as const) {
      await writeProtocol(emitter, deps[version], proto[version], lpMints, tradeVaults);
    }
    await writeMints(emitter, mintAuthority, seed);
    progress({ stage: "protocol", done: 1, total: 1 });

    // ---- timeline ---------------------------------------------------------------------------------------------------
    const timeline = new Timeline({
      seed,
      durationMs,
      tradeIntervalMs: options.tradeIntervalMs ?? 2_500,
      emitter,
      v2: { eco: eco.v2, proto: proto.v2, owners: active.v2 },
      earlier: { eco: eco.earlier, proto: proto.earlier, owners: active.earlier },
      tokens: { lpMints, tradeVaults, mintAuthority },
    });
    await timeline.run();
    progress({ stage: "timeline", done: timeline.events.length, total: timeline.events.length });

    // ---- oracle frames and blockhashes --------------------------------------------------------------------------
    for (let k = 0; k < tape.frameCount; k++) await writer.writeOracleFrame(tape.frame(k));
    progress({ stage: "oracle", done: tape.frameCount, total: tape.frameCount });
    const blockhashes = await writeBlockhashes(writer, seed, durationMs);
    progress({
      stage: "blockhashes",
      done: blockhashes.base + blockhashes.er,
      total: blockhashes.base + blockhashes.er,
    });

    const meta: RecordingMeta = {
      format: RECORDING_FORMAT,
      name: "embedded-world",
      seed,
      createdAt: new Date(startedAtMs).toISOString(),
      durationMs,
      startedAtMs,
      chains: {
        base: { startSlot: START_SLOT.base, startBlockHeight: START_BLOCK_HEIGHT.base },
        er: { startSlot: START_SLOT.er, startBlockHeight: START_BLOCK_HEIGHT.er },
      },
      oracle: { feedIds: tape.feeds.map((f) => f.feedId) },
      description: `Generated by ${WORLD_GENERATOR_VERSION} (seed ${seed}, ${ownerCount} owners, ${
        durationMs / 1000
      } s): pools Crypto.1, Virtual.1, Equity.1 of the v2 (${deps.v2.programId}) and earlier (${deps.earlier.programId}) deployments. See manifest.json.`,
    };
    await writer.close(meta);

    // ---- configurations, manifest, README -------------------------------------------------------------------------
    const configMeta = {
      version: `${WORLD_GENERATOR_VERSION}+seed.${seed}`,
      env: "prod",
      branch: "embedded-world",
      publishedAt: new Date(startedAtMs).toISOString(),
    };
    for (const version of ["v2", "earlier"] as const) {
      await Deno.writeTextFile(
        `${dir}/${CONFIG_FILES[version]}`,
        JSON.stringify(deploymentFile(deps[version], configMeta), null, 2) + "\n",
      );
    }
    const initialAccounts = { ...emitter.initialCounts };
    const updates = { ...emitter.updateCounts };
    await manifest.close({
      format: "flash-world-manifest/1",
      generator: { version: WORLD_GENERATOR_VERSION, seed, owners: ownerCount, durationS: durationMs / 1000, frameMs },
      recording: {
        format: RECORDING_FORMAT,
        startedAtMs,
        startedAt: new Date(startedAtMs).toISOString(),
        durationMs,
        chains: {
          base: { startSlot: START_SLOT.base, endSlot: slotAt("base", durationMs), slotMs: SLOT_MS.base },
          er: { startSlot: START_SLOT.er, endSlot: slotAt("er", durationMs), slotMs: SLOT_MS.er },
        },
        initialAccounts,
        updates: { ...updates, byKind: sortedObject(emitter.updatesByKind) },
        blockhashes,
        oracle: {
          frames: tape.frameCount,
          frameMs,
          feeds: tape.feeds.map((f) => ({
            feedId: f.feedId,
            symbol: f.symbol,
            exponent: f.exponent,
            initialPrice: tape.price(f.feedId, 0).price.toString(),
            sessions: tape.sessionChanges(f),
          })),
        },
        events: timeline.events,
      },
      deployments: {
        v2: deploymentSummary(deps.v2),
        earlier: deploymentSummary(deps.earlier),
      },
    });
    progress({ stage: "manifest", done: 1, total: 1 });
    await writeReadme(dir, seed, ownerCount, durationMs);

    const files: { name: string; bytes: number }[] = [];
    for await (const e of Deno.readDir(dir)) {
      if (e.isFile) files.push({ name: e.name, bytes: (await Deno.stat(`${dir}/${e.name}`)).size });
    }
    files.sort((a, b) => a.name.localeCompare(b.name));
    progress({ stage: "done", done: 1, total: 1 });
    return {
      dir,
      seed,
      owners: ownerCount,
      durationMs,
      startedAtMs,
      initialAccounts,
      updates,
      oracleFrames: tape.frameCount,
      blockhashes,
      files,
    };
  } catch (err) {
    await writer.abort();
    await manifest.abort();
    throw err;
  }
}

function sortedObject<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort((a, b) => a[0].localeCompare(b[0])));
}

async function writeOwner(
  e: Emitter,
  deps: Record<ProgramVersion, Deployment>,
  st: OwnerState,
  startUnix: bigint,
  seed: number,
) {
  const v2 = st.v2;
  if (v2.hasBasket) await e.delegated(v2.basket!, encodeBasket(deps.v2, v2));
  if (v2.hasLedger) await e.initial("base", v2.ledger!, deps.v2.programId, encodeLedger(deps.v2, v2));
  const ea = st.earlier;
  const program = deps.earlier.programId;
  for (const slot of ea.book.positions) {
    if (!isOpen(slot)) continue;
    const key = ea.positionKeys.get(slot.market.address)!.address;
    await e.initial("base", key, program, encodeEarlierPosition("earlier", ea.book, slot.market.address));
  }
  for (const o of ea.book.orders) {
    const k = ea.orderKeys.get(o.market.address)!;
    await e.initial("base", k.address, program, encodeEarlierOrder("earlier", o, st.owner, k.bump));
  }
  if (ea.tokenStake) await e.initial("base", ea.tokenStake.address, program, encodeTokenStake(ea, startUnix, seed));
  if (ea.referral) await e.initial("base", ea.referral.address, program, encodeReferral(ea));
}

function manifestOwner(st: OwnerState, active: Record<ProgramVersion, boolean>): ManifestOwner {
  const v2c = bookCounts(st.v2.book);
  const eac = bookCounts(st.earlier.book);
  return {
    index: st.index,
    owner: st.owner,
    activeInReplay: { v2: active.v2, earlier: active.earlier },
    v2: {
      basket: st.v2.basket,
      ledger: st.v2.ledger,
      ...v2c,
      positionEntries: st.v2.book.positions.length,
      positionList: st.v2.book.positions.filter(isOpen).map((s) => ({
        market: s.market.address,
        label: s.market.label,
        symbol: s.market.def.target,
        side: s.market.def.side,
        collateral: s.market.def.collateral,
      })),
      orders: orderSlotSummary(st.v2.book),
    },
    earlier: {
      ...eac,
      positionList: st.earlier.book.positions.filter(isOpen).map((s) => ({
        position: st.earlier.positionKeys.get(s.market.address)!.address,
        market: s.market.address,
        label: s.market.label,
        symbol: s.market.def.target,
        side: s.market.def.side,
        collateral: s.market.def.collateral,
      })),
      orders: orderSlotSummary(st.earlier.book).map((o) => ({
        order: st.earlier.orderKeys.get(o.market)!.address,
        ...o,
      })),
      tokenStake: st.earlier.tokenStake?.address ?? null,
      referral: st.earlier.referral?.address ?? null,
    },
  };
}

function deploymentSummary(dep: Deployment) {
  return {
    programId: dep.programId,
    config: CONFIG_FILES[dep.version],
    tradingChain: dep.tradingChain,
    perpetuals: dep.perpetuals,
    transferAuthority: dep.transferAuthority,
    pools: dep.pools.map((p) => ({
      name: p.name,
      address: p.address,
      lpMint: p.lpMint,
      compoundingMint: p.compoundingMint,
      lookupTable: p.alt,
      custodies: p.custodies.map((c) => ({
        symbol: c.symbol,
        custodyId: c.uid,
        account: c.address,
        tokenAccount: c.tokenAccount,
        mint: c.token.mint,
        oracle: c.oracle,
        isVirtual: c.token.isVirtual,
      })),
      markets: p.markets.map((m) => ({
        marketId: m.def.marketId,
        label: m.label,
        symbol: m.def.target,
        side: m.def.side,
        collateral: m.def.collateral,
        account: m.address,
        maxLev: m.def.maxLev,
      })),
    })),
  };
}

async function writeProtocol(
  e: Emitter,
  dep: Deployment,
  proto: ProtocolState,
  lpMints: Map<string, MintInput>,
  tradeVaults: Map<string, bigint>,
) {
  const v2 = dep.version === "v2";
  const put = (pubkey: string, data: Uint8Array) =>
    v2 ? e.delegated(pubkey, data) : e.initial("base", pubkey, dep.programId, data);
  // Perpetuals is not delegated: base, owned by the program.
  await e.initial("base", dep.perpetuals, dep.programId, proto.encodePerpetuals());
  for (const pool of dep.pools) {
    for (const c of pool.custodies) {
      proto.refreshCustody(c);
      await put(c.address, proto.encodeCustody(c));
    }
    for (const m of pool.markets) {
      proto.refreshMarket(m);
      await put(m.address, proto.encodeMarket(m));
    }
    const value = proto.refreshPool(pool, 0, proto.startUnix);
    await put(pool.address, proto.encodePool(pool));
    const supply = proto.lpSupply.get(pool.address)!;
    const sflp: MintInput = { mintAuthority: dep.transferAuthority, supply, decimals: 6, freezeAuthority: null };
    const flp: MintInput = {
      mintAuthority: dep.transferAuthority,
      supply: value.compoundingStats.totalSupply,
      decimals: 6,
      freezeAuthority: null,
    };
    lpMints.set(pool.lpMint, sflp);
    lpMints.set(pool.compoundingMint, flp);
    await e.initial("base", pool.lpMint, TOKEN_PROGRAM_ID, encodeMint(sflp));
    await e.initial("base", pool.compoundingMint, TOKEN_PROGRAM_ID, encodeMint(flp));
    for (const c of pool.custodies) {
      await writeTokenAccount(
        e,
        c.tokenAccount,
        c.token.mint,
        c.token.isToken2022,
        dep.transferAuthority,
        proto.eco.rt(c).owned,
      );
    }
    const alt = lookupTableContents(dep, pool);
    await e.initial(
      "base",
      pool.alt,
      ALT_PROGRAM_ID,
      encodeLookupTable(dep.admin, BigInt(START_SLOT.base - 50_000), alt),
    );
  }
  for (const o of dep.oracles.values()) await put(o.address, proto.encodeOracle(o.address));
  if (v2) {
    for (const mint of worldMints()) {
      const t = Object.values(TOKENS).find((x) => x.mint === mint)!;
      if (t.isVirtual) continue;
      const amount = tradeVaults.get(mint) ?? 0n;
      tradeVaults.set(mint, amount);
      await e.initial("base", pda.tradeVault(dep.programId, mint), dep.programId, encodeTradeVault(dep, mint, amount));
      await writeTokenAccount(
        e,
        pda.tradeVaultTokenAccount(dep.programId, mint),
        mint,
        t.isToken2022,
        dep.transferAuthority,
        amount,
      );
    }
  }
}

async function writeTokenAccount(
  e: Emitter,
  pubkey: string,
  mint: string,
  token2022: boolean,
  authority: string,
  amount: bigint,
) {
  const rent = rentExempt(165);
  const native = mint === NATIVE_MINT;
  await e.initial(
    "base",
    pubkey,
    token2022 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID,
    encodeTokenAccount({ mint, owner: authority, amount, nativeRentReserve: native ? rent : null }),
    native ? rent + amount : rent,
  );
}

/** The world's token mints (one per mint; SOL/WSOL share the native mint). */
async function writeMints(e: Emitter, authority: string, seed: number) {
  const rng = new Rng(seed, "mints");
  for (const mint of worldMints()) {
    const t = Object.values(TOKENS).find((x) => x.mint === mint)!;
    const supply = mint === NATIVE_MINT ? 0n : BigInt(Math.floor(rng.logRange(1e6, 5e9))) * 10n ** BigInt(t.decimals);
    const m: MintInput = {
      mintAuthority: mint === NATIVE_MINT ? null : authority,
      supply,
      decimals: t.decimals,
      freezeAuthority: t.isToken2022 ? authority : null,
    };
    if (t.isToken2022) await e.initial("base", mint, TOKEN_2022_PROGRAM_ID, encodeMint2022(mint, m, authority));
    else await e.initial("base", mint, TOKEN_PROGRAM_ID, encodeMint(m));
  }
}

/** Base: one blockhash per 400 ms slot; ER: one every 200 ms (its slots are 50 ms). */
async function writeBlockhashes(w: RecordingWriter, seed: number, durationMs: number): Promise<Record<Chain, number>> {
  const out: Record<Chain, number> = { base: 0, er: 0 };
  for (const chain of ["base", "er"] as const) {
    const rng = new Rng(seed, `blockhash:${chain}`);
    const every = chain === "base" ? SLOT_MS.base : 200;
    for (let atMs = 0; atMs < durationMs; atMs += every) {
      const slot = slotAt(chain, atMs);
      const blockHeight = START_BLOCK_HEIGHT[chain] + (slot - START_SLOT[chain]);
      await w.writeBlockhash(chain, {
        atMs,
        slot,
        blockhash: base58(rng.bytes(32)),
        lastValidBlockHeight: blockHeight + 150,
        blockHeight,
      });
      out[chain]++;
    }
  }
  return out;
}

async function writeReadme(dir: string, seed: number, owners: number, durationMs: number) {
  const text = `# Embedded world

Generated by \`deno run -A tools/fixtures.ts --seed ${seed} --owners ${owners} --duration-s ${
    durationMs / 1000
  }\` (${WORLD_GENERATOR_VERSION}); do not edit by hand —
regenerate instead. Same options produce byte-identical files.

| File | Content |
| --- | --- |
| \`meta.json\`, \`*.jsonl.gz\` | the \`flash-replay/1\` recording (see \`src/replay/format.ts\`): initial accounts, timed updates and blockhashes per chain (\`base\`, \`er\`), oracle frames |
| \`${CONFIG_FILES.v2}\` | v2 deployment (program \`FTv2RxXarPfNta45HTTMVaGvjzsGg27FXJ3hEKWBhrzV\`), pools Crypto.1, Virtual.1, Equity.1 |
| \`${CONFIG_FILES.earlier}\` | earlier deployment (program \`FLASH6Lo6h3iasJKWDs2F8TkW2UKf3s15C8PMGuVfgBn\`), same pools |
| \`${MANIFEST_FILE}\` | owners (per interface: positions, limit and trigger orders, their keys and slot ids), pools, markets, the recording's span, update counts and scripted events, and ready-made QA cases |

Where accounts live: v2 pools, custodies, markets, internal oracles and baskets on the ER (owned by the v2
program), each with a base copy owned by the delegation program (refreshed at every 10 s commit) and a delegation
record; v2 Perpetuals, deposit ledgers, trade vaults, and every mint, token account and lookup table on base; every
account of the earlier deployment on base.

Owners whose \`activeInReplay\` flag is set for an interface change during the replay; pick the others (or the
\`cases\` of the manifest) when a test needs stable state.
`;
  await Deno.writeTextFile(`${dir}/${README_FILE}`, text);
}
