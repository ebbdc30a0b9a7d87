/**
 * POST /v2/transaction-builder/delegate-basket (PROTOCOL-v2 §3.10): `delegate_basket` hands the owner's basket to
 * the ephemeral rollup, where it trades. Only `payer` (default the owner) signs.
 */
import { delegateBasketInstruction } from "../../../protocol/instructions/v2/delegate-basket.ts";
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import * as pda from "../../../protocol/pda.ts";
import { failField } from "../../quotes/result.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import { delegationSiblings, type FundsTransactionPlan, setupPlan } from "./funds-plan.ts";
import { type ChainAccountReader, type FundsPrecondition, ownerSetup } from "./funds-state.ts";

/** The `delegate_basket` instruction for `owner`'s basket, paid by `payer`. */
export function delegateBasketStep(programId: string, owner: string, payer: string): Instruction {
  const basket = pda.basket(programId, owner);
  const siblings = delegationSiblings(programId, basket);
  return delegateBasketInstruction(programId, {
    payer,
    owner,
    bufferBasket: siblings.buffer,
    delegationRecordBasket: siblings.record,
    delegationMetadataBasket: siblings.metadata,
    basket,
  });
}

export interface DelegateBasketRequest {
  owner: string;
  payer?: string;
}

/**
 * A basket that is already delegated: 400 SETUP_ALREADY_DONE. A basket not created yet is built for anyway
 * (init-basket and delegate-basket are built together before either is sent) and reported as `BASKET_MISSING`.
 */
export function delegateBasketTransaction(
  snapshot: DeploymentSnapshot,
  chains: ChainAccountReader,
  request: DelegateBasketRequest,
): FundsTransactionPlan {
  const setup = ownerSetup(snapshot, chains, request.owner);
  if (setup.basket.state === "delegated") {
    failField("SETUP_ALREADY_DONE", "owner", `basket ${setup.basket.address} is already delegated`);
  }
  const payer = request.payer ?? request.owner;
  const unmet: FundsPrecondition[] = setup.basket.state === "missing" ? ["BASKET_MISSING"] : [];
  return setupPlan(snapshot, payer, delegateBasketStep(snapshot.programId, request.owner, payer), unmet);
}
