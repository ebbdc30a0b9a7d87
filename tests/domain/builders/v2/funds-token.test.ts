import assert from "node:assert/strict";
import { DeploymentIndex } from "../../../../src/config/deployment-index.ts";
import { parseDeploymentConfig } from "../../../../src/config/pool-config.ts";
import {
  fundsTokenByMint,
  fundsTokenBySymbol,
  parseTokenAmount,
} from "../../../../src/domain/builders/v2/funds-token.ts";
import { walletTokenAccount } from "../../../../src/domain/builders/wallet-accounts.ts";
import { DeploymentSnapshot } from "../../../../src/domain/deployment-snapshot.ts";
import { custodyAddress, key, MINT, PROGRAM } from "../../../helpers/hand-built-deployment.ts";
import { assertRejected, fundsFixture, POOL } from "./_funds.ts";
import { ata } from "../../../helpers/expected-accounts.ts";

const { snapshot } = fundsFixture();
const TOKEN_2022 = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";
const TOKEN_LEGACY = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";

Deno.test("a token by mint or symbol: decimals and token program from the configuration", () => {
  const spy = fundsTokenByMint(snapshot(), MINT.SPY);
  assert.deepEqual(
    { symbol: spy.symbol, decimals: spy.decimals, isToken2022: spy.isToken2022, tokenProgram: spy.tokenProgram },
    { symbol: "SPY", decimals: 8, isToken2022: true, tokenProgram: TOKEN_2022 },
  );
  const usdc = fundsTokenBySymbol(snapshot(), "usdc");
  assert.deepEqual([usdc.mint, usdc.decimals, usdc.tokenProgram, usdc.isNativeSol], [
    MINT.USDC,
    6,
    TOKEN_LEGACY,
    false,
  ]);
});

Deno.test("the native mint: SOL and WSOL are one token, named SOL, wrapped", () => {
  for (const token of [fundsTokenByMint(snapshot(), MINT.SOL), fundsTokenBySymbol(snapshot(), "WSOL")]) {
    assert.deepEqual([token.symbol, token.mint, token.decimals, token.isNativeSol], ["SOL", MINT.SOL, 9, true]);
  }
});

Deno.test("a token held by several pools uses its custody in the first pool of the configuration", () => {
  const usdc = fundsTokenBySymbol(snapshot(), "USDC");
  assert.equal(usdc.pool.poolAddress, POOL.crypto);
  assert.equal(usdc.custody.custodyAccount, custodyAddress("v2", "Crypto.1", "USDC"));
  assert.equal(fundsTokenBySymbol(snapshot(), "SPY").pool.poolAddress, POOL.equity);
});

Deno.test("unknown mint or symbol: UNKNOWN_SYMBOL naming the field (never assumed decimals)", () => {
  assertRejected(() => fundsTokenByMint(snapshot(), key("no such mint")), "UNKNOWN_SYMBOL", "body.tokenMint");
  assertRejected(() => fundsTokenBySymbol(snapshot(), "DOGE"), "UNKNOWN_SYMBOL", "body.tokenSymbol");
});

Deno.test("a virtual token has no trade vault: VALIDATION_FAILED", () => {
  const xau = key("mint:XAU");
  const config = parseDeploymentConfig({
    programId: PROGRAM.v2,
    cluster: "mainnet-beta",
    pools: [{
      poolName: "Virtual.1",
      poolAddress: key("pool:Virtual.1"),
      tokens: [{ symbol: "XAU", mintKey: xau, decimals: 6, isVirtual: true }],
      custodies: [{
        custodyId: 0,
        custodyAccount: key("custody:XAU"),
        tokenAccount: key("vault:XAU"),
        symbol: "XAU",
        mintKey: xau,
        decimals: 6,
        isVirtual: true,
      }],
    }],
  }, { source: "file", location: "test", nowUnix: 0 });
  const virtual = new DeploymentSnapshot({
    version: "v2",
    programId: PROGRAM.v2,
    config: new DeploymentIndex(config),
    accounts: snapshot().accounts,
    priceOfFeed: () => undefined,
    nowMs: 0,
    priceMaxAgeMs: 60_000,
  });
  assertRejected(() => fundsTokenByMint(virtual, xau), "VALIDATION_FAILED", "body.tokenMint");
  assertRejected(() => fundsTokenBySymbol(virtual, "XAU"), "VALIDATION_FAILED", "body.tokenSymbol");
});

Deno.test("a wallet's token account is its ATA under the token's own program", () => {
  const wallet = key("wallet");
  const spy = fundsTokenBySymbol(snapshot(), "SPY");
  const usdc = fundsTokenBySymbol(snapshot(), "USDC");
  assert.equal(walletTokenAccount(wallet, spy.mint, spy.isToken2022), ata(wallet, MINT.SPY, true));
  assert.equal(walletTokenAccount(wallet, usdc.mint, usdc.isToken2022), ata(wallet, MINT.USDC));
});

Deno.test("amounts convert exactly: trailing zeros are fine, a digit that would be rounded away is refused", () => {
  const usdc = fundsTokenBySymbol(snapshot(), "USDC");
  const sol = fundsTokenBySymbol(snapshot(), "SOL");
  assert.equal(parseTokenAmount("250.5", usdc), 250_500_000n);
  assert.equal(parseTokenAmount("1.000000000000", usdc), 1_000_000n);
  assert.equal(parseTokenAmount("0.000001", usdc), 1n);
  assert.equal(parseTokenAmount(".5", usdc), 500_000n, "the contract's lenient forms");
  assert.equal(parseTokenAmount("25.", usdc), 25_000_000n);
  assert.equal(parseTokenAmount("0.000000001", sol), 1n);
  assert.equal(parseTokenAmount("18446744073709.551615", usdc), (1n << 64n) - 1n);
  assertRejected(() => parseTokenAmount("1.0000001", usdc), "INVALID_DECIMAL", "body.amount");
  assertRejected(() => parseTokenAmount("0.0000000001", sol), "INVALID_DECIMAL");
  assertRejected(() => parseTokenAmount("0", usdc), "INVALID_DECIMAL");
  assertRejected(() => parseTokenAmount("0.000000", usdc), "INVALID_DECIMAL");
  assertRejected(() => parseTokenAmount("18446744073709.551616", usdc), "INVALID_DECIMAL");
});
