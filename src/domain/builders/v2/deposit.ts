/**
 * POST /v2/transaction-builder/deposit (ext; PROTOCOL-v2 §3.11): a deposit that bundles whatever setup the owner
 * still lacks, in the order the v2 interface's States table gives (and the vendor SDK's lifecycle follows):
 * init-deposit-ledger (no ledger yet), init-basket (no basket yet), the deposit, delegate-basket (basket not
 * delegated yet). Depositing needs the ledger but not the basket, and the ledger is never delegated, so the
 * deposit works before or after delegation; delegation comes last because it hands the basket to the rollup.
 * The owner signs and pays everything.
 *
 * The steps are then packed, in order, into as few transactions as fit the packet limit (`packSteps`, `../plan.ts`).
 */
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import { delegateBasketStep } from "./delegate-basket.ts";
import { depositSteps } from "./deposit-direct.ts";
import { type BundlePlan, poolLookupTables } from "../plan.ts";
import { type ChainAccountReader, type FundsPrecondition, ownerSetup, tradeVaultOf } from "./funds-state.ts";
import { fundsTokenBySymbol, parseTokenAmount } from "./funds-token.ts";
import { initBasketStep } from "./init-basket.ts";
import { initDepositLedgerStep } from "./init-deposit-ledger.ts";

/** The contract's `DepositStep`: each named after the builder that builds it alone. */
export type DepositStep = "init-deposit-ledger" | "init-basket" | "deposit-direct" | "delegate-basket";

/** One step of the bundle: the instructions of one builder, never split across transactions. */
export interface DepositBundleStep {
  step: DepositStep;
  instructions: Instruction[];
}

/** The bundle of the deposit: the owner is the fee payer and only signer of every transaction. */
export interface DepositPlan extends BundlePlan<DepositBundleStep> {
  /** What no step of the bundle can create (`TRADE_VAULT_MISSING`). */
  unmetPreconditions: FundsPrecondition[];
}

export interface DepositRequest {
  owner: string;
  tokenSymbol: string;
  amount: string;
}

export function depositTransactions(
  snapshot: DeploymentSnapshot,
  chains: ChainAccountReader,
  request: DepositRequest,
): DepositPlan {
  const token = fundsTokenBySymbol(snapshot, request.tokenSymbol);
  const amount = parseTokenAmount(request.amount, token);
  const { owner } = request;
  const programId = snapshot.programId;
  const setup = ownerSetup(snapshot, chains, owner);
  const steps: DepositBundleStep[] = [];
  if (setup.ledger.account === undefined) {
    steps.push({ step: "init-deposit-ledger", instructions: [initDepositLedgerStep(programId, owner, owner)] });
  }
  if (setup.basket.state === "missing") {
    steps.push({ step: "init-basket", instructions: [initBasketStep(programId, owner, owner)] });
  }
  steps.push({ step: "deposit-direct", instructions: depositSteps(programId, token, owner, owner, amount) });
  if (setup.basket.state !== "delegated") {
    steps.push({ step: "delegate-basket", instructions: [delegateBasketStep(programId, owner, owner)] });
  }
  const unmet: FundsPrecondition[] = tradeVaultOf(snapshot, token.mint).account === undefined
    ? ["TRADE_VAULT_MISSING"]
    : [];
  return {
    chain: "base",
    feePayer: owner,
    steps,
    lookupTableAddresses: poolLookupTables(token.pool),
    unmetPreconditions: unmet,
  };
}
