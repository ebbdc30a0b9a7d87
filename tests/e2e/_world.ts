/**
 * The embedded world (fixtures/world) served in process for the builder tests: `startWorld` replays the recording
 * on a virtual clock (so the cached blockhashes stay fresh), publishes its first second of oracle frames and waits
 * until both chains' blockhashes are cached; `startFundsWorld` adds what the v2 setup and funds builder tests use:
 * every v2 price, the world's v2 addresses and owners, and the writers of tests/helpers/funds-chain-state.ts over its
 * store (what a submitted transaction would create).
 */
import { loadConfig } from "../../src/config/env.ts";
import { createServiceApp } from "../../src/server.ts";
import { lookupTablesAt } from "../../src/handlers/shared/transactions.ts";
import { tradeVaultAccount } from "../../src/protocol/accounts/mod.ts";
import type { Chain } from "../../src/state/types.ts";
import { eventually } from "../helpers/eventually.ts";
import { fundsAccounts } from "../helpers/funds-chain-state.ts";
import { NATIVE_MINT, programAddresses } from "../helpers/expected-accounts.ts";
import { readManifest } from "../helpers/manifest.ts";

export const WORLD = "fixtures/world";

/** The world's service, started; if it never gets both blockhashes it is stopped before the error is raised. */
export async function startWorld(env: Record<string, string> = {}) {
  const service = await createServiceApp(
    loadConfig({ RATE_LIMIT_RPS: "0", REPLAY_DIR: WORLD, ...env }),
    { replayMode: "virtual" },
  );
  const { services } = service;
  const hash = (chain: Chain) => {
    const entry = services.blockhashes[chain].current(services.clock.nowMs());
    return "blockhash" in entry ? entry.blockhash : undefined;
  };
  try {
    await service.start();
    service.replay!.replayer.advanceTo(1_000);
    await eventually(() => hash("base") && hash("er"), "both chains' blockhashes");
  } catch (error) {
    await service.stop();
    throw error;
  }
  /** The chain's cached blockhash now. */
  const blockhash = (chain: Chain) => hash(chain)!;
  return { service, app: service.app, services, blockhash };
}

export async function startFundsWorld(env: Record<string, string> = {}) {
  const { service, services, blockhash } = await startWorld(env);
  const feeds = services.deployments.v2.index.feedIds().length;
  await eventually(() => (services.prices.size >= feeds ? true : undefined), "every v2 oracle price");
  const manifest = await readManifest(WORLD);
  const config = services.deployments.v2.index.config;
  const programId = config.programId;
  const poolAddress = (name: string) => config.pools.find((p) => p.poolName === name)!.poolAddress;
  const mintOf = (symbol: string) => services.deployments.v2.index.token(symbol)!.mintKey;
  const r = programAddresses(programId);

  return {
    service,
    app: service.app,
    services,
    programId,
    ref: r,
    baseBlockhash: () => blockhash("base"),
    erBlockhash: () => blockhash("er"),
    /** Every v2 pool's lookup tables as the base chain holds them (to read built transactions back). */
    lookupTables: () => lookupTablesAt(services, config.pools.flatMap((p) => p.addressLookupTableAddresses)),
    pools: { crypto: poolAddress("Crypto.1"), equity: poolAddress("Equity.1"), virtual: poolAddress("Virtual.1") },
    altOf: (poolName: string) => config.pools.find((p) => p.poolName === poolName)!.addressLookupTableAddresses,
    mints: { USDC: mintOf("USDC"), SOL: NATIVE_MINT, SPY: mintOf("SPY"), XAU: mintOf("XAU") },
    cases: {
      /** Delegated basket with positions and orders, and a deposit ledger. */
      rich: manifest.cases.v2.manyPositionsAndLimitOrder.owner,
      /** Neither basket nor ledger. */
      withoutBasket: manifest.cases.v2.withoutBasket.owner,
      /** A deposit ledger, no basket. */
      ledgerWithoutBasket: manifest.cases.v2.ledgerWithoutBasket.owner,
    },
    /** The trade vault's recorded balance (what `custodySettlementRequired` compares with). */
    tradeVaultAmount: (mint: string) => {
      const raw = services.accounts.get(r.tradeVault(mint));
      return raw ? tradeVaultAccount.decode(raw.data).tokenAmount : 0n;
    },
    ...fundsAccounts(services.accounts, programId),
  };
}

export type FundsWorld = Awaited<ReturnType<typeof startFundsWorld>>;
