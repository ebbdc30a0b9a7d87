/**
 * POST /v2/transaction-builder/withdraw (ext; PROTOCOL-v2 §3.12): `withdrawal_with_action` opens and delegates the
 * withdrawal escrow; the validator then runs the rollup step and the base-chain settle, which pays the owner's
 * associated token account and closes the escrow. Shared with request-withdrawal (variant B).
 *
 * Signers and fee payer: the instruction's `fee_payer` (request field `feePayer`) pays the escrow and delegation
 * rent and must sign, and must differ from the owner (the delegation program rejects owner = fee payer; the vendor
 * SDK refuses it too). Which key pays the transaction fee is not pinned by any source (PROTOCOL-v2 §8.2): the owner
 * does, as the vendor's own example does, so that a fresh fee-payer key can be funded by the top-up transfer of the
 * same transaction (a fee payer with no lamports could not pay the fee before that transfer runs).
 */
import { transferSolInstruction } from "../../../protocol/instructions/external/system.ts";
import { withdrawalWithActionInstruction } from "../../../protocol/instructions/v2/withdrawal-with-action.ts";
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import * as pda from "../../../protocol/pda.ts";
import { failField } from "../../quotes/result.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import { poolLookupTables } from "../plan.ts";
import { createWalletTokenAccount, walletTokenAccount } from "../wallet-accounts.ts";
import { delegationSiblings, type FundsTransactionPlan } from "./funds-plan.ts";
import {
  availableBalance,
  type ChainAccountReader,
  type FundsPrecondition,
  ownerSetup,
  receiptState,
  tradeVaultOf,
} from "./funds-state.ts";
import { type FundsToken, fundsTokenBySymbol, parseTokenAmount } from "./funds-token.ts";

export interface WithdrawalRequestInput {
  owner: string;
  feePayer: string;
  token: FundsToken;
  /** Native units. */
  amount: bigint;
  /** Lamports the owner moves to the fee payer first (0: no transfer). */
  topUpLamports?: bigint;
  /** Lamports the fee payer hands back to the owner last (0: no transfer; request-withdrawal variant A). */
  returnLamports?: bigint;
}

/** The owner's associated token account of the token, created idempotently (paid by the owner). */
export function ownerTokenAccountStep(owner: string, token: FundsToken): Instruction {
  return createWalletTokenAccount({ payer: owner, wallet: owner, mint: token.mint, isToken2022: token.isToken2022 });
}

/**
 * [top-up transfer owner → fee payer], the owner's token account created idempotently (the funds are paid into it;
 * it may have been closed to unwrap an earlier SOL withdrawal), then `withdrawal_with_action`, [then what the fee
 * payer holds after it back to the owner (withdrawal-rent.ts)].
 */
export function withdrawalRequestSteps(programId: string, input: WithdrawalRequestInput): Instruction[] {
  const { owner, feePayer, token } = input;
  const escrow = pda.withdrawalEscrowReceipt(programId, owner, token.mint);
  const siblings = delegationSiblings(programId, escrow);
  const topUp = input.topUpLamports ?? 0n;
  const returned = input.returnLamports ?? 0n;
  return [
    ...(topUp > 0n ? [transferSolInstruction({ source: owner, destination: feePayer }, { lamports: topUp })] : []),
    ownerTokenAccountStep(owner, token),
    withdrawalWithActionInstruction(programId, {
      owner,
      feePayer,
      ownerTokenAccount: walletTokenAccount(owner, token.mint, token.isToken2022),
      tokenMint: token.mint,
      tradeVault: pda.tradeVault(programId, token.mint),
      tradeVaultTokenAccount: pda.tradeVaultTokenAccount(programId, token.mint),
      basket: pda.basket(programId, owner),
      userDepositLedger: pda.userDepositLedger(programId, owner),
      bufferWithdrawalEscrowReceipt: siblings.buffer,
      delegationRecordWithdrawalEscrowReceipt: siblings.record,
      delegationMetadataWithdrawalEscrowReceipt: siblings.metadata,
      withdrawalEscrowReceipt: escrow,
      tokenProgram: token.tokenProgram,
    }, { amount: input.amount }),
    ...(returned > 0n
      ? [transferSolInstruction({ source: feePayer, destination: owner }, { lamports: returned })]
      : []),
  ];
}

export interface WithdrawalRequestPlan extends FundsTransactionPlan {
  /** The withdrawal escrow to poll until it is closed. */
  receipt: string;
  /** The trade vault's recorded balance is below the amount: settle the custody first. */
  custodySettlementRequired: boolean;
  isNativeSol: boolean;
}

/**
 * What every withdrawal request shares: `feePayer` ≠ owner (400 FEE_PAYER_CONFLICT), an existing deposit ledger
 * (400 DEPOSIT_LEDGER_NOT_FOUND: an owner who never deposited has nothing any later step could withdraw), then the
 * preconditions the rollup step needs — a delegated basket, the trade vault, enough available balance, no escrow
 * of the same owner and mint still open.
 */
export function withdrawalRequestPlan(
  snapshot: DeploymentSnapshot,
  chains: ChainAccountReader,
  input: WithdrawalRequestInput,
): WithdrawalRequestPlan {
  const { owner, token, amount } = input;
  if (input.feePayer === owner) {
    failField("FEE_PAYER_CONFLICT", "feePayer", "must differ from owner: the withdrawal escrow needs a separate payer");
  }
  const setup = ownerSetup(snapshot, chains, owner);
  if (setup.ledger.account === undefined) {
    failField(
      "DEPOSIT_LEDGER_NOT_FOUND",
      "owner",
      `has no deposit ledger (${setup.ledger.address}): nothing to withdraw`,
    );
  }
  const vault = tradeVaultOf(snapshot, token.mint);
  const escrow = pda.withdrawalEscrowReceipt(snapshot.programId, owner, token.mint);
  const unmet: FundsPrecondition[] = [];
  if (setup.basket.state === "missing") unmet.push("BASKET_MISSING");
  if (setup.basket.state === "undelegated") unmet.push("BASKET_NOT_DELEGATED");
  if (vault.account === undefined) unmet.push("TRADE_VAULT_MISSING");
  if (availableBalance(setup, token.mint) < amount) unmet.push("INSUFFICIENT_AVAILABLE_BALANCE");
  if (receiptState(snapshot, chains, escrow) !== "none") unmet.push("WITHDRAWAL_IN_PROGRESS");
  return {
    chain: "base",
    feePayer: owner,
    instructions: withdrawalRequestSteps(snapshot.programId, input),
    lookupTableAddresses: poolLookupTables(token.pool),
    unmetPreconditions: unmet,
    receipt: escrow,
    // PROTOCOL-v2 §8.3 leaves the test open; the program's own record of the vault's balance is compared (the
    // vault's token account is not ingested), a missing vault counting as empty.
    custodySettlementRequired: (vault.account?.tokenAmount ?? 0n) < amount,
    isNativeSol: token.isNativeSol,
  };
}

export interface WithdrawRequest {
  owner: string;
  tokenSymbol: string;
  amount: string;
  feePayer: string;
  feePayerTopUpLamports?: number;
}

export function withdrawTransaction(
  snapshot: DeploymentSnapshot,
  chains: ChainAccountReader,
  request: WithdrawRequest,
): WithdrawalRequestPlan {
  const token = fundsTokenBySymbol(snapshot, request.tokenSymbol);
  const amount = parseTokenAmount(request.amount, token);
  return withdrawalRequestPlan(snapshot, chains, {
    owner: request.owner,
    feePayer: request.feePayer,
    token,
    amount,
    topUpLamports: BigInt(request.feePayerTopUpLamports ?? 0),
  });
}
