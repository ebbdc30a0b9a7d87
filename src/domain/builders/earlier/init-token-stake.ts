/**
 * POST /transaction-builder/init-token-stake (PROTOCOL-v1 §8.9). The program has no init instruction: the owner's
 * token-stake account (PDA `["token_stake", owner]`) is created by the first `deposit_token_stake`, so this emits
 * one with `depositAmountUi` of the staking token (default 0: create only), preceded by the idempotent creation of
 * the owner's staking-token ATA the instruction names as its funding account (the SDK creates it when missing).
 * Whether the account exists already is not checked: depositing into it again is valid on chain.
 *
 * Lookup tables: every pool's of the deployment are offered (the instruction belongs to no pool); the assembler
 * keeps only those that shorten the message.
 */
import { FAF_DECIMALS, FAF_MINT, TOKEN_PROGRAM_ID } from "../../../protocol/constants.ts";
import { depositTokenStakeInstruction } from "../../../protocol/instructions/earlier/deposit-token-stake.ts";
import * as pda from "../../../protocol/pda.ts";
import { parseAmount } from "../../quotes/request-numbers.ts";
import { type QuoteResult, runQuote } from "../../quotes/result.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import { type BaseTransactionPlan, deploymentLookupTables } from "../plan.ts";
import { createWalletTokenAccount, walletTokenAccount } from "../wallet-accounts.ts";

export interface InitTokenStakeRequest {
  owner: string;
  depositAmountUi?: string;
}

export interface InitTokenStakePlan extends BaseTransactionPlan {
  /** The owner's token-stake account the transaction creates. */
  tokenStakeAccount: string;
}

export function initTokenStakeTransaction(
  snapshot: DeploymentSnapshot,
  req: InitTokenStakeRequest,
): QuoteResult<InitTokenStakePlan> {
  return runQuote(() => {
    const { owner } = req;
    const tokenStakeAccount = pda.tokenStake(snapshot.programId, owner);
    const fundingTokenAccount = walletTokenAccount(owner, FAF_MINT);
    const instructions = [
      createWalletTokenAccount({ payer: owner, wallet: owner, mint: FAF_MINT }),
      depositTokenStakeInstruction(snapshot.programId, {
        owner,
        feePayer: owner,
        fundingTokenAccount,
        tokenStakeAccount,
        tokenProgram: TOKEN_PROGRAM_ID,
        tokenMint: FAF_MINT,
      }, { depositAmount: parseAmount(req.depositAmountUi ?? "0", FAF_DECIMALS, "depositAmountUi") }),
    ];
    return {
      chain: "base",
      feePayer: owner,
      instructions,
      lookupTableAddresses: deploymentLookupTables(snapshot),
      tokenStakeAccount,
    };
  });
}
