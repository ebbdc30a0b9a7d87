/**
 * POST /v2/transaction-builder/withdrawal-settle (ext) and /execute-withdrawal (PROTOCOL-v2 §3.12): finish a
 * withdrawal the validator did not settle, as the vendor SDK's `withdrawalSettle` does — the owner's token account
 * created idempotently, the custody settled first when its receipt is on the base chain as a program account
 * (`custody_settlement_settle`), then `withdrawal_settle` pays the escrowed funds into the owner's token account and
 * closes the escrow (its rent returns to the owner). Only the owner signs, as fee payer: the program instructions
 * have no signer.
 */
import { custodySettlementSettleInstruction } from "../../../protocol/instructions/v2/custody-settlement-settle.ts";
import { withdrawalSettleInstruction } from "../../../protocol/instructions/v2/withdrawal-settle.ts";
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import * as pda from "../../../protocol/pda.ts";
import { failField } from "../../quotes/result.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import { settlementReceiptOf } from "./custody-settlement.ts";
import { poolLookupTables } from "../plan.ts";
import { walletTokenAccount } from "../wallet-accounts.ts";
import type { FundsTransactionPlan } from "./funds-plan.ts";
import { type ChainAccountReader, type FundsPrecondition, ownerSetup, receiptState } from "./funds-state.ts";
import { type FundsToken, fundsTokenByMint } from "./funds-token.ts";
import { ownerTokenAccountStep } from "./withdraw.ts";

/**
 * `custody_settlement_settle` for the token's custody. `payer` receives the receipt's rent; the escrow placeholders
 * get the payer, as the SDK passes them.
 */
export function custodySettlementSettleStep(programId: string, token: FundsToken, payer: string): Instruction {
  return custodySettlementSettleInstruction(programId, {
    payer,
    pool: token.pool.poolAddress,
    custody: token.custody.custodyAccount,
    tradeVault: pda.tradeVault(programId, token.mint),
    tradeVaultTokenAccount: pda.tradeVaultTokenAccount(programId, token.mint),
    custodyTokenAccount: token.custody.tokenAccount,
    tokenMint: token.mint,
    settlementReceipt: settlementReceiptOf(programId, token),
    tokenProgram: token.tokenProgram,
    escrowAuth: payer,
    escrow: payer,
  });
}

/** `withdrawal_settle` of the owner's escrow of the token; the escrow placeholders get the owner, as in the SDK. */
export function withdrawalSettleStep(programId: string, token: FundsToken, owner: string): Instruction {
  return withdrawalSettleInstruction(programId, {
    owner,
    ownerTokenAccount: walletTokenAccount(owner, token.mint, token.isToken2022),
    tokenMint: token.mint,
    tradeVault: pda.tradeVault(programId, token.mint),
    tradeVaultTokenAccount: pda.tradeVaultTokenAccount(programId, token.mint),
    withdrawalEscrowReceipt: pda.withdrawalEscrowReceipt(programId, owner, token.mint),
    userDepositLedger: pda.userDepositLedger(programId, owner),
    tokenProgram: token.tokenProgram,
    escrowAuth: owner,
    escrow: owner,
  });
}

export interface WithdrawalSettleRequest {
  owner: string;
  tokenMint: string;
  /** Settle the custody first when its receipt is settleable (default true; withdrawal-settle has no such field). */
  includeCustodySettlement?: boolean;
}

/**
 * An owner without a deposit ledger never requested a withdrawal: 400 DEPOSIT_LEDGER_NOT_FOUND. An escrow that is
 * not settleable yet (not requested, still on the rollup, or already closed) is built for anyway and reported as
 * `WITHDRAWAL_NOT_SETTLEABLE`: clients poll by building and simulating until it is. A custody settlement still on
 * the rollup is reported as `CUSTODY_SETTLEMENT_IN_PROGRESS` (its settle cannot run yet, so it is not included).
 */
export function withdrawalSettleTransaction(
  snapshot: DeploymentSnapshot,
  chains: ChainAccountReader,
  request: WithdrawalSettleRequest,
): FundsTransactionPlan {
  const token = fundsTokenByMint(snapshot, request.tokenMint);
  const { owner } = request;
  const programId = snapshot.programId;
  const setup = ownerSetup(snapshot, chains, owner);
  if (setup.ledger.account === undefined) {
    failField("DEPOSIT_LEDGER_NOT_FOUND", "owner", `has no deposit ledger (${setup.ledger.address}): no withdrawal`);
  }
  const unmet: FundsPrecondition[] = [];
  const escrow = pda.withdrawalEscrowReceipt(programId, owner, token.mint);
  if (receiptState(snapshot, chains, escrow) !== "settleable") unmet.push("WITHDRAWAL_NOT_SETTLEABLE");
  const instructions = [ownerTokenAccountStep(owner, token)];
  if (request.includeCustodySettlement ?? true) {
    const settlement = receiptState(snapshot, chains, settlementReceiptOf(programId, token));
    if (settlement === "settleable") instructions.push(custodySettlementSettleStep(programId, token, owner));
    if (settlement === "in-progress") unmet.push("CUSTODY_SETTLEMENT_IN_PROGRESS");
  }
  instructions.push(withdrawalSettleStep(programId, token, owner));
  return {
    chain: "base",
    feePayer: owner,
    instructions,
    lookupTableAddresses: poolLookupTables(token.pool),
    unmetPreconditions: unmet,
  };
}
