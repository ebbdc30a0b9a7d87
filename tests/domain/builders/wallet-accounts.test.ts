import assert from "node:assert/strict";
import { PublicKey, SystemProgram } from "@solana/web3.js";
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createCloseAccountInstruction,
  createSyncNativeInstruction,
  getAssociatedTokenAddressSync,
  NATIVE_MINT,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from "@solana/spl-token";
import { assembleTransaction } from "../../../src/domain/builders/transaction.ts";
import { readTransaction } from "../../helpers/read-transaction.ts";
import {
  createWalletTokenAccount,
  tokenProgramOf,
  unwrapSolInstruction,
  walletTokenAccount,
  wrappedSolAccount,
  wrapSolInstructions,
} from "../../../src/domain/builders/wallet-accounts.ts";
import { fromWeb3, key } from "../../helpers/instructions.ts";

const wallet = key("wallet");
const walletKey = new PublicKey(wallet);
const ata = getAssociatedTokenAddressSync(NATIVE_MINT, walletKey, true);

Deno.test("token programs: legacy SPL Token, or Token-2022 when the configuration says so", () => {
  assert.equal(tokenProgramOf(false), TOKEN_PROGRAM_ID.toBase58());
  assert.equal(tokenProgramOf(true), TOKEN_2022_PROGRAM_ID.toBase58());
});

Deno.test("a wallet's token account: its ATA under the mint's program, created idempotently as spl-token does", () => {
  const mint = key("mint");
  const mintKey = new PublicKey(mint);
  const payer = key("payer");
  for (const [isToken2022, program] of [[false, TOKEN_PROGRAM_ID], [true, TOKEN_2022_PROGRAM_ID]] as const) {
    const expected = getAssociatedTokenAddressSync(mintKey, walletKey, true, program);
    assert.equal(walletTokenAccount(wallet, mint, isToken2022), expected.toBase58());
    assert.deepEqual(
      createWalletTokenAccount({ payer, wallet, mint, isToken2022 }),
      fromWeb3(
        createAssociatedTokenAccountIdempotentInstruction(new PublicKey(payer), expected, walletKey, mintKey, program),
      ),
    );
  }
});

Deno.test("the wrapped-SOL account is the wallet's associated token account of the native mint", () => {
  assert.equal(wrappedSolAccount(wallet), ata.toBase58());
});

Deno.test("wrap: create-idempotent, transfer, sync native, as @solana/spl-token and web3.js build them", () => {
  const lamports = 1_500_000_000n;
  assert.deepEqual(wrapSolInstructions({ wallet, lamports }), [
    fromWeb3(createAssociatedTokenAccountIdempotentInstruction(walletKey, ata, walletKey, NATIVE_MINT)),
    fromWeb3(SystemProgram.transfer({ fromPubkey: walletKey, toPubkey: ata, lamports })),
    fromWeb3(createSyncNativeInstruction(ata)),
  ]);
  const payer = key("payer");
  assert.equal(wrapSolInstructions({ wallet, lamports, payer })[0].accounts[0].address, payer);
  assert.throws(() => wrapSolInstructions({ wallet, lamports: 0n }), RangeError);
});

Deno.test("unwrap: close the wrapped-SOL account to the wallet (or another destination)", () => {
  assert.deepEqual(unwrapSolInstruction(wallet), fromWeb3(createCloseAccountInstruction(ata, walletKey, walletKey)));
  assert.equal(unwrapSolInstruction(wallet, key("elsewhere")).accounts[1].address, key("elsewhere"));
});

Deno.test("a wrap and unwrap transaction needs only the wallet's signature", () => {
  const built = assembleTransaction({
    chain: "base",
    feePayer: wallet,
    instructions: [...wrapSolInstructions({ wallet, lamports: 10n }), unwrapSolInstruction(wallet)],
    blockhash: key("blockhash"),
  });
  assert.deepEqual(readTransaction(built.transactionBase64).signers, [wallet]);
});
