/**
 * POST /v2/transaction-builder/deposit-direct (PROTOCOL-v2 §3.11): `deposit_direct` moves tokens from the
 * depositor's token account into the mint's trade vault and credits the owner's deposit ledger. Variant A: the owner
 * deposits; variant B: `fundingOwner` deposits for `owner`. The depositor signs and pays the fee.
 */
import { depositDirectInstruction } from "../../../protocol/instructions/v2/deposit-direct.ts";
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import * as pda from "../../../protocol/pda.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import { poolLookupTables } from "../plan.ts";
import { createWalletTokenAccount, walletTokenAccount, wrapSolInstructions } from "../wallet-accounts.ts";
import type { FundsTransactionPlan } from "./funds-plan.ts";
import { type ChainAccountReader, type FundsPrecondition, ownerSetup, tradeVaultOf } from "./funds-state.ts";
import { type FundsToken, fundsTokenByMint, parseTokenAmount } from "./funds-token.ts";

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
  const source = walletTokenAccount(depositor, token.mint, token.isToken2022);
  const prepare = token.isNativeSol ? wrapSolInstructions({ wallet: depositor, lamports: amount }) : [
    createWalletTokenAccount({
      payer: depositor,
      wallet: depositor,
      mint: token.mint,
      isToken2022: token.isToken2022,
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
export function depositDirectTransaction(
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
    chain: "base",
    feePayer: depositor,
    instructions: depositSteps(snapshot.programId, token, depositor, request.owner, amount),
    lookupTableAddresses: poolLookupTables(token.pool),
    unmetPreconditions: unmet,
  };
}
