/**
 * Compute-unit estimates of the perpetuals program's base-chain instructions, keyed by discriminator (the program id
 * differs per deployment). Used by `envelope.ts` to size `SetComputeUnitLimit`; ER transactions always ask for
 * 1 400 000 and do not use this table.
 *
 * Sources: the vendor's Rust CLI per-builder limits (PROTOCOL-v1 §8.0, `CLI_COMPUTE_UNIT_LIMITS`) for the earlier
 * program; the v2 base-chain instructions have no published figure (PROTOCOL-v2 §8.1), so they get generous values
 * from what they do (account creations, token transfers, delegation CPIs).
 */
import { hex } from "../../protocol/codec/bytes.ts";
import { ADD_COLLATERAL_DISCRIMINATOR } from "../../protocol/instructions/earlier/add-collateral.ts";
import { CANCEL_ALL_TRIGGER_ORDERS_DISCRIMINATOR } from "../../protocol/instructions/earlier/cancel-all-trigger-orders.ts";
import { CANCEL_LIMIT_ORDER_DISCRIMINATOR } from "../../protocol/instructions/earlier/cancel-limit-order.ts";
import { CANCEL_TRIGGER_ORDER_DISCRIMINATOR } from "../../protocol/instructions/earlier/cancel-trigger-order.ts";
import { CLOSE_AND_SWAP_DISCRIMINATOR } from "../../protocol/instructions/earlier/close-and-swap.ts";
import { CLOSE_POSITION_DISCRIMINATOR } from "../../protocol/instructions/earlier/close-position.ts";
import { CREATE_REFERRAL_DISCRIMINATOR } from "../../protocol/instructions/earlier/create-referral.ts";
import { DECREASE_SIZE_DISCRIMINATOR } from "../../protocol/instructions/earlier/decrease-size.ts";
import { DEPOSIT_TOKEN_STAKE_DISCRIMINATOR } from "../../protocol/instructions/earlier/deposit-token-stake.ts";
import { EDIT_LIMIT_ORDER_DISCRIMINATOR } from "../../protocol/instructions/earlier/edit-limit-order.ts";
import { EDIT_TRIGGER_ORDER_DISCRIMINATOR } from "../../protocol/instructions/earlier/edit-trigger-order.ts";
import { INCREASE_SIZE_DISCRIMINATOR } from "../../protocol/instructions/earlier/increase-size.ts";
import { OPEN_POSITION_DISCRIMINATOR } from "../../protocol/instructions/earlier/open-position.ts";
import { PLACE_LIMIT_ORDER_DISCRIMINATOR } from "../../protocol/instructions/earlier/place-limit-order.ts";
import { PLACE_TRIGGER_ORDER_DISCRIMINATOR } from "../../protocol/instructions/earlier/place-trigger-order.ts";
import { REMOVE_COLLATERAL_AND_SWAP_DISCRIMINATOR } from "../../protocol/instructions/earlier/remove-collateral-and-swap.ts";
import { REMOVE_COLLATERAL_DISCRIMINATOR } from "../../protocol/instructions/earlier/remove-collateral.ts";
import { SWAP_AND_ADD_COLLATERAL_DISCRIMINATOR } from "../../protocol/instructions/earlier/swap-and-add-collateral.ts";
import { SWAP_AND_OPEN_DISCRIMINATOR } from "../../protocol/instructions/earlier/swap-and-open.ts";
import { SWAP_DISCRIMINATOR } from "../../protocol/instructions/earlier/swap.ts";
import { CUSTODY_SETTLEMENT_SETTLE_DISCRIMINATOR } from "../../protocol/instructions/v2/custody-settlement-settle.ts";
import { CUSTODY_SETTLEMENT_WITH_ACTION_DISCRIMINATOR } from "../../protocol/instructions/v2/custody-settlement-with-action.ts";
import { DELEGATE_BASKET_DISCRIMINATOR } from "../../protocol/instructions/v2/delegate-basket.ts";
import { DEPOSIT_DIRECT_DISCRIMINATOR } from "../../protocol/instructions/v2/deposit-direct.ts";
import { INIT_BASKET_DISCRIMINATOR } from "../../protocol/instructions/v2/init-basket.ts";
import { INIT_USER_DEPOSIT_LEDGER_DISCRIMINATOR } from "../../protocol/instructions/v2/init-user-deposit-ledger.ts";
import { WITHDRAWAL_SETTLE_DISCRIMINATOR } from "../../protocol/instructions/v2/withdrawal-settle.ts";
import { WITHDRAWAL_WITH_ACTION_DISCRIMINATOR } from "../../protocol/instructions/v2/withdrawal-with-action.ts";

export const perpetualsComputeUnits: ReadonlyMap<string, number> = new Map([
  [OPEN_POSITION_DISCRIMINATOR, 150_000], // CLI `open`
  [SWAP_AND_OPEN_DISCRIMINATOR, 420_000], // CLI `open+swap`
  [CLOSE_POSITION_DISCRIMINATOR, 180_000], // CLI `close`
  [CLOSE_AND_SWAP_DISCRIMINATOR, 435_000], // CLI `close+swap`
  [INCREASE_SIZE_DISCRIMINATOR, 150_000], // as an open
  [DECREASE_SIZE_DISCRIMINATOR, 180_000], // as a close
  [ADD_COLLATERAL_DISCRIMINATOR, 120_000], // CLI `add collateral`
  [SWAP_AND_ADD_COLLATERAL_DISCRIMINATOR, 420_000], // CLI `add+swap`
  [REMOVE_COLLATERAL_DISCRIMINATOR, 120_000], // CLI `remove collateral`
  [REMOVE_COLLATERAL_AND_SWAP_DISCRIMINATOR, 435_000], // as close+swap
  [SWAP_DISCRIMINATOR, 300_000], // the swap part of CLI `open+swap` (420k − 150k), rounded up
  [PLACE_LIMIT_ORDER_DISCRIMINATOR, 150_000], // CLI `place limit order`
  [EDIT_LIMIT_ORDER_DISCRIMINATOR, 150_000], // as placing
  [CANCEL_LIMIT_ORDER_DISCRIMINATOR, 100_000], // CLI `cancel order`
  [PLACE_TRIGGER_ORDER_DISCRIMINATOR, 150_000], // as placing a limit order
  [EDIT_TRIGGER_ORDER_DISCRIMINATOR, 150_000], // as placing
  [CANCEL_TRIGGER_ORDER_DISCRIMINATOR, 100_000], // CLI `cancel order`
  [CANCEL_ALL_TRIGGER_ORDERS_DISCRIMINATOR, 100_000], // CLI `cancel order`
  [DEPOSIT_TOKEN_STAKE_DISCRIMINATOR, 100_000], // token transfer + account creation
  [CREATE_REFERRAL_DISCRIMINATOR, 50_000], // one account creation
  [INIT_BASKET_DISCRIMINATOR, 60_000], // one account creation
  [INIT_USER_DEPOSIT_LEDGER_DISCRIMINATOR, 60_000], // one account creation
  [DELEGATE_BASKET_DISCRIMINATOR, 100_000], // delegation CPI
  [DEPOSIT_DIRECT_DISCRIMINATOR, 80_000], // token transfer + ledger update
  [WITHDRAWAL_WITH_ACTION_DISCRIMINATOR, 200_000], // escrow creation + delegation + queued action
  [WITHDRAWAL_SETTLE_DISCRIMINATOR, 100_000], // token transfer + escrow close
  [CUSTODY_SETTLEMENT_WITH_ACTION_DISCRIMINATOR, 200_000], // receipt creation + delegation + queued action
  [CUSTODY_SETTLEMENT_SETTLE_DISCRIMINATOR, 100_000], // token transfer + receipt close
]);

/** Hex of the first 8 bytes of instruction data (an Anchor discriminator). */
export function discriminatorHexOf(data: Uint8Array): string {
  return hex(data.subarray(0, 8));
}
