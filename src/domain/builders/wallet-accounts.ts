/**
 * A wallet's associated token accounts as every builder of both interfaces uses them: the address (under the token's
 * own program: legacy SPL Token, or Token-2022 when the configuration says so), its idempotent creation (costs
 * nothing when the account exists, so no chain read is needed), and native SOL.
 *
 * Native SOL in and out of token flows through the wallet's wrapped-SOL associated token account, never through a
 * throwaway keypair the service would have to sign for (DECISIONS 5.4): shared by the v2 deposit builders (issue 9)
 * and every earlier-interface builder paying or receiving SOL (issue 10).
 *
 * - wrap: create the wrapped-SOL ATA idempotently, move the lamports into it, `SyncNative` so its token amount
 *   counts them;
 * - unwrap: `CloseAccount` of that ATA, which releases its whole balance (wrapped tokens and rent) to the wallet.
 *
 * The native mint belongs to the legacy token program, so these always use it.
 */
import { NATIVE_MINT, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from "../../protocol/constants.ts";
import { createAssociatedTokenIdempotentInstruction } from "../../protocol/instructions/external/associated-token.ts";
import { transferSolInstruction } from "../../protocol/instructions/external/system.ts";
import { closeAccountInstruction, syncNativeInstruction } from "../../protocol/instructions/external/token.ts";
import type { Instruction } from "../../protocol/instructions/instruction.ts";
import { associatedTokenAddress } from "../../protocol/pda.ts";

/** The token program a mint's accounts live under. */
export function tokenProgramOf(isToken2022: boolean): string {
  return isToken2022 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
}

/** The wallet's associated token account of `mint` (under the mint's own program). */
export function walletTokenAccount(wallet: string, mint: string, isToken2022 = false): string {
  return associatedTokenAddress(wallet, mint, isToken2022);
}

export interface WalletTokenAccountInput {
  /** Pays the account's rent if it has to be created; signs. */
  payer: string;
  wallet: string;
  mint: string;
  isToken2022?: boolean;
}

/** Creates the wallet's associated token account of `mint` when it does not exist yet (a no-op when it does). */
export function createWalletTokenAccount(
  { payer, wallet, mint, isToken2022 = false }: WalletTokenAccountInput,
): Instruction {
  return createAssociatedTokenIdempotentInstruction({
    payer,
    associatedToken: walletTokenAccount(wallet, mint, isToken2022),
    owner: wallet,
    mint,
    tokenProgram: tokenProgramOf(isToken2022),
  });
}

/** The wallet's wrapped-SOL associated token account. */
export function wrappedSolAccount(wallet: string): string {
  return walletTokenAccount(wallet, NATIVE_MINT);
}

export interface WrapSolInput {
  /** The wallet whose SOL is wrapped; signs the transfer and owns the wrapped-SOL account. */
  wallet: string;
  lamports: bigint;
  /** Pays the account's rent if it has to be created (default: the wallet). */
  payer?: string;
}

/** The three instructions that leave `lamports` wrapped in the wallet's wrapped-SOL account. */
export function wrapSolInstructions({ wallet, lamports, payer = wallet }: WrapSolInput): Instruction[] {
  if (lamports <= 0n) throw new RangeError(`lamports to wrap must be positive (got ${lamports})`);
  const account = wrappedSolAccount(wallet);
  return [
    createWalletTokenAccount({ payer, wallet, mint: NATIVE_MINT }),
    transferSolInstruction({ source: wallet, destination: account }, { lamports }),
    syncNativeInstruction(TOKEN_PROGRAM_ID, { account }),
  ];
}

/** Closes the wallet's wrapped-SOL account, sending everything in it to `destination` (default: the wallet). */
export function unwrapSolInstruction(wallet: string, destination: string = wallet): Instruction {
  return closeAccountInstruction(TOKEN_PROGRAM_ID, { account: wrappedSolAccount(wallet), destination, owner: wallet });
}
