/**
 * Shared by the instruction tests (`tests/protocol/instructions`) and the transaction-builder tests
 * (`tests/domain/builders`, and the builders of issues 8 to 10):
 * - recognisable keys and the two program ids of the embedded world;
 * - `CATALOG`: every perpetuals-program instruction with its data codec and account table, and
 *   `decodeProgramInstruction` to decode whatever a built transaction holds (after `readTransaction`);
 * - `fromWeb3`: a web3.js instruction in this project's terms, to compare encoders with the reference libraries.
 */
import bs58 from "bs58";
import type { TransactionInstruction } from "@solana/web3.js";
import { type AccountTable, type InstructionCodec } from "../../src/protocol/instructions/define.ts";
import { type ParsedInstruction, parseInstruction } from "./parse-instruction.ts";
import { createInstruction, type Instruction } from "../../src/protocol/instructions/instruction.ts";
import { roleOf } from "./roles.ts";
import {
  OPEN_POSITION_ER_ACCOUNTS as v2OpenPositionErAccounts,
  openPositionEr as v2OpenPositionEr,
} from "../../src/protocol/instructions/v2/open-position-er.ts";
import {
  INCREASE_POSITION_SIZE_ER_ACCOUNTS as v2IncreasePositionSizeErAccounts,
  increasePositionSizeEr as v2IncreasePositionSizeEr,
} from "../../src/protocol/instructions/v2/increase-position-size-er.ts";
import {
  CLOSE_POSITION_ER_ACCOUNTS as v2ClosePositionErAccounts,
  closePositionEr as v2ClosePositionEr,
} from "../../src/protocol/instructions/v2/close-position-er.ts";
import {
  DECREASE_POSITION_SIZE_ER_ACCOUNTS as v2DecreasePositionSizeErAccounts,
  decreasePositionSizeEr as v2DecreasePositionSizeEr,
} from "../../src/protocol/instructions/v2/decrease-position-size-er.ts";
import {
  ADD_COLLATERAL_ER_ACCOUNTS as v2AddCollateralErAccounts,
  addCollateralEr as v2AddCollateralEr,
} from "../../src/protocol/instructions/v2/add-collateral-er.ts";
import {
  REMOVE_COLLATERAL_ER_ACCOUNTS as v2RemoveCollateralErAccounts,
  removeCollateralEr as v2RemoveCollateralEr,
} from "../../src/protocol/instructions/v2/remove-collateral-er.ts";
import {
  PLACE_LIMIT_ORDER_ER_ACCOUNTS as v2PlaceLimitOrderErAccounts,
  placeLimitOrderEr as v2PlaceLimitOrderEr,
} from "../../src/protocol/instructions/v2/place-limit-order-er.ts";
import {
  EDIT_LIMIT_ORDER_ER_ACCOUNTS as v2EditLimitOrderErAccounts,
  editLimitOrderEr as v2EditLimitOrderEr,
} from "../../src/protocol/instructions/v2/edit-limit-order-er.ts";
import {
  CANCEL_LIMIT_ORDER_ER_ACCOUNTS as v2CancelLimitOrderErAccounts,
  cancelLimitOrderEr as v2CancelLimitOrderEr,
} from "../../src/protocol/instructions/v2/cancel-limit-order-er.ts";
import {
  PLACE_TRIGGER_ORDER_ER_ACCOUNTS as v2PlaceTriggerOrderErAccounts,
  placeTriggerOrderEr as v2PlaceTriggerOrderEr,
} from "../../src/protocol/instructions/v2/place-trigger-order-er.ts";
import {
  EDIT_TRIGGER_ORDER_ER_ACCOUNTS as v2EditTriggerOrderErAccounts,
  editTriggerOrderEr as v2EditTriggerOrderEr,
} from "../../src/protocol/instructions/v2/edit-trigger-order-er.ts";
import {
  CANCEL_TRIGGER_ORDER_ER_ACCOUNTS as v2CancelTriggerOrderErAccounts,
  cancelTriggerOrderEr as v2CancelTriggerOrderEr,
} from "../../src/protocol/instructions/v2/cancel-trigger-order-er.ts";
import {
  CANCEL_ALL_TRIGGER_ORDERS_ER_ACCOUNTS as v2CancelAllTriggerOrdersErAccounts,
  cancelAllTriggerOrdersEr as v2CancelAllTriggerOrdersEr,
} from "../../src/protocol/instructions/v2/cancel-all-trigger-orders-er.ts";
import {
  INIT_BASKET_ACCOUNTS as v2InitBasketAccounts,
  initBasket as v2InitBasket,
} from "../../src/protocol/instructions/v2/init-basket.ts";
import {
  INIT_USER_DEPOSIT_LEDGER_ACCOUNTS as v2InitUserDepositLedgerAccounts,
  initUserDepositLedger as v2InitUserDepositLedger,
} from "../../src/protocol/instructions/v2/init-user-deposit-ledger.ts";
import {
  DELEGATE_BASKET_ACCOUNTS as v2DelegateBasketAccounts,
  delegateBasket as v2DelegateBasket,
} from "../../src/protocol/instructions/v2/delegate-basket.ts";
import {
  DEPOSIT_DIRECT_ACCOUNTS as v2DepositDirectAccounts,
  depositDirect as v2DepositDirect,
} from "../../src/protocol/instructions/v2/deposit-direct.ts";
import {
  WITHDRAWAL_WITH_ACTION_ACCOUNTS as v2WithdrawalWithActionAccounts,
  withdrawalWithAction as v2WithdrawalWithAction,
} from "../../src/protocol/instructions/v2/withdrawal-with-action.ts";
import {
  WITHDRAWAL_SETTLE_ACCOUNTS as v2WithdrawalSettleAccounts,
  withdrawalSettle as v2WithdrawalSettle,
} from "../../src/protocol/instructions/v2/withdrawal-settle.ts";
import {
  CUSTODY_SETTLEMENT_WITH_ACTION_ACCOUNTS as v2CustodySettlementWithActionAccounts,
  custodySettlementWithAction as v2CustodySettlementWithAction,
} from "../../src/protocol/instructions/v2/custody-settlement-with-action.ts";
import {
  CUSTODY_SETTLEMENT_SETTLE_ACCOUNTS as v2CustodySettlementSettleAccounts,
  custodySettlementSettle as v2CustodySettlementSettle,
} from "../../src/protocol/instructions/v2/custody-settlement-settle.ts";
import {
  WITHDRAWAL_ER_ACCOUNTS as v2WithdrawalErAccounts,
  withdrawalEr as v2WithdrawalEr,
} from "../../src/protocol/instructions/v2/withdrawal-er.ts";
import {
  CUSTODY_SETTLEMENT_ER_ACCOUNTS as v2CustodySettlementErAccounts,
  custodySettlementEr as v2CustodySettlementEr,
} from "../../src/protocol/instructions/v2/custody-settlement-er.ts";
import {
  OPEN_POSITION_ACCOUNTS as v1OpenPositionAccounts,
  openPosition as v1OpenPosition,
} from "../../src/protocol/instructions/earlier/open-position.ts";
import {
  SWAP_AND_OPEN_ACCOUNTS as v1SwapAndOpenAccounts,
  swapAndOpen as v1SwapAndOpen,
} from "../../src/protocol/instructions/earlier/swap-and-open.ts";
import {
  PLACE_LIMIT_ORDER_ACCOUNTS as v1PlaceLimitOrderAccounts,
  placeLimitOrder as v1PlaceLimitOrder,
} from "../../src/protocol/instructions/earlier/place-limit-order.ts";
import {
  EDIT_LIMIT_ORDER_ACCOUNTS as v1EditLimitOrderAccounts,
  editLimitOrder as v1EditLimitOrder,
} from "../../src/protocol/instructions/earlier/edit-limit-order.ts";
import {
  CANCEL_LIMIT_ORDER_ACCOUNTS as v1CancelLimitOrderAccounts,
  cancelLimitOrder as v1CancelLimitOrder,
} from "../../src/protocol/instructions/earlier/cancel-limit-order.ts";
import { swap as v1Swap, SWAP_ACCOUNTS as v1SwapAccounts } from "../../src/protocol/instructions/earlier/swap.ts";
import {
  CLOSE_POSITION_ACCOUNTS as v1ClosePositionAccounts,
  closePosition as v1ClosePosition,
} from "../../src/protocol/instructions/earlier/close-position.ts";
import {
  CLOSE_AND_SWAP_ACCOUNTS as v1CloseAndSwapAccounts,
  closeAndSwap as v1CloseAndSwap,
} from "../../src/protocol/instructions/earlier/close-and-swap.ts";
import {
  DECREASE_SIZE_ACCOUNTS as v1DecreaseSizeAccounts,
  decreaseSize as v1DecreaseSize,
} from "../../src/protocol/instructions/earlier/decrease-size.ts";
import {
  INCREASE_SIZE_ACCOUNTS as v1IncreaseSizeAccounts,
  increaseSize as v1IncreaseSize,
} from "../../src/protocol/instructions/earlier/increase-size.ts";
import {
  ADD_COLLATERAL_ACCOUNTS as v1AddCollateralAccounts,
  addCollateral as v1AddCollateral,
} from "../../src/protocol/instructions/earlier/add-collateral.ts";
import {
  SWAP_AND_ADD_COLLATERAL_ACCOUNTS as v1SwapAndAddCollateralAccounts,
  swapAndAddCollateral as v1SwapAndAddCollateral,
} from "../../src/protocol/instructions/earlier/swap-and-add-collateral.ts";
import {
  REMOVE_COLLATERAL_ACCOUNTS as v1RemoveCollateralAccounts,
  removeCollateral as v1RemoveCollateral,
} from "../../src/protocol/instructions/earlier/remove-collateral.ts";
import {
  REMOVE_COLLATERAL_AND_SWAP_ACCOUNTS as v1RemoveCollateralAndSwapAccounts,
  removeCollateralAndSwap as v1RemoveCollateralAndSwap,
} from "../../src/protocol/instructions/earlier/remove-collateral-and-swap.ts";
import {
  PLACE_TRIGGER_ORDER_ACCOUNTS as v1PlaceTriggerOrderAccounts,
  placeTriggerOrder as v1PlaceTriggerOrder,
} from "../../src/protocol/instructions/earlier/place-trigger-order.ts";
import {
  EDIT_TRIGGER_ORDER_ACCOUNTS as v1EditTriggerOrderAccounts,
  editTriggerOrder as v1EditTriggerOrder,
} from "../../src/protocol/instructions/earlier/edit-trigger-order.ts";
import {
  CANCEL_TRIGGER_ORDER_ACCOUNTS as v1CancelTriggerOrderAccounts,
  cancelTriggerOrder as v1CancelTriggerOrder,
} from "../../src/protocol/instructions/earlier/cancel-trigger-order.ts";
import {
  CANCEL_ALL_TRIGGER_ORDERS_ACCOUNTS as v1CancelAllTriggerOrdersAccounts,
  cancelAllTriggerOrders as v1CancelAllTriggerOrders,
} from "../../src/protocol/instructions/earlier/cancel-all-trigger-orders.ts";
import {
  DEPOSIT_TOKEN_STAKE_ACCOUNTS as v1DepositTokenStakeAccounts,
  depositTokenStake as v1DepositTokenStake,
} from "../../src/protocol/instructions/earlier/deposit-token-stake.ts";
import {
  CREATE_REFERRAL_ACCOUNTS as v1CreateReferralAccounts,
  createReferral as v1CreateReferral,
} from "../../src/protocol/instructions/earlier/create-referral.ts";

/** A deployment's program id used by these tests (the embedded world's v2 program). */
export const PROGRAM_V2 = "FTv2RxXarPfNta45HTTMVaGvjzsGg27FXJ3hEKWBhrzV";
/** The earlier interface's program id (mainnet). */
export const PROGRAM_EARLIER = "FLASH6Lo6h3iasJKWDs2F8TkW2UKf3s15C8PMGuVfgBn";

/** A valid, recognisable key per label: 32 bytes = label bytes, zero-padded, with a marker byte. */
export function key(label: string): string {
  const b = new Uint8Array(32);
  b.set(new TextEncoder().encode(label).subarray(0, 30));
  b[31] = 0x5a;
  return bs58.encode(b);
}

/** Lowercase hex of bytes. */
export function hex(b: Uint8Array): string {
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

export interface CatalogEntry {
  /** Which program version the instruction belongs to. */
  program: "v2" | "earlier";
  codec: InstructionCodec<unknown>;
  accounts: AccountTable<unknown>;
}

const entry = <Acc, A>(
  program: "v2" | "earlier",
  codec: InstructionCodec<A>,
  accounts: AccountTable<Acc>,
): CatalogEntry => ({
  program,
  codec: codec as InstructionCodec<unknown>,
  accounts: accounts as AccountTable<unknown>,
});

export const CATALOG: readonly CatalogEntry[] = [
  entry("v2", v2OpenPositionEr, v2OpenPositionErAccounts),
  entry("v2", v2IncreasePositionSizeEr, v2IncreasePositionSizeErAccounts),
  entry("v2", v2ClosePositionEr, v2ClosePositionErAccounts),
  entry("v2", v2DecreasePositionSizeEr, v2DecreasePositionSizeErAccounts),
  entry("v2", v2AddCollateralEr, v2AddCollateralErAccounts),
  entry("v2", v2RemoveCollateralEr, v2RemoveCollateralErAccounts),
  entry("v2", v2PlaceLimitOrderEr, v2PlaceLimitOrderErAccounts),
  entry("v2", v2EditLimitOrderEr, v2EditLimitOrderErAccounts),
  entry("v2", v2CancelLimitOrderEr, v2CancelLimitOrderErAccounts),
  entry("v2", v2PlaceTriggerOrderEr, v2PlaceTriggerOrderErAccounts),
  entry("v2", v2EditTriggerOrderEr, v2EditTriggerOrderErAccounts),
  entry("v2", v2CancelTriggerOrderEr, v2CancelTriggerOrderErAccounts),
  entry("v2", v2CancelAllTriggerOrdersEr, v2CancelAllTriggerOrdersErAccounts),
  entry("v2", v2InitBasket, v2InitBasketAccounts),
  entry("v2", v2InitUserDepositLedger, v2InitUserDepositLedgerAccounts),
  entry("v2", v2DelegateBasket, v2DelegateBasketAccounts),
  entry("v2", v2DepositDirect, v2DepositDirectAccounts),
  entry("v2", v2WithdrawalWithAction, v2WithdrawalWithActionAccounts),
  entry("v2", v2WithdrawalSettle, v2WithdrawalSettleAccounts),
  entry("v2", v2CustodySettlementWithAction, v2CustodySettlementWithActionAccounts),
  entry("v2", v2CustodySettlementSettle, v2CustodySettlementSettleAccounts),
  entry("v2", v2WithdrawalEr, v2WithdrawalErAccounts),
  entry("v2", v2CustodySettlementEr, v2CustodySettlementErAccounts),
  entry("earlier", v1OpenPosition, v1OpenPositionAccounts),
  entry("earlier", v1SwapAndOpen, v1SwapAndOpenAccounts),
  entry("earlier", v1PlaceLimitOrder, v1PlaceLimitOrderAccounts),
  entry("earlier", v1EditLimitOrder, v1EditLimitOrderAccounts),
  entry("earlier", v1CancelLimitOrder, v1CancelLimitOrderAccounts),
  entry("earlier", v1Swap, v1SwapAccounts),
  entry("earlier", v1ClosePosition, v1ClosePositionAccounts),
  entry("earlier", v1CloseAndSwap, v1CloseAndSwapAccounts),
  entry("earlier", v1DecreaseSize, v1DecreaseSizeAccounts),
  entry("earlier", v1IncreaseSize, v1IncreaseSizeAccounts),
  entry("earlier", v1AddCollateral, v1AddCollateralAccounts),
  entry("earlier", v1SwapAndAddCollateral, v1SwapAndAddCollateralAccounts),
  entry("earlier", v1RemoveCollateral, v1RemoveCollateralAccounts),
  entry("earlier", v1RemoveCollateralAndSwap, v1RemoveCollateralAndSwapAccounts),
  entry("earlier", v1PlaceTriggerOrder, v1PlaceTriggerOrderAccounts),
  entry("earlier", v1EditTriggerOrder, v1EditTriggerOrderAccounts),
  entry("earlier", v1CancelTriggerOrder, v1CancelTriggerOrderAccounts),
  entry("earlier", v1CancelAllTriggerOrders, v1CancelAllTriggerOrdersAccounts),
  entry("earlier", v1DepositTokenStake, v1DepositTokenStakeAccounts),
  entry("earlier", v1CreateReferral, v1CreateReferralAccounts),
];

/** The catalog entry of an instruction by its program name (`open_position_er`, `swap`, …). */
export function catalogEntry(program: "v2" | "earlier", name: string): CatalogEntry {
  const found = CATALOG.find((e) => e.program === program && e.codec.name === name);
  if (found === undefined) throw new Error(`no ${program} instruction ${name}`);
  return found;
}

/**
 * Decodes a perpetuals-program instruction of `program` by its discriminator: its name, named accounts, remaining
 * accounts and arguments. Throws when no instruction of that program version has the discriminator.
 */
export function decodeProgramInstruction(
  program: "v2" | "earlier",
  ix: Instruction,
): ParsedInstruction<Record<string, string>, Record<string, unknown>> & { name: string } {
  const found = CATALOG.find((e) => e.program === program && e.codec.matches(ix.data));
  if (found === undefined) throw new Error(`unknown ${program} instruction data ${Array.from(ix.data.subarray(0, 8))}`);
  const parsed = parseInstruction(found.codec, found.accounts, ix);
  return {
    name: found.codec.name,
    ...(parsed as ParsedInstruction<Record<string, string>, Record<string, unknown>>),
  };
}

/** A web3.js instruction as this project's `Instruction`. */
export function fromWeb3(ix: TransactionInstruction): Instruction {
  return createInstruction(
    ix.programId.toBase58(),
    ix.keys.map((k) => ({ address: k.pubkey.toBase58(), role: roleOf(k) })),
    Uint8Array.from(ix.data),
  );
}
