/**
 * `delegate_basket` (PROTOCOL-v2 §3.10): delegates the basket to the ephemeral rollup (the owner does not sign).
 */
import * as pda from "../../pda.ts";
import { delegationProgram, type NoArgs, noArgs, systemProgram, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

const DELEGATE_BASKET_DISCRIMINATOR = "c477ba2bc5ea0fb2";

/** `DelegateBasketParams` is empty: the data is the 8-byte discriminator alone. */
export const delegateBasket = defineInstruction<NoArgs>(
  "delegate_basket",
  DELEGATE_BASKET_DISCRIMINATOR,
  noArgs,
  100_000, // compute units: delegation CPI
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const DELEGATE_BASKET_ACCOUNTS = accountTable("delegate_basket", {
  /** Pays rent and fees. */
  payer: WS,
  /** Basket owner's wallet (not a signer here). */
  owner: R,
  /** `pda.delegationBuffer(programId, basket)`. */
  bufferBasket: W,
  /** `pda.delegationRecord(basket)`. */
  delegationRecordBasket: W,
  /** `pda.delegationMetadata(basket)`. */
  delegationMetadataBasket: W,
  /** `pda.basket(programId, owner)`. */
  basket: W,
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** The perpetuals program (owner of the delegated account). */
  ownerProgram: [R, theProgram],
  /** MagicBlock delegation program. */
  delegationProgram: [R, delegationProgram],
  /** System program. */
  systemProgram: [R, systemProgram],
});
export type DelegateBasketAccounts = AccountsOf<typeof DELEGATE_BASKET_ACCOUNTS>;

export function delegateBasketInstruction(programId: string, accounts: DelegateBasketAccounts): Instruction {
  return delegateBasket.instruction(programId, DELEGATE_BASKET_ACCOUNTS.metas(programId, accounts), {});
}
