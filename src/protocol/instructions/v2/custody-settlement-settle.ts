/**
 * `custody_settlement_settle` (PROTOCOL-v2 §3.12): last base-chain step of a custody settlement (no signer).
 */
import * as pda from "../../pda.ts";
import { type NoArgs, noArgs, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W } = AccountRole;

export const CUSTODY_SETTLEMENT_SETTLE_DISCRIMINATOR = "11fe88981b3311aa";

/** No arguments: the data is the 8-byte discriminator alone. */
export const custodySettlementSettle = defineInstruction<NoArgs>(
  "custody_settlement_settle",
  CUSTODY_SETTLEMENT_SETTLE_DISCRIMINATOR,
  noArgs,
  100_000, // compute units: token transfer + receipt close
);

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface CustodySettlementSettleAccounts {
  /** Payer of the settlement (receives the receipt rent; not a signer). */
  payer: string;
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: string;
  /** Custody of the token being settled. */
  custody: string;
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
  /** `pda.custodySettlementReceipt(programId, custody)`. */
  settlementReceipt: string;
  /** Token program of the mint: legacy SPL Token or Token-2022. */
  tokenProgram: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** MagicBlock post-action placeholder: the SDK passes the owner (withdrawal) or the payer (custody settlement). */
  escrowAuth: string;
  /** MagicBlock post-action placeholder: the SDK passes the owner (withdrawal) or the payer (custody settlement). */
  escrow: string;
}

export const CUSTODY_SETTLEMENT_SETTLE_ACCOUNTS = accountTable<CustodySettlementSettleAccounts>(
  "custody_settlement_settle",
  [
    ["payer", W],
    ["pool", R],
    ["custody", R],
    ["tradeVault", W],
    ["tradeVaultTokenAccount", W],
    ["custodyTokenAccount", W],
    ["tokenMint", R],
    ["transferAuthority", R, pda.transferAuthority],
    ["perpetuals", R, pda.perpetuals],
    ["settlementReceipt", W],
    ["tokenProgram", R],
    ["eventAuthority", R, pda.eventAuthority],
    ["program", R, theProgram],
    ["escrowAuth", R],
    ["escrow", R],
  ],
);

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
