/**
 * POST /v2/transaction-builder/deposit-direct (PROTOCOL-v2 §3.11): `deposit_direct` moves tokens from the
 * depositor's token account into the mint's trade vault and credits the owner's deposit ledger. Variant A: the owner
 * deposits; variant B: `fundingOwner` deposits for `owner`. The depositor signs and pays the fee.
 */
import { createAssociatedTokenIdempotentInstruction } from "../../../protocol/instructions/external/associated-token.ts";
import { depositDirectInstruction } from "../../../protocol/instructions/v2/deposit-direct.ts";
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import * as pda from "../../../protocol/pda.ts";
import type { DeploymentSnapshot } from "../../views/context.ts";
import { wrapSolInstructions } from "../wrapped-sol.ts";
import { type FundsTransactionPlan, tokenLookupTables } from "./funds-plan.ts";
import { type ChainAccountReader, type FundsPrecondition, ownerSetup, tradeVaultOf } from "./funds-state.ts";
import { type FundsToken, fundsTokenByMint, parseTokenAmount, walletTokenAccount } from "./funds-token.ts";

/**
 * The deposit's instructions: the depositor's token account made ready, then `deposit_direct` from it.
 *
 * - SPL tokens: the depositor's associated token account is created idempotently (as the vendor SDK does; it costs
 *   nothing when the account exists).
 * - Native SOL (DECISIONS 5.4): the lamports are wrapped into the depositor's wrapped-SOL associated token account
 *   (create-idempotent, transfer, sync-native) and deposited from it. The account is left open: withdrawals of SOL
 *   are paid into it, and closing it would also unwrap whatever wrapped SOL the wallet held before.
 */
export function depositSteps(
  programId: string,
  token: FundsToken,
  depositor: string,
  owner: string,
  amount: bigint,
): Instruction[] {
  const source = walletTokenAccount(depositor, token);
  const prepare = token.isNativeSol ? wrapSolInstructions({ wallet: depositor, lamports: amount }) : [
    createAssociatedTokenIdempotentInstruction({
      payer: depositor,
      associatedToken: source,
      owner: depositor,
      mint: token.mint,
      tokenProgram: token.tokenProgram,
    }),
  ];
  const deposit = depositDirectInstruction(programId, {
    depositor,
    owner,
    depositorTokenAccount: source,
    tokenMint: token.mint,
    tradeVault: pda.tradeVault(programId, token.mint),
    tradeVaultTokenAccount: pda.tradeVaultTokenAccount(programId, token.mint),
    userDepositLedger: pda.userDepositLedger(programId, owner),
    tokenProgram: token.tokenProgram,
  }, { amount });
  return [...prepare, deposit];
}

export interface DepositDirectRequest {
  owner: string;
  fundingOwner?: string;
  tokenMint: string;
  amount: string;
}

/**
 * No setup is bundled: a deposit ledger that does not exist yet is reported (`DEPOSIT_LEDGER_MISSING`), as is a
 * missing trade vault (`TRADE_VAULT_MISSING`, created only by the operator). The basket is not needed to deposit.
 */
export function buildDepositDirect(
  snapshot: DeploymentSnapshot,
  chains: ChainAccountReader,
  request: DepositDirectRequest,
): FundsTransactionPlan {
  const token = fundsTokenByMint(snapshot, request.tokenMint);
  const amount = parseTokenAmount(request.amount, token);
  const depositor = request.fundingOwner ?? request.owner;
  const setup = ownerSetup(snapshot, chains, request.owner);
  const unmet: FundsPrecondition[] = [];
  if (setup.ledger.account === undefined) unmet.push("DEPOSIT_LEDGER_MISSING");
  if (tradeVaultOf(snapshot, token.mint).account === undefined) unmet.push("TRADE_VAULT_MISSING");
  return {
    feePayer: depositor,
    instructions: depositSteps(snapshot.programId, token, depositor, request.owner, amount),
    lookupTableAddresses: tokenLookupTables(token),
    unmetPreconditions: unmet,
  };
}
