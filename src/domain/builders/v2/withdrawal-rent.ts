/**
 * What `withdrawal_with_action` spends from its `fee_payer` (PROTOCOL-v2 §3.12, §3.13; ORACLE-AND-CHAIN §2.1), so a
 * fee payer that holds nothing before the transaction (request-withdrawal variant A, DECISIONS 5.20) can be topped
 * up by the owner with exactly that and hold nothing after it.
 *
 * The instruction creates, paid by `fee_payer`, in this order:
 * 1. the withdrawal escrow receipt (the perpetuals program's account, 104 bytes);
 * 2. the delegation buffer (`["buffer", escrow]`, a copy of the escrow's data while its owner changes);
 * 3. the delegation record (delegation program, 8 + 88 bytes);
 * 4. the delegation metadata (delegation program; its size follows the escrow's seeds), then
 * closes the buffer again, its lamports going back to `fee_payer` (the ephemeral-rollups SDK's `delegate_account`).
 *
 * So the fee payer must hold all four rents while the instruction runs (the buffer is paid before the record and
 * the metadata), and keeps the buffer's rent afterwards: the owner's top-up is all four, and the transaction ends
 * with the fee payer handing the buffer's rent back to the owner. The escrow's rent returns to the owner when the
 * settle step closes it; the delegation accounts' rent stays with the delegation program (the metadata names the fee
 * payer as `rent_payer`, a key nobody holds afterwards).
 *
 * The network fee is not in it: the owner is the transaction's fee payer (account 0). A fresh key cannot pay the fee,
 * which is charged before any instruction runs, so before the top-up could reach it.
 */
import { withdrawalEscrowReceiptAccount } from "../../../protocol/accounts/withdrawal-escrow-receipt.ts";
import { delegationRecordAccount } from "../../../protocol/external/delegation-record.ts";
import { delegationMetadataAccount } from "../../../protocol/external/delegation-metadata.ts";
import { rentExemptLamports } from "../../../protocol/rent.ts";
import * as pda from "../../../protocol/pda.ts";
import { delegationSiblings } from "./funds-plan.ts";

export interface CreatedAccount {
  address: string;
  /** Data bytes, discriminator included. */
  size: number;
  lamports: bigint;
  /** Closed again inside the instruction, its lamports back to the fee payer. */
  closedInInstruction: boolean;
}

export interface WithdrawalRent {
  /** Every account the instruction creates with the fee payer's lamports, in creation order. */
  created: CreatedAccount[];
  /** What the fee payer needs while the instruction runs: the owner's top-up. */
  topUpLamports: bigint;
  /** What it holds after the instruction (the closed buffer's rent): handed back to the owner. */
  returnedLamports: bigint;
}

const fixedSize = (size: number | undefined, name: string): number => {
  if (size === undefined) throw new Error(`${name} has no fixed size`);
  return size;
};

export function withdrawalRequestRent(
  programId: string,
  owner: string,
  mint: string,
  feePayer: string,
): WithdrawalRent {
  const escrow = pda.withdrawalEscrowReceipt(programId, owner, mint);
  const siblings = delegationSiblings(programId, escrow);
  const escrowSize = fixedSize(withdrawalEscrowReceiptAccount.size, "WithdrawalEscrowReceipt");
  const seeds = pda.withdrawalEscrowReceiptSeeds(owner, mint).map((seed) => Array.from(seed));
  const metadataSize = delegationMetadataAccount.encode({
    lastUpdateExternalSlot: 0n,
    isUndelegatable: false,
    seeds,
    rentPayer: feePayer,
  }).length;
  const account = (address: string, size: number, closedInInstruction = false): CreatedAccount => ({
    address,
    size,
    lamports: rentExemptLamports(size),
    closedInInstruction,
  });
  const created = [
    account(escrow, escrowSize),
    account(siblings.buffer, escrowSize, true),
    account(siblings.record, fixedSize(delegationRecordAccount.size, "DelegationRecord")),
    account(siblings.metadata, metadataSize),
  ];
  const sum = (list: CreatedAccount[]) => list.reduce((total, a) => total + a.lamports, 0n);
  return {
    created,
    topUpLamports: sum(created),
    returnedLamports: sum(created.filter((a) => a.closedInInstruction)),
  };
}
