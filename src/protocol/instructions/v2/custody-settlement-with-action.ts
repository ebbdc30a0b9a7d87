/**
 * `custody_settlement_with_action` (PROTOCOL-v2 §3.12): base-chain step of a custody settlement (custody token
 * account ↔ trade vault).
 */
import * as pda from "../../pda.ts";
import { delegationProgram, type NoArgs, noArgs, systemProgram, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

export const CUSTODY_SETTLEMENT_WITH_ACTION_DISCRIMINATOR = "389c270bef89bfd5";

/** `CustodySettlementWithActionParams` is empty: the data is the 8-byte discriminator alone. */
export const custodySettlementWithAction = defineInstruction<NoArgs>(
  "custody_settlement_with_action",
  CUSTODY_SETTLEMENT_WITH_ACTION_DISCRIMINATOR,
  noArgs,
  200_000, // compute units: receipt creation + delegation + queued action
);

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface CustodySettlementWithActionAccounts {
  /** Pays rent and fees. */
  payer: string;
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: string;
  /** Custody of the token being settled. */
  custody: string;
  /** `pda.perpetuals(programId)`. */
  perpetuals?: string;
  /** `pda.transferAuthority(programId)`. */
  transferAuthority?: string;
  /** Mint of the token. */
  tokenMint: string;
  /** `pda.tradeVault(programId, mint)`. */
  tradeVault: string;
  /** `pda.tradeVaultTokenAccount(programId, mint)`. */
  tradeVaultTokenAccount: string;
  /** `pda.custodyTokenAccount(programId, pool, mint)`. */
  custodyTokenAccount: string;
  /** `pda.delegationBuffer(programId, settlementReceipt)`. */
  bufferSettlementReceipt: string;
  /** `pda.delegationRecord(settlementReceipt)`. */
  delegationRecordSettlementReceipt: string;
  /** `pda.delegationMetadata(settlementReceipt)`. */
  delegationMetadataSettlementReceipt: string;
  /** `pda.custodySettlementReceipt(programId, custody)`. */
  settlementReceipt: string;
  /** Token program of the mint: legacy SPL Token or Token-2022. */
  tokenProgram: string;
  /** System program. */
  systemProgram?: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** The perpetuals program (owner of the delegated account). */
  ownerProgram?: string;
  /** MagicBlock delegation program. */
  delegationProgram?: string;
}

export const CUSTODY_SETTLEMENT_WITH_ACTION_ACCOUNTS = accountTable<CustodySettlementWithActionAccounts>(
  "custody_settlement_with_action",
  [
    ["payer", RS],
    ["pool", R],
    ["custody", R],
    ["perpetuals", R, pda.perpetuals],
    ["transferAuthority", R, pda.transferAuthority],
    ["tokenMint", R],
    ["tradeVault", R],
    ["tradeVaultTokenAccount", W],
    ["custodyTokenAccount", W],
    ["bufferSettlementReceipt", W],
    ["delegationRecordSettlementReceipt", W],
    ["delegationMetadataSettlementReceipt", W],
    ["settlementReceipt", W],
    ["tokenProgram", R],
    ["systemProgram", R, systemProgram],
    ["eventAuthority", R, pda.eventAuthority],
    ["program", R, theProgram],
    ["ownerProgram", R, theProgram],
    ["delegationProgram", R, delegationProgram],
  ],
);

export function custodySettlementWithActionInstruction(
  programId: string,
  accounts: CustodySettlementWithActionAccounts,
): Instruction {
  return custodySettlementWithAction.instruction(
    programId,
    CUSTODY_SETTLEMENT_WITH_ACTION_ACCOUNTS.metas(programId, accounts),
    {},
  );
}
