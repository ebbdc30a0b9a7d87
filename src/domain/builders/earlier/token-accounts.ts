/**
 * The owner's token accounts an earlier-interface instruction pays from or into, with the instructions that must
 * surround it (PROTOCOL-v1 §8.0, DECISIONS 5.4):
 *
 * - paying: the owner's associated token account of the token. The symbol `SOL` means native SOL: the amount is
 *   wrapped into the owner's wrapped-SOL ATA first (create idempotently, transfer, sync), never through a throwaway
 *   keypair the service would have to sign for. `WSOL` is that ATA as it is. Other tokens must already be held in
 *   the ATA (the program refuses an empty or missing one).
 * - receiving: the ATA is created idempotently first (the SDK creates it only when missing; idempotent creation does
 *   the same without reading the chain). Receiving `SOL` unwraps afterwards by closing the wrapped-SOL ATA, which
 *   sends its whole balance to the wallet (including wrapped SOL held there before: ask for `WSOL` to keep it).
 *
 * Choice: paying `SOL` leaves the wrapped-SOL ATA open. The transferred lamports are spent exactly, so the account is
 * back at its previous balance; closing it would also unwrap wrapped SOL the owner kept there on purpose.
 */
import type { TokenConfig } from "../../../config/pool-config.ts";
import { NATIVE_MINT } from "../../../protocol/constants.ts";
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import {
  createWalletTokenAccount,
  unwrapSolInstruction,
  walletTokenAccount,
  wrapSolInstructions,
} from "../wallet-accounts.ts";

/** A token account of the owner and what goes before and after the instruction that uses it. */
export interface TokenAccountUse {
  account: string;
  before: Instruction[];
  after: Instruction[];
}

/** `SOL` (native, wrapped on the way in and unwrapped on the way out), as opposed to `WSOL` and every other token. */
export function isNativeSol(token: Pick<TokenConfig, "symbol" | "mintKey">): boolean {
  return token.mintKey === NATIVE_MINT && token.symbol.toUpperCase() === "SOL";
}

/** The owner's associated token account of `token` (Token-2022 mints under their own program). */
export function ownerTokenAccount(owner: string, token: Pick<TokenConfig, "mintKey" | "isToken2022">): string {
  return walletTokenAccount(owner, token.mintKey, token.isToken2022);
}

/** The account an instruction takes `amount` of `token` from. */
export function payingAccount(owner: string, token: TokenConfig, amount: bigint): TokenAccountUse {
  const account = ownerTokenAccount(owner, token);
  if (!isNativeSol(token) || amount <= 0n) return { account, before: [], after: [] };
  return { account, before: wrapSolInstructions({ wallet: owner, lamports: amount }), after: [] };
}

/**
 * The account an instruction pays `token` into, created idempotently first, and for `SOL` unwrapped after (unless
 * `unwrap` is false: a payout another instruction of the same transaction spends, or an intermediate account).
 */
export function receivingAccount(owner: string, token: TokenConfig, unwrap = isNativeSol(token)): TokenAccountUse {
  const account = ownerTokenAccount(owner, token);
  return {
    account,
    before: [
      createWalletTokenAccount({ payer: owner, wallet: owner, mint: token.mintKey, isToken2022: token.isToken2022 }),
    ],
    after: unwrap && token.mintKey === NATIVE_MINT ? [unwrapSolInstruction(owner)] : [],
  };
}

/** `before ‖ main ‖ after` of several account uses around the main instructions. */
export function around(uses: readonly TokenAccountUse[], main: readonly Instruction[]): Instruction[] {
  return [...uses.flatMap((u) => u.before), ...main, ...uses.flatMap((u) => u.after)];
}
