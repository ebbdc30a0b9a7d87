/**
 * POST /v2/transaction-builder/custody-settlement (ext; PROTOCOL-v2 §3.12): `custody_settlement_with_action`
 * requests a settlement between the token's custody and its trade vault (netting trade profit and loss); the
 * validator runs the rollup step and the base-chain settle. The owner signs and pays. Which custody is settled for a
 * token several pools hold is the token's first pool in the configuration (`FundsToken.custody`).
 */
import { custodySettlementWithActionInstruction } from "../../../protocol/instructions/v2/custody-settlement-with-action.ts";
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import * as pda from "../../../protocol/pda.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import { poolLookupTables } from "../plan.ts";
import { delegationSiblings, type FundsTransactionPlan } from "./funds-plan.ts";
import { type ChainAccountReader, type FundsPrecondition, receiptState, tradeVaultOf } from "./funds-state.ts";
import { type FundsToken, fundsTokenBySymbol } from "./funds-token.ts";

/** The custody's settlement receipt: `["custody_settlement_receipt", custody]`. */
export function settlementReceiptOf(programId: string, token: FundsToken): string {
  return pda.custodySettlementReceipt(programId, token.custody.custodyAccount);
}

/** `custody_settlement_with_action` for the token's custody, paid and signed by `payer`. */
export function custodySettlementRequestStep(programId: string, token: FundsToken, payer: string): Instruction {
  const receipt = settlementReceiptOf(programId, token);
  const siblings = delegationSiblings(programId, receipt);
  return custodySettlementWithActionInstruction(programId, {
    payer,
    pool: token.pool.poolAddress,
    custody: token.custody.custodyAccount,
    tokenMint: token.mint,
    tradeVault: pda.tradeVault(programId, token.mint),
    tradeVaultTokenAccount: pda.tradeVaultTokenAccount(programId, token.mint),
    custodyTokenAccount: token.custody.tokenAccount,
    bufferSettlementReceipt: siblings.buffer,
    delegationRecordSettlementReceipt: siblings.record,
    delegationMetadataSettlementReceipt: siblings.metadata,
    settlementReceipt: receipt,
    tokenProgram: token.tokenProgram,
  });
}

export interface CustodySettlementRequest {
  owner: string;
  tokenSymbol: string;
}

export interface CustodySettlementPlan extends FundsTransactionPlan {
  /** The settlement receipt to poll until it is closed. */
  receipt: string;
}

/** A settlement still open for this custody (`CUSTODY_SETTLEMENT_IN_PROGRESS`) makes a new request fail until it closes. */
export function custodySettlementTransaction(
  snapshot: DeploymentSnapshot,
  chains: ChainAccountReader,
  request: CustodySettlementRequest,
): CustodySettlementPlan {
  const token = fundsTokenBySymbol(snapshot, request.tokenSymbol);
  const receipt = settlementReceiptOf(snapshot.programId, token);
  const unmet: FundsPrecondition[] = [];
  if (tradeVaultOf(snapshot, token.mint).account === undefined) unmet.push("TRADE_VAULT_MISSING");
  if (receiptState(snapshot, chains, receipt) !== "none") unmet.push("CUSTODY_SETTLEMENT_IN_PROGRESS");
  return {
    chain: "base",
    feePayer: request.owner,
    instructions: [custodySettlementRequestStep(snapshot.programId, token, request.owner)],
    lookupTableAddresses: poolLookupTables(token.pool),
    unmetPreconditions: unmet,
    receipt,
  };
}
