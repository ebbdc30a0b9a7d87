/**
 * `init_basket` (PROTOCOL-v2 §3.10): creates the owner's basket on the base chain.
 */
import { struct, u8 } from "../../codec/mod.ts";
import { systemProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

const INIT_BASKET_DISCRIMINATOR = "bbef8051ae465eec";

/** `InitBasketParams` (12 bytes of instruction data with the discriminator). */
export interface InitBasketArgs {
  /** Position entries allocated (SDK default 4). */
  positionCapacity: number;
  /** Per-market order entries allocated (SDK default 4). */
  orderCapacity: number;
  /** Debit/credit ledger entries allocated (SDK default 4). */
  ledgerCapacity: number;
  /** Slots per order list (SDK default 5: order ids 0..4). */
  orderItemCapacity: number;
}

export const initBasket = defineInstruction<InitBasketArgs>(
  "init_basket",
  INIT_BASKET_DISCRIMINATOR,
  struct<InitBasketArgs>("InitBasketParams", {
    positionCapacity: u8,
    orderCapacity: u8,
    ledgerCapacity: u8,
    orderItemCapacity: u8,
  }),
  60_000, // compute units: one account creation
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const INIT_BASKET_ACCOUNTS = accountTable("init_basket", {
  /** Basket owner's wallet (not a signer here). */
  owner: R,
  /** Pays rent and fees. */
  payer: WS,
  /** `pda.basket(programId, owner)`. */
  basket: W,
  /** System program. */
  systemProgram: [R, systemProgram],
});
export type InitBasketAccounts = AccountsOf<typeof INIT_BASKET_ACCOUNTS>;

export function initBasketInstruction(
  programId: string,
  accounts: InitBasketAccounts,
  args: InitBasketArgs,
): Instruction {
  return initBasket.instruction(programId, INIT_BASKET_ACCOUNTS.metas(programId, accounts), args);
}
