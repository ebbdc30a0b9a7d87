/**
 * Writes into an AccountStore what a confirmed setup or funds transaction leaves on chain (the setup and funds builders' tests): baskets
 * (on base, or delegated: base copy owned by the delegation program plus the live rollup copy), deposit ledgers,
 * trade vaults, withdrawal escrows and settlement receipts (delegated, or committed back to base). Everything is
 * written at a slot above any recording's, so a replay never overwrites or deletes it.
 */
import {
  basketAccount,
  custodySettlementReceiptAccount,
  tradeVaultAccount,
  userDepositLedgerAccount,
  withdrawalEscrowReceiptAccount,
} from "../../src/protocol/accounts/mod.ts";
import type { AccountStore } from "../../src/state/account-store.ts";
import type { Chain } from "../../src/state/types.ts";
import { DELEGATION_PROGRAM, programAddresses } from "./expected-accounts.ts";

/** Above every slot of the embedded recording (base ≈ 391 M, ER ≈ 157 M). */
export const INJECTED_SLOT = 10_000_000_000;

export type ReceiptOnChain = "in-progress" | "settleable";

export function fundsAccounts(store: AccountStore, programId: string) {
  const r = programAddresses(programId);
  const put = (chain: Chain, pubkey: string, owner: string, data: Uint8Array) =>
    store.set({ pubkey, owner, lamports: 1_000_000n, data, executable: false, slot: INJECTED_SLOT, chain });
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
  type Line = { mint: string; amount: bigint };
  const basketWith = (owner: string, debits: Line[], pendingCredits: Line[]) =>
    basketAccount.encode({ ...basketAccount.decode(emptyBasket(owner)), debits, pendingCredits });
  /** Delegated (base copy owned by the delegation program) or committed back to base (owned by the program). */
  const receiptOwner = (state: ReceiptOnChain) => (state === "settleable" ? programId : DELEGATION_PROGRAM);
  return {
    /** Any account, at any address (what a transaction creates, at the address the transaction names). */
    put,
    /** An account closed on `chain` (a settled escrow). */
    remove: (chain: Chain, pubkey: string) => store.delete(chain, pubkey, INJECTED_SLOT + 1),
    emptyBasket,
    basketWith,
    /** init-basket confirmed: the basket on base, owned by the program. */
    putUndelegatedBasket: (owner: string, data = emptyBasket(owner)) => put("base", r.basket(owner), programId, data),
    /** delegate-basket confirmed: the base copy belongs to the delegation program, the live copy is on the rollup. */
    putDelegatedBasket: (owner: string, data = emptyBasket(owner)) => {
      put("base", r.basket(owner), DELEGATION_PROGRAM, data);
      put("er", r.basket(owner), programId, data);
    },
    /** Delegated, with only the base copy known yet (the rollup copy not ingested). */
    putDelegatedBasketBaseOnly: (owner: string) => put("base", r.basket(owner), DELEGATION_PROGRAM, emptyBasket(owner)),
    /** init-deposit-ledger (and deposits) confirmed: the ledger on base. */
    putLedger: (owner: string, deposits: Line[] = []) =>
      put(
        "base",
        r.ledger(owner),
        programId,
        userDepositLedgerAccount.encode({ bump: 255, padding: new Uint8Array(7), owner, deposits }),
      ),
    /** A mint's trade vault with its recorded balance. */
    putTradeVault: (mint: string, tokenAmount: bigint) =>
      put(
        "base",
        r.tradeVault(mint),
        programId,
        tradeVaultAccount.encode({
          tokenMint: mint,
          tokenAccount: r.tradeVaultTokenAccount(mint),
          tokenAmount,
          bump: 255,
          tokenAccountBump: 255,
          padding: new Uint8Array(6),
        }),
      ),
    putEscrow: (owner: string, mint: string, amount: bigint, state: ReceiptOnChain) =>
      put(
        "base",
        r.escrow(owner, mint),
        receiptOwner(state),
        withdrawalEscrowReceiptAccount.encode({
          owner,
          mint,
          amount,
          ledgerDeductible: amount,
          requestedAt: 0n,
          processed: state === "settleable" ? 1 : 0,
          bump: 255,
          padding: new Uint8Array(6),
        }),
      ),
    putSettlementReceipt: (pool: string, mint: string, state: ReceiptOnChain) => {
      const custody = r.custody(pool, mint);
      put(
        "base",
        r.settlementReceipt(custody),
        receiptOwner(state),
        custodySettlementReceiptAccount.encode({
          pool,
          custody,
          tokenMint: mint,
          netAmount: 0n,
          custodyToVault: true,
          processed: state === "settleable" ? 1 : 0,
          bump: 255,
          padding: new Uint8Array(5),
        }),
      );
    },
  };
}
