/**
 * POST /v2/transaction-builder/init-basket (PROTOCOL-v2 §3.10): `init_basket` creating the owner's basket, paid and
 * signed by `payer` (default the owner; the owner does not sign).
 */
import { type InitBasketArgs, initBasketInstruction } from "../../../protocol/instructions/v2/init-basket.ts";
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import * as pda from "../../../protocol/pda.ts";
import { failField } from "../../quotes/result.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import { type FundsTransactionPlan, setupPlan } from "./funds-plan.ts";
import { type ChainAccountReader, ownerSetup } from "./funds-state.ts";

/**
 * The capacities the basket is created with: the vendor SDK's defaults, which mirror the program's own defaults
 * (larger ones push the basket past the 10 240-byte limit of an account created through a CPI). What the live
 * service passes is not known (PROTOCOL-v2 §8.17); the basket grows later through the realloc vault.
 */
export const BASKET_CAPACITIES: Readonly<InitBasketArgs> = Object.freeze({
  positionCapacity: 4,
  orderCapacity: 4,
  ledgerCapacity: 4,
  orderItemCapacity: 5,
});

/** The `init_basket` instruction for `owner`, rent and fee paid by `payer`. */
export function initBasketStep(programId: string, owner: string, payer: string): Instruction {
  return initBasketInstruction(programId, { owner, payer, basket: pda.basket(programId, owner) }, BASKET_CAPACITIES);
}

export interface InitBasketRequest {
  owner: string;
  payer?: string;
}

/** An owner whose basket exists already (delegated or not) cannot create it again: 400 SETUP_ALREADY_DONE. */
export function initBasketTransaction(
  snapshot: DeploymentSnapshot,
  chains: ChainAccountReader,
  request: InitBasketRequest,
): FundsTransactionPlan {
  const setup = ownerSetup(snapshot, chains, request.owner);
  if (setup.basket.state !== "missing") {
    failField("SETUP_ALREADY_DONE", "owner", `already has a basket (${setup.basket.address})`);
  }
  const payer = request.payer ?? request.owner;
  return setupPlan(snapshot, payer, initBasketStep(snapshot.programId, request.owner, payer));
}
