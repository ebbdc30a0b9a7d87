/**
 * `custody_settlement_er` (PROTOCOL-v2 §3.12): rollup step of a custody settlement; normally run by the validator
 * as a queued action.
 */
import * as pda from "../../pda.ts";
import { magicContext, magicProgram, type NoArgs, noArgs, systemProgram, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const CUSTODY_SETTLEMENT_ER_DISCRIMINATOR = "e359ba3a6b75701b";

/** No arguments: the data is the 8-byte discriminator alone. */
export const custodySettlementEr = defineInstruction<NoArgs>(
  "custody_settlement_er",
  CUSTODY_SETTLEMENT_ER_DISCRIMINATOR,
  noArgs,
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const CUSTODY_SETTLEMENT_ER_ACCOUNTS = accountTable("custody_settlement_er", {
  /** Pays rent and fees. */
  payer: RS,
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: R,
  /** Custody of the token being settled. */
  custody: W,
  /** `pda.custodySettlementReceipt(programId, custody)`. */
  settlementReceipt: W,
  /** `pda.tradeVault(programId, mint)`. */
  tradeVault: R,
  /** `pda.tradeVaultTokenAccount(programId, mint)`. */
  tradeVaultTokenAccount: R,
  /** `pda.custodyTokenAccount(programId, pool, mint)`. */
  custodyTokenAccount: R,
  /** Mint of the token. */
  tokenMint: R,
  /** `pda.transferAuthority(programId)`. */
  transferAuthority: [R, pda.transferAuthority],
  /** `pda.perpetuals(programId)`. */
  perpetuals: [R, pda.perpetuals],
  /** Token program of the mint: legacy SPL Token or Token-2022. */
  tokenProgram: R,
  /** System program. */
  systemProgram: [R, systemProgram],
  /** The perpetuals program. */
  programId: [R, theProgram],
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** MagicBlock magic program. */
  magicProgram: [R, magicProgram],
  /** MagicBlock magic context account. */
  magicContext: [W, magicContext],
});
export type CustodySettlementErAccounts = AccountsOf<typeof CUSTODY_SETTLEMENT_ER_ACCOUNTS>;

export function custodySettlementErInstruction(programId: string, accounts: CustodySettlementErAccounts): Instruction {
  return custodySettlementEr.instruction(programId, CUSTODY_SETTLEMENT_ER_ACCOUNTS.metas(programId, accounts), {});
}
