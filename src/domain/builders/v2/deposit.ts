/**
 * POST /v2/transaction-builder/deposit (ext; PROTOCOL-v2 §3.11): a deposit that bundles whatever setup the owner
 * still lacks, in the order the v2 interface's States table gives (and the vendor SDK's lifecycle follows):
 * init-deposit-ledger (no ledger yet), init-basket (no basket yet), the deposit, delegate-basket (basket not
 * delegated yet). Depositing needs the ledger but not the basket, and the ledger is never delegated, so the
 * deposit works before or after delegation; delegation comes last because it hands the basket to the rollup.
 * The owner signs and pays everything.
 *
 * The steps are then packed, in order, into as few transactions as fit the packet limit (`packSteps`).
 */
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import type { DeploymentSnapshot } from "../../views/context.ts";
import { delegateBasketStep } from "./delegate-basket.ts";
import { depositSteps } from "./deposit-direct.ts";
import { tokenLookupTables } from "./funds-plan.ts";
import { type ChainAccountReader, type FundsPrecondition, ownerSetup, tradeVaultOf } from "./funds-state.ts";
import { fundsTokenBySymbol, parseTokenAmount } from "./funds-token.ts";
import { initBasketStep } from "./init-basket.ts";
import { initDepositLedgerStep } from "./init-deposit-ledger.ts";

/** The contract's `DepositStep`: each named after the builder that builds it alone. */
export type DepositStep = "init-deposit-ledger" | "init-basket" | "deposit-direct" | "delegate-basket";

export interface DepositStepPlan {
  step: DepositStep;
  instructions: Instruction[];
}

export interface DepositPlan {
  /** The owner: fee payer and only signer of every transaction of the bundle. */
  feePayer: string;
  /** The steps to build, in order. */
  steps: DepositStepPlan[];
  lookupTableAddresses: string[];
  /** What no step of the bundle can create (`TRADE_VAULT_MISSING`). */
  unmetPreconditions: FundsPrecondition[];
}

export interface DepositRequest {
  owner: string;
  tokenSymbol: string;
  amount: string;
}

export function buildDeposit(
  snapshot: DeploymentSnapshot,
  chains: ChainAccountReader,
  request: DepositRequest,
): DepositPlan {
  const token = fundsTokenBySymbol(snapshot, request.tokenSymbol);
  const amount = parseTokenAmount(request.amount, token);
  const { owner } = request;
  const programId = snapshot.programId;
  const setup = ownerSetup(snapshot, chains, owner);
  const steps: DepositStepPlan[] = [];
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
  return { feePayer: owner, steps, lookupTableAddresses: tokenLookupTables(token), unmetPreconditions: unmet };
}

/**
 * Packs steps, in order and never splitting one, into as few groups as `fits` accepts: each group takes the next
 * step while the group's instructions still fit one transaction. A step that does not fit even alone gets a group of
 * its own (assembling it then reports the size error). Greedy packing is optimal here: the order is fixed, so a
 * group can only end where the next step no longer fits.
 */
export function packSteps<S extends { instructions: readonly Instruction[] }>(
  steps: readonly S[],
  fits: (instructions: readonly Instruction[]) => boolean,
): S[][] {
  // The usual case first: everything fits one transaction (one measurement instead of one per step).
  if (steps.length > 1 && fits(steps.flatMap((s) => s.instructions))) return [[...steps]];
  const groups: S[][] = [];
  let current: S[] = [];
  for (const step of steps) {
    const candidate = [...current, step];
    if (current.length === 0 || fits(candidate.flatMap((s) => s.instructions))) {
      current = candidate;
    } else {
      groups.push(current);
      current = [step];
    }
  }
  if (current.length > 0) groups.push(current);
  return groups;
}
