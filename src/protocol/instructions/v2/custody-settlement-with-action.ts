/**
 * `custody_settlement_with_action` (PROTOCOL-v2 §3.12): base-chain step of a custody settlement (custody token
 * account ↔ trade vault).
 */
import * as pda from "../../pda.ts";
import { delegationProgram, type NoArgs, noArgs, systemProgram, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const CUSTODY_SETTLEMENT_WITH_ACTION_DISCRIMINATOR = "389c270bef89bfd5";

/** `CustodySettlementWithActionParams` is empty: the data is the 8-byte discriminator alone. */
export const custodySettlementWithAction = defineInstruction<NoArgs>(
  "custody_settlement_with_action",
  CUSTODY_SETTLEMENT_WITH_ACTION_DISCRIMINATOR,
  noArgs,
  200_000, // compute units: receipt creation + delegation + queued action
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const CUSTODY_SETTLEMENT_WITH_ACTION_ACCOUNTS = accountTable("custody_settlement_with_action", {
  /** Pays rent and fees. */
  payer: RS,
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: R,
  /** Custody of the token being settled. */
  custody: R,
  /** `pda.perpetuals(programId)`. */
  perpetuals: [R, pda.perpetuals],
  /** `pda.transferAuthority(programId)`. */
  transferAuthority: [R, pda.transferAuthority],
  /** Mint of the token. */
  tokenMint: R,
  /** `pda.tradeVault(programId, mint)`. */
  tradeVault: R,
  /** `pda.tradeVaultTokenAccount(programId, mint)`. */
  tradeVaultTokenAccount: W,
  /** `pda.custodyTokenAccount(programId, pool, mint)`. */
  custodyTokenAccount: W,
  /** `pda.delegationBuffer(programId, settlementReceipt)`. */
  bufferSettlementReceipt: W,
  /** `pda.delegationRecord(settlementReceipt)`. */
  delegationRecordSettlementReceipt: W,
  /** `pda.delegationMetadata(settlementReceipt)`. */
  delegationMetadataSettlementReceipt: W,
  /** `pda.custodySettlementReceipt(programId, custody)`. */
  settlementReceipt: W,
  /** Token program of the mint: legacy SPL Token or Token-2022. */
  tokenProgram: R,
  /** System program. */
  systemProgram: [R, systemProgram],
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** The perpetuals program (owner of the delegated account). */
  ownerProgram: [R, theProgram],
  /** MagicBlock delegation program. */
  delegationProgram: [R, delegationProgram],
});
export type CustodySettlementWithActionAccounts = AccountsOf<typeof CUSTODY_SETTLEMENT_WITH_ACTION_ACCOUNTS>;

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
