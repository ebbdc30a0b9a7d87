/**
 * `custody_settlement_settle` (PROTOCOL-v2 §3.12): last base-chain step of a custody settlement (no signer).
 */
import * as pda from "../../pda.ts";
import { type NoArgs, noArgs, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W } = AccountRole;

const CUSTODY_SETTLEMENT_SETTLE_DISCRIMINATOR = "11fe88981b3311aa";

/** No arguments: the data is the 8-byte discriminator alone. */
export const custodySettlementSettle = defineInstruction<NoArgs>(
  "custody_settlement_settle",
  CUSTODY_SETTLEMENT_SETTLE_DISCRIMINATOR,
  noArgs,
  100_000, // compute units: token transfer + receipt close
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const CUSTODY_SETTLEMENT_SETTLE_ACCOUNTS = accountTable("custody_settlement_settle", {
  /** Payer of the settlement (receives the receipt rent; not a signer). */
  payer: W,
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: R,
  /** Custody of the token being settled. */
  custody: R,
  /** `pda.tradeVault(programId, mint)`. */
  tradeVault: W,
  /** `pda.tradeVaultTokenAccount(programId, mint)`. */
  tradeVaultTokenAccount: W,
  /** `pda.custodyTokenAccount(programId, pool, mint)`. */
  custodyTokenAccount: W,
  /** Mint of the token. */
  tokenMint: R,
  /** `pda.transferAuthority(programId)`. */
  transferAuthority: [R, pda.transferAuthority],
  /** `pda.perpetuals(programId)`. */
  perpetuals: [R, pda.perpetuals],
  /** `pda.custodySettlementReceipt(programId, custody)`. */
  settlementReceipt: W,
  /** Token program of the mint: legacy SPL Token or Token-2022. */
  tokenProgram: R,
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** MagicBlock post-action placeholder: the SDK passes the owner (withdrawal) or the payer (custody settlement). */
  escrowAuth: R,
  /** MagicBlock post-action placeholder: the SDK passes the owner (withdrawal) or the payer (custody settlement). */
  escrow: R,
});
export type CustodySettlementSettleAccounts = AccountsOf<typeof CUSTODY_SETTLEMENT_SETTLE_ACCOUNTS>;

export function custodySettlementSettleInstruction(
  programId: string,
  accounts: CustodySettlementSettleAccounts,
): Instruction {
  return custodySettlementSettle.instruction(
    programId,
    CUSTODY_SETTLEMENT_SETTLE_ACCOUNTS.metas(programId, accounts),
    {},
  );
}
