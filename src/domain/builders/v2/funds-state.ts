/**
 * What the chains show about an owner's setup and funds, as far as a setup or funds builder needs it, and the
 * preconditions a built transaction still waits for (issue 9, item 4: a builder answers for what the client will
 * have, and says what is not there yet).
 *
 * Where each fact lives (DECISIONS 5.2, ORACLE-AND-CHAIN §2.1): a delegated basket is live on the rollup (owned by
 * the program there) while its base copy belongs to the delegation program; a basket not yet delegated is a base
 * account of the program. Deposit ledgers and trade vaults are read ER first, then base (the effective copy).
 * Withdrawal escrows and settlement receipts are settleable only once they are back on the base chain as program
 * accounts; while delegated they are in progress.
 */
import type { Basket, UserDepositLedger } from "../../../protocol/accounts/mod.ts";
import { DELEGATION_PROGRAM_ID } from "../../../protocol/constants.ts";
import * as pda from "../../../protocol/pda.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";

/** One chain's copy of an account (structurally the state layer's RawAccount). */
export interface ChainCopy {
  owner: string;
}

/** Per-chain account copies (structurally the state layer's AccountStore). */
export interface ChainAccountReader {
  getFrom(chain: "base" | "er", pubkey: string): ChainCopy | undefined;
}

/**
 * The contract's `FundsPrecondition` values (the handlers' typed responses keep the two lists equal). Builders list
 * them in the order a flow meets them: ledger, basket, delegation, vault, balance, escrow, settlement.
 */
export type FundsPrecondition =
  | "DEPOSIT_LEDGER_MISSING"
  | "BASKET_MISSING"
  | "BASKET_NOT_DELEGATED"
  | "TRADE_VAULT_MISSING"
  | "INSUFFICIENT_AVAILABLE_BALANCE"
  | "WITHDRAWAL_IN_PROGRESS"
  | "WITHDRAWAL_NOT_SETTLEABLE"
  | "CUSTODY_SETTLEMENT_IN_PROGRESS";

export type BasketState = "missing" | "undelegated" | "delegated";

export interface OwnerSetup {
  owner: string;
  basket: { address: string; state: BasketState; account?: Basket };
  ledger: { address: string; account?: UserDepositLedger };
}

/** The owner's basket (missing, on base and not delegated, or delegated) and deposit ledger. */
export function ownerSetup(snapshot: DeploymentSnapshot, chains: ChainAccountReader, owner: string): OwnerSetup {
  const programId = snapshot.programId;
  const basketAddress = pda.basket(programId, owner);
  const ledgerAddress = pda.userDepositLedger(programId, owner);
  return {
    owner,
    basket: {
      address: basketAddress,
      state: delegationState(chains, programId, basketAddress),
      account: snapshot.accounts.get("Basket", basketAddress),
    },
    ledger: { address: ledgerAddress, account: snapshot.accounts.get("UserDepositLedger", ledgerAddress) },
  };
}

/**
 * `delegated` when the rollup holds the account as a program account, or the base copy belongs to the delegation
 * program (delegated, the rollup copy not ingested yet); `undelegated` for a base program account; else `missing`.
 */
function delegationState(chains: ChainAccountReader, programId: string, address: string): BasketState {
  if (chains.getFrom("er", address)?.owner === programId) return "delegated";
  const base = chains.getFrom("base", address);
  if (base?.owner === DELEGATION_PROGRAM_ID) return "delegated";
  return base?.owner === programId ? "undelegated" : "missing";
}

/** The mint's trade vault PDA, its token account PDA, and the vault account when it exists. */
export function tradeVaultOf(snapshot: DeploymentSnapshot, mint: string) {
  const address = pda.tradeVault(snapshot.programId, mint);
  return {
    address,
    tokenAccount: pda.tradeVaultTokenAccount(snapshot.programId, mint),
    account: snapshot.accounts.get("TradeVault", address),
  };
}

/**
 * Available balance of a mint (PROTOCOL-v2 §0.2, `BasketAccount.getAvailableBalance`): cumulative deposits −
 * basket debits + pending credits, native units; every term is read from the same effective copies.
 */
export function availableBalance(setup: OwnerSetup, mint: string): bigint {
  const line = (entries: readonly { mint: string; amount: bigint }[] | undefined) =>
    entries?.find((e) => e.mint === mint)?.amount ?? 0n;
  const basket = setup.basket.account;
  return line(setup.ledger.account?.deposits) - line(basket?.debits) + line(basket?.pendingCredits);
}

/**
 * A withdrawal escrow or custody-settlement receipt: `none` (no copy anywhere: never requested, or already closed),
 * `settleable` (back on the base chain as a program account: its settle instruction can run), or `in-progress`
 * (delegated: the rollup step has not committed it back yet).
 */
export type ReceiptState = "none" | "in-progress" | "settleable";

export function receiptState(snapshot: DeploymentSnapshot, chains: ChainAccountReader, address: string): ReceiptState {
  const base = chains.getFrom("base", address);
  if (base?.owner === snapshot.programId) return "settleable";
  if (base !== undefined || chains.getFrom("er", address) !== undefined) return "in-progress";
  return "none";
}
