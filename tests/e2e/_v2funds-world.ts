/**
 * The embedded world as the v2 setup and funds builder tests use it: the service replaying fixtures/world on a
 * virtual clock (so the cached blockhashes stay fresh), the world's v2 addresses and owners, and writers that put
 * the accounts a submitted transaction would create into the store — at a slot above anything the replay holds, so
 * the replay never overwrites or deletes them.
 */
import { loadConfig } from "../../src/config/env.ts";
import { createServiceApp } from "../../src/server.ts";
import { lookupTablesAt } from "../../src/handlers/shared/transactions.ts";
import {
  basketAccount,
  custodySettlementReceiptAccount,
  tradeVaultAccount,
  userDepositLedgerAccount,
  withdrawalEscrowReceiptAccount,
} from "../../src/protocol/accounts/index.ts";
import type { Chain } from "../../src/state/types.ts";
import { eventually } from "../helpers/eventually.ts";
import { DELEGATION_PROGRAM, NATIVE_MINT, ref } from "../helpers/v2funds-transactions.ts";

const WORLD = "fixtures/world";
/** Above every slot of the recording (base ≈ 391 M, ER ≈ 157 M). */
const INJECTED_SLOT = 10_000_000_000;

interface Manifest {
  cases: { v2: Record<string, { owner: string }> };
}

export async function startFundsWorld(env: Record<string, string> = {}) {
  const service = await createServiceApp(
    loadConfig({ RATE_LIMIT_RPS: "0", REPLAY_DIR: WORLD, ...env }),
    { replayMode: "virtual" },
  );
  await service.start();
  service.replay!.replayer.advanceTo(1_000);
  const { services } = service;
  const now = () => services.clock.nowMs();
  const hash = (chain: Chain) => {
    const entry = services.blockhashes[chain].current(now());
    return "blockhash" in entry ? entry.blockhash : undefined;
  };
  await eventually(() => hash("base") && hash("er"), "both chains' blockhashes");
  const manifest = JSON.parse(await Deno.readTextFile(`${WORLD}/manifest.json`)) as Manifest;
  const config = services.deployments.v2.index.config;
  const programId = config.programId;
  const poolAddress = (name: string) => config.pools.find((p) => p.poolName === name)!.poolAddress;
  const mintOf = (symbol: string) => services.deployments.v2.index.token(symbol)!.mintKey;
  const r = ref(programId);

  const put = (chain: Chain, pubkey: string, owner: string, data: Uint8Array) =>
    services.accounts.set({
      pubkey,
      owner,
      lamports: 1_000_000n,
      data,
      executable: false,
      slot: INJECTED_SLOT,
      chain,
    });
  const emptyBasket = (owner: string) =>
    basketAccount.encode({
      owner,
      delegate: owner,
      basketBump: 255,
      padding: new Uint8Array(5),
      positionsActive: false,
      ordersActive: false,
      debits: [],
      pendingCredits: [],
      positions: [],
      orders: [],
    });

  return {
    service,
    app: service.app,
    services,
    programId,
    ref: r,
    baseBlockhash: () => hash("base")!,
    erBlockhash: () => hash("er")!,
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
    // ---- what a confirmed transaction would leave on chain ----
    /** init-basket: an empty basket on base, owned by the program (not delegated). */
    putUndelegatedBasket: (owner: string) => put("base", r.basket(owner), programId, emptyBasket(owner)),
    /** delegate-basket: the basket's base copy owned by the delegation program and its live copy on the rollup. */
    putDelegatedBasket: (owner: string, basket = emptyBasket(owner)) => {
      put("base", r.basket(owner), DELEGATION_PROGRAM, basket);
      put("er", r.basket(owner), programId, basket);
    },
    /** init-deposit-ledger (+ deposits): the ledger on base. */
    putLedger: (owner: string, deposits: { mint: string; amount: bigint }[] = []) =>
      put(
        "base",
        r.ledger(owner),
        programId,
        userDepositLedgerAccount.encode({ bump: 255, padding: new Uint8Array(7), owner, deposits }),
      ),
    /** A withdrawal escrow, delegated (`in-progress`) or committed back to base (`settleable`). */
    putEscrow: (owner: string, mint: string, amount: bigint, state: "in-progress" | "settleable") => {
      const data = withdrawalEscrowReceiptAccount.encode({
        owner,
        mint,
        amount,
        ledgerDeductible: amount,
        requestedAt: 0n,
        processed: state === "settleable" ? 1 : 0,
        bump: 255,
        padding: new Uint8Array(6),
      });
      put("base", r.escrow(owner, mint), state === "settleable" ? programId : DELEGATION_PROGRAM, data);
    },
    /** A custody's settlement receipt, delegated or committed back to base. */
    putSettlementReceipt: (pool: string, mint: string, state: "in-progress" | "settleable") => {
      const custody = r.custody(pool, mint);
      const data = custodySettlementReceiptAccount.encode({
        pool,
        custody,
        tokenMint: mint,
        netAmount: 0n,
        custodyToVault: true,
        processed: state === "settleable" ? 1 : 0,
        bump: 255,
        padding: new Uint8Array(5),
      });
      put("base", r.settlementReceipt(custody), state === "settleable" ? programId : DELEGATION_PROGRAM, data);
    },
  };
}

export type FundsWorld = Awaited<ReturnType<typeof startFundsWorld>>;
