/** Paying and receiving token accounts of the earlier builders (DECISIONS 5.4, wrapped SOL through the ATA). */
import assert from "node:assert/strict";
import { PublicKey, SystemProgram } from "@solana/web3.js";
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createCloseAccountInstruction,
  createSyncNativeInstruction,
  NATIVE_MINT,
  TOKEN_2022_PROGRAM_ID,
} from "@solana/spl-token";
import {
  around,
  isNativeSol,
  ownerTokenAccount,
  payingAccount,
  receivingAccount,
} from "../../../../src/domain/builders/earlier/token-accounts.ts";
import type { TokenConfig } from "../../../../src/config/pool-config.ts";
import { fromWeb3, key } from "../../../helpers/instructions.ts";
import { ata } from "../../../helpers/expected-accounts.ts";

const owner = key("owner");
const o = new PublicKey(owner);
const token = (symbol: string, mintKey: string, isToken2022 = false): TokenConfig => ({
  symbol,
  mintKey,
  decimals: 9,
  usdPrecision: 2,
  tokenPrecision: 4,
  isStable: false,
  isVirtual: false,
  feedId: 1,
  oracleTicker: "",
  oraclePriceId: "",
  isToken2022,
});
const SOL = token("SOL", NATIVE_MINT.toBase58());
const WSOL = token("WSOL", NATIVE_MINT.toBase58());
const USDC = token("USDC", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
const SPY = token("SPY", key("mint:SPY"), true);
const wsolAccount = new PublicKey(ata(owner, NATIVE_MINT.toBase58()));

Deno.test("only the SOL symbol of the native mint is native SOL", () => {
  assert.equal(isNativeSol(SOL), true);
  assert.equal(isNativeSol(WSOL), false);
  assert.equal(isNativeSol(USDC), false);
  assert.equal(ownerTokenAccount(owner, SPY), ata(owner, SPY.mintKey, true));
});

Deno.test("paying: SOL is wrapped into the ATA first; WSOL and tokens are used as they are", () => {
  assert.deepEqual(payingAccount(owner, SOL, 7n), {
    account: wsolAccount.toBase58(),
    before: [
      fromWeb3(createAssociatedTokenAccountIdempotentInstruction(o, wsolAccount, o, NATIVE_MINT)),
      fromWeb3(SystemProgram.transfer({ fromPubkey: o, toPubkey: wsolAccount, lamports: 7n })),
      fromWeb3(createSyncNativeInstruction(wsolAccount)),
    ],
    after: [],
  });
  assert.deepEqual(payingAccount(owner, WSOL, 7n), { account: wsolAccount.toBase58(), before: [], after: [] });
  assert.deepEqual(payingAccount(owner, USDC, 7n), { account: ata(owner, USDC.mintKey), before: [], after: [] });
});

Deno.test("receiving: created idempotently (Token-2022 under its program); SOL unwrapped after unless told not to", () => {
  const sol = receivingAccount(owner, SOL);
  assert.deepEqual(sol.after, [fromWeb3(createCloseAccountInstruction(wsolAccount, o, o))]);
  assert.deepEqual(receivingAccount(owner, SOL, false).after, []);
  assert.deepEqual(receivingAccount(owner, WSOL).after, []);
  const spyAccount = new PublicKey(ata(owner, SPY.mintKey, true));
  assert.deepEqual(receivingAccount(owner, SPY), {
    account: spyAccount.toBase58(),
    before: [
      fromWeb3(
        createAssociatedTokenAccountIdempotentInstruction(
          o,
          spyAccount,
          o,
          new PublicKey(SPY.mintKey),
          TOKEN_2022_PROGRAM_ID,
        ),
      ),
    ],
    after: [],
  });
  const main = fromWeb3(SystemProgram.transfer({ fromPubkey: o, toPubkey: o, lamports: 1n }));
  assert.deepEqual(around([sol, payingAccount(owner, SOL, 1n)], [main]), [
    ...sol.before,
    ...payingAccount(owner, SOL, 1n).before,
    main,
    ...sol.after,
  ]);
});
