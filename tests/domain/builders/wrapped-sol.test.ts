import assert from "node:assert/strict";
import { PublicKey, SystemProgram } from "@solana/web3.js";
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createCloseAccountInstruction,
  createSyncNativeInstruction,
  getAssociatedTokenAddressSync,
  NATIVE_MINT,
} from "@solana/spl-token";
import { assembleTransaction, readTransaction } from "../../../src/domain/builders/transaction.ts";
import {
  unwrapSolInstruction,
  wrappedSolAccount,
  wrapSolInstructions,
} from "../../../src/domain/builders/wrapped-sol.ts";
import { fromWeb3, key } from "../../helpers/instructions.ts";

const wallet = key("wallet");
const walletKey = new PublicKey(wallet);
const ata = getAssociatedTokenAddressSync(NATIVE_MINT, walletKey, true);

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
