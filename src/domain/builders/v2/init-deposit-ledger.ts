/**
 * POST /v2/transaction-builder/init-deposit-ledger (PROTOCOL-v2 §3.10): `init_user_deposit_ledger` creating the
 * owner's deposit ledger, paid and signed by `payer` (default the owner; the owner does not sign).
 */
import { initUserDepositLedgerInstruction } from "../../../protocol/instructions/v2/init-user-deposit-ledger.ts";
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import * as pda from "../../../protocol/pda.ts";
import { failField } from "../../quotes/result.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import { type FundsTransactionPlan, setupPlan } from "./funds-plan.ts";
import { type ChainAccountReader, ownerSetup } from "./funds-state.ts";

/**
 * Deposit lines the ledger is created with: 20, the size of the ledgers observed on mainnet (852 bytes, PROTOCOL-v2
 * §3.10), rather than the SDK's 8, so an owner can deposit every token of a large configuration. The service's own
 * value is not known (§8.17).
 */
export const DEPOSIT_LEDGER_CAPACITY = 20;

/** The `init_user_deposit_ledger` instruction for `owner`, rent and fee paid by `payer`. */
export function initDepositLedgerStep(programId: string, owner: string, payer: string): Instruction {
  return initUserDepositLedgerInstruction(
    programId,
    { owner, payer, userDepositLedger: pda.userDepositLedger(programId, owner) },
    { depositCapacity: DEPOSIT_LEDGER_CAPACITY },
  );
}

export interface InitDepositLedgerRequest {
  owner: string;
  payer?: string;
}

/** An owner whose ledger exists already cannot create it again: 400 SETUP_ALREADY_DONE. */
export function initDepositLedgerTransaction(
  snapshot: DeploymentSnapshot,
  chains: ChainAccountReader,
  request: InitDepositLedgerRequest,
): FundsTransactionPlan {
  const setup = ownerSetup(snapshot, chains, request.owner);
  if (setup.ledger.account !== undefined) {
    failField("SETUP_ALREADY_DONE", "owner", `already has a deposit ledger (${setup.ledger.address})`);
  }
  const payer = request.payer ?? request.owner;
  return setupPlan(snapshot, payer, initDepositLedgerStep(snapshot.programId, request.owner, payer));
}
