/**
 * `custody_settlement_er` (PROTOCOL-v2 §3.12): rollup step of a custody settlement; normally run by the validator
 * as a queued action.
 */
import * as pda from "../../pda.ts";
import { magicContext, magicProgram, type NoArgs, noArgs, systemProgram, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

export const CUSTODY_SETTLEMENT_ER_DISCRIMINATOR = "e359ba3a6b75701b";

/** No arguments: the data is the 8-byte discriminator alone. */
export const custodySettlementEr = defineInstruction<NoArgs>(
  "custody_settlement_er",
  CUSTODY_SETTLEMENT_ER_DISCRIMINATOR,
  noArgs,
);

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface CustodySettlementErAccounts {
  /** Pays rent and fees. */
  payer: string;
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: string;
  /** Custody of the token being settled. */
  custody: string;
  /** `pda.custodySettlementReceipt(programId, custody)`. */
  settlementReceipt: string;
  /** `pda.tradeVault(programId, mint)`. */
  tradeVault: string;
  /** `pda.tradeVaultTokenAccount(programId, mint)`. */
  tradeVaultTokenAccount: string;
  /** `pda.custodyTokenAccount(programId, pool, mint)`. */
  custodyTokenAccount: string;
  /** Mint of the token. */
  tokenMint: string;
  /** `pda.transferAuthority(programId)`. */
  transferAuthority?: string;
  /** `pda.perpetuals(programId)`. */
  perpetuals?: string;
  /** Token program of the mint: legacy SPL Token or Token-2022. */
  tokenProgram: string;
  /** System program. */
  systemProgram?: string;
  /** The perpetuals program. */
  programId?: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** MagicBlock magic program. */
  magicProgram?: string;
  /** MagicBlock magic context account. */
  magicContext?: string;
}

export const CUSTODY_SETTLEMENT_ER_ACCOUNTS = accountTable<CustodySettlementErAccounts>("custody_settlement_er", [
  ["payer", RS],
  ["pool", R],
  ["custody", W],
  ["settlementReceipt", W],
  ["tradeVault", R],
  ["tradeVaultTokenAccount", R],
  ["custodyTokenAccount", R],
  ["tokenMint", R],
  ["transferAuthority", R, pda.transferAuthority],
  ["perpetuals", R, pda.perpetuals],
  ["tokenProgram", R],
  ["systemProgram", R, systemProgram],
  ["programId", R, theProgram],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["magicProgram", R, magicProgram],
  ["magicContext", W, magicContext],
]);

export function custodySettlementErInstruction(programId: string, accounts: CustodySettlementErAccounts): Instruction {
  return custodySettlementEr.instruction(programId, CUSTODY_SETTLEMENT_ER_ACCOUNTS.metas(programId, accounts), {});
}
