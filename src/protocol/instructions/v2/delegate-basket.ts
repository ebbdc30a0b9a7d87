/**
 * `delegate_basket` (PROTOCOL-v2 §3.10): delegates the basket to the ephemeral rollup (the owner does not sign).
 */
import * as pda from "../../pda.ts";
import { delegationProgram, type NoArgs, noArgs, systemProgram, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

export const DELEGATE_BASKET_DISCRIMINATOR = "c477ba2bc5ea0fb2";

/** `DelegateBasketParams` is empty: the data is the 8-byte discriminator alone. */
export const delegateBasket = defineInstruction<NoArgs>(
  "delegate_basket",
  DELEGATE_BASKET_DISCRIMINATOR,
  noArgs,
  100_000, // compute units: delegation CPI
);

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface DelegateBasketAccounts {
  /** Pays rent and fees. */
  payer: string;
  /** Basket owner's wallet (not a signer here). */
  owner: string;
  /** `pda.delegationBuffer(programId, basket)`. */
  bufferBasket: string;
  /** `pda.delegationRecord(basket)`. */
  delegationRecordBasket: string;
  /** `pda.delegationMetadata(basket)`. */
  delegationMetadataBasket: string;
  /** `pda.basket(programId, owner)`. */
  basket: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** The perpetuals program (owner of the delegated account). */
  ownerProgram?: string;
  /** MagicBlock delegation program. */
  delegationProgram?: string;
  /** System program. */
  systemProgram?: string;
}

export const DELEGATE_BASKET_ACCOUNTS = accountTable<DelegateBasketAccounts>("delegate_basket", [
  ["payer", WS],
  ["owner", R],
  ["bufferBasket", W],
  ["delegationRecordBasket", W],
  ["delegationMetadataBasket", W],
  ["basket", W],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["ownerProgram", R, theProgram],
  ["delegationProgram", R, delegationProgram],
  ["systemProgram", R, systemProgram],
]);

export function delegateBasketInstruction(programId: string, accounts: DelegateBasketAccounts): Instruction {
  return delegateBasket.instruction(programId, DELEGATE_BASKET_ACCOUNTS.metas(programId, accounts), {});
}
