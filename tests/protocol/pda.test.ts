/**
 * PDA derivations checked against addresses quoted by the references and against the mainnet pool configuration
 * of program FLASH6Lo6h3iasJKWDs2F8TkW2UKf3s15C8PMGuVfgBn (flash-trade/flash-sdk-v2 `src/PoolConfig.json`).
 */
import assert from "node:assert/strict";
import { PublicKey } from "@solana/web3.js";
import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import * as pda from "../../src/protocol/pda.ts";
import { CodecError } from "../../src/protocol/codec/mod.ts";
import { DELEGATION_PROGRAM_ID, SESSION_KEYS_PROGRAM_ID } from "../../src/protocol/constants.ts";

const MAINNET = "FLASH6Lo6h3iasJKWDs2F8TkW2UKf3s15C8PMGuVfgBn";
const DEVNET = "FTPP4jEWW1n8s2FEccwVfS9KCPjpndaswg7Nkkuz4ER4";
const OWNER = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";

Deno.test("global PDAs (mainnet and devnet) match the references", () => {
  assert.equal(pda.perpetuals(MAINNET), "7DWCtB5Z8rPiyBMKUwqyC95R9tJpbhoQhLM9LbK3Z5QZ");
  assert.equal(pda.findProgramAddress(MAINNET, ["perpetuals"]).bump, 255);
  assert.equal(pda.transferAuthority(MAINNET), "81xGAvJ27ZeRThU2JEfKAUeT4Fx6qCCd8WHZpujZbiiG");
  assert.equal(pda.multisig(MAINNET), "3FqKnAQrvr6G6AqCAWKdqg9fVe6ceAk3A5Y1ibeQqV2V");
  assert.equal(pda.eventAuthority(MAINNET), "9qb3KAyARHqhVGQjJmzSVJ1hTm3KDR2QL8EBW5paXkUB");
  assert.equal(pda.reallocVault(MAINNET), "BLgFqgSsLHVKo8YciNcderXbMicTa9CuoBwqRBWCeMik");
  assert.equal(pda.tokenVault(MAINNET), "DBh5a25KUsmbz62sxStp4PRu8WdJmdGUmuCJWvxse5YL");
  assert.equal(pda.tokenVaultTokenAccount(MAINNET), "7tULeZXC2UyPPzHyE9BhFJmFtfNedACJrVywyWYSwzJP");
  assert.equal(pda.rebateVault(MAINNET), "F7kanenf6CRq38KpC3FYDtTHJ1j3c1G3xJoDtL4Xnzbm");
  assert.equal(pda.rebateTokenAccount(MAINNET), "3gHUNvvDpnNi371EMJ3M4SDWE825WkdN5LPdPa1DTvyE");
  assert.equal(pda.revenueTokenAccount(MAINNET), "Aw9fQzvcRuSmAkjzB6BMZRvywmGrpWtCzYrD63HoguXr");
  assert.equal(pda.protocolVault(MAINNET), "6N5wgTi4z29N1MCPiiDRPhxDkhHM83Q6WA2CVvnNKSme");
  assert.equal(pda.protocolTokenAccount(MAINNET), "9iQ9saFbTfYPHsJwnKY9BMc7xACxEL9mcHrP7qYWoTKG");
  // devnet prefixes quoted by PROTOCOL-v2 §1
  assert.ok(pda.perpetuals(DEVNET).startsWith("Eqdi9iS9"));
  assert.ok(pda.eventAuthority(DEVNET).startsWith("2hBdES4x"));
  assert.equal(pda.transferAuthority(DEVNET), "7FQugUsik25vwUVtB2gr6JZyQGq3t2PQYrZ7yjcF5BUp");
});

// [poolName, pool, sFLP mint, FLP mint, custody mint, custody, custody token account, internal oracle,
//  market target custody, market collateral custody, side, market]
const POOLS = [
  [
    "Crypto.1",
    "HfF7GCcEc76xubFCHLLXRdYcgRzwjEPdfKWqzRS8Ncog",
    "9Fzv4s5t2bNwwJoeeywMwypop3JegsuDb1eDbMnPr4TX",
    "NUZ3FDWTtN5SP72BsefbsqpnbAY5oe21LE8bCSkqsEK",
    "BNBXenUbd8ixdDBJWs56yBFEapFvY9LHp8J1mwY3de5",
    "6bthDsp8pcGBGKVKCKZjV5JfuSUNRo62RG4hQHj1u4CK",
    "8t9wKz9D4tWTBTdhfA4dtrFbAn9cP5tRQnPzRn5iFEGY",
    "HUAssJN77yC5uZRuKFkJdT5BRaEvsaECKX7jdPfVyL8C",
    "6bthDsp8pcGBGKVKCKZjV5JfuSUNRo62RG4hQHj1u4CK",
    "5N2St2e1BdgWsJiXxfetwWKkHS1BYochAp1ruPFJUfgY",
    "short",
    "7UkGiRwUmmFhQBB7uLgHzJC4oTZZ5CDZqaYqNYo1LCPn",
  ],
  [
    "Virtual.1",
    "KwhpybQPe9xuZFmAfcjLHj3ukownWex1ratyascAC1X",
    "CrdMPbjooMmz6RoVgUnczWoeZka2QF14pikcCTpzRMxz",
    "AbVzeRUss8QJYzv2WDizDJ2RtsD1jkVyRjNdAzX94JhG",
    "NGD4kUBd9m12xdiFw123TKfvqmjCQeAXKQ6WP1fzgWR",
    "F8Nb7MnUyPEN3LrRGnVXYS142eVscJq6dsX6Mqcw6wGH",
    "14tjBe3d7R8VPsYf1vmAkggPrBfqXVkhuWqXEQHXGHXp",
    "CmCvoQ59Mfa4CPxe5Ld26dse91Kh32jMtSiiyfDGfHbW",
    "F8Nb7MnUyPEN3LrRGnVXYS142eVscJq6dsX6Mqcw6wGH",
    "9yANuRkTRxb9jjxnG1h3xcUz2kM8fJgDbdYJV4PfZ7dy",
    "short",
    "BDZJnR5wLoofVRiD9pjLeSbqtKcbrz4XvA2DFVxJM6X",
  ],
  [
    "Governance.1",
    "D6bfytnxoZBSzJM7fcixg5sgWJ2hj8SbwkPvb2r8XpbH",
    "6afu2XRPMg8JAhzBsJ9DXsQRCFhkzbC4UaFMZepm6AHb",
    "4PZTRNrHnxWBqLRvX5nuE6m1cNR8RqB4kWvVYjDkMd2H",
    "megaA5QDK1qLXtjpvg9oCFMvxT9d5BCMrVTBddnM5kV",
    "6a5GNjQcFjdxq4TERNqfQwSjPW3ghPWHvfpm7W2evLyW",
    "E1xmw2hs1RqMZsEiavyAHxqvQbbfKAw8rQwVi2rncqqQ",
    "HeQQUd8h5K7FES2ZQHbGdGhBhKMJc8hG1YNED5ZDqLta",
    "6a5GNjQcFjdxq4TERNqfQwSjPW3ghPWHvfpm7W2evLyW",
    "6fiadNoZVTha5NdaktZgJ3PHm7bncZpiqGvFbCsrUv72",
    "short",
    "7Q2YtcYkW5dNXfEkAw3Ths6oUmoRsJ5KDNJS8oz4Xp1i",
  ],
  [
    "Community.1",
    "6HukhSeVVLQekKaGJYkwztBacjhKLKywVPrmcvccaYMz",
    "GnxdTsSQNQ3FF72nTyWo4SUt59Tt1MqDkRRfoPtKjMvJ",
    "EngqvevoQ8yaNdtxY7sSh5J7NF74k3cDKi9v9pHi5H3B",
    "pumpCmXqMfrsAkQ5r49WcJnRayYRqmXz6ae8H7H9Dfn",
    "GJGqjUBB6QDiHJ5wMfhRR9CCcDRatLdwxsVih3J5uYPx",
    "HVD2kxz3oGpiZZGLXHEcmbHr8MUjUBYKGKmSBbjzpBqZ",
    "3jdC8MKggXxFKPMV5LDNbJz24zGdneTWnuF3MvnjdTX7",
    "GJGqjUBB6QDiHJ5wMfhRR9CCcDRatLdwxsVih3J5uYPx",
    "qFFbK8PHbNt4433AUTHHDsmDuQGTQhixc8t4sCzugG4",
    "short",
    "HZdu8XS4qxSGn96o6pj3o4CWq2FMHe7z26NPofx63xoS",
  ],
  [
    "Trump.1",
    "Crk3yzGpPCt9thXmV9wCkBM9nBq8EHhBct71ArkKY9wA",
    "GZbxLBmvyQSzay1jozgykotcXFpLu2yKkW6u7huhis8X",
    "2aAQefifU14gxfc2FQHruFrp2UViLF4TYwzvbfyKFiFa",
    "9BB6NFEcjBCtnNLFko2FqVQBq8HHM13kCyYcdQbgpump",
    "EHzgXgb2azBXG9bgPT2GEPfe6FtyQwiJtPxMUwny4WFe",
    "ERtCuHUe8L4WFefMTR7T5dSndszikuF7db9EbisF5Gyi",
    "CXUxUV4tsf7sYnX52KrKDdkskyGGHXGkQgDHXf2fk2UW",
    "EHzgXgb2azBXG9bgPT2GEPfe6FtyQwiJtPxMUwny4WFe",
    "B1b3WnCbwrQC8yk6o5rVLGGJFD7BdQBLyaWsRw4Lqgp2",
    "short",
    "Cgf9B7zfxFxtamBMgDsg879fHaXGcoxX5a9wpcSbTUnF",
  ],
  [
    "Equity.1",
    "Fa64Ua4bzN295egkQEqtyrWNeQMiFZ5Uxfq2DcQ4Sb3h",
    "DU5PE3t7FJQEKxzceddj1Y8CB3s9nDJWsM1SWTD9o8iS",
    "HokRUTnsr3FgLj9sq2iw3F6XkPoHn62wytcdNuPZowa7",
    "Xs3eBt7uRfJX8QUs4suhyU8p2M6DoUDrJyWBa8LLZsg",
    "A2C8A9QMEQ1XAWjLSe7zUNRXSjDqQA4cpYzLYGvDZS1u",
    "9ZQJFFNrasEA5v48dbRSREjVbxY3okr8XUsqvtRWfd5G",
    "5noWaniSr4cBVTUYgat7SYR3jYcCHtnjjnjqu4ZPGUx8",
    "A2C8A9QMEQ1XAWjLSe7zUNRXSjDqQA4cpYzLYGvDZS1u",
    "CGRZ1bHoTnUawWTUtQurYDbkN3nuQBkCSA87TkPS3nhs",
    "short",
    "9BWp9Ez9UFXEfxrmhopb29F969azopmNmv9fGKDzXkLd",
  ],
] as const;

Deno.test("pool, LP mints, custody, custody token account, oracle and market match the mainnet PoolConfig", async (t) => {
  for (const [name, pool, lp, flp, mint, custody, tokenAccount, oracle, target, collateral, side, market] of POOLS) {
    await t.step(name, () => {
      assert.equal(pda.pool(MAINNET, name), pool);
      assert.equal(pda.lpTokenMint(MAINNET, pool), lp);
      assert.equal(pda.compoundingTokenMint(MAINNET, pool), flp);
      assert.equal(pda.custody(MAINNET, pool, mint), custody);
      assert.equal(pda.custodyTokenAccount(MAINNET, pool, mint), tokenAccount);
      assert.equal(pda.oracleAccount(MAINNET, mint), oracle);
      assert.equal(pda.market(MAINNET, target, collateral, side), market);
    });
  }
  await t.step("Crypto.1 SOL and USDC custodies, SOL long/short and BTC long markets", () => {
    const pool = "HfF7GCcEc76xubFCHLLXRdYcgRzwjEPdfKWqzRS8Ncog";
    const usdc = pda.custody(MAINNET, pool, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
    const sol = pda.custody(MAINNET, pool, "So11111111111111111111111111111111111111112");
    assert.equal(usdc, "5N2St2e1BdgWsJiXxfetwWKkHS1BYochAp1ruPFJUfgY");
    assert.equal(sol, "BjzZ33nMnbXZ7rw3Uy9Uu1W7BDCzzugqkiZoamJHRKF7");
    assert.equal(
      pda.custodyTokenAccount(MAINNET, pool, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"),
      "BC5xAUpEbfeSWi5fJdvhFQhM3eMbTok2c7SY62daB3da",
    );
    assert.equal(
      pda.oracleAccount(MAINNET, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"),
      "GCtJxWQ57B3BJUYdWrhb3TUxzeiDUx275ZCxKkTV6G3N",
    );
    assert.equal(
      pda.oracleAccount(MAINNET, "So11111111111111111111111111111111111111112"),
      "DXqtMo8qRBfHcK11kBnSaCSXkWKk1huMf94R6sAxLHtf",
    );
    assert.equal(pda.market(MAINNET, sol, sol, "Long"), "3vHoXbUvGhEHFsLUmxyC6VWsbYDreb1zMn9TAp5ijN5K");
    assert.equal(pda.market(MAINNET, sol, usdc, "Short"), "9tvuK63WUV2mgWt7AvWUm7kRUpFKsRX1jewyJ21VTWsM");
    const btc = "Ghi8YvZeDEzPAGvve7we3Rthquk84CULra6ERkGQF1Rv";
    assert.equal(pda.market(MAINNET, btc, btc, "long"), "GGV4VHTAEyWGyGubXTiQZiPajCEtGv2Ed2G2BHmY3zNZ");
  });
});

Deno.test("per-user and v2 PDAs follow their seeds", () => {
  const market = "9tvuK63WUV2mgWt7AvWUm7kRUpFKsRX1jewyJ21VTWsM";
  const usdc = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
  const custody = "5N2St2e1BdgWsJiXxfetwWKkHS1BYochAp1ruPFJUfgY";
  const program = new PublicKey(MAINNET);
  const o = new PublicKey(OWNER).toBuffer();
  const enc = (s: string) => new TextEncoder().encode(s);
  const expect = (seeds: Uint8Array[], programId = program) =>
    PublicKey.findProgramAddressSync(seeds, programId)[0].toBase58();
  const k = (s: string) => new PublicKey(s).toBuffer();

  assert.equal(pda.basket(MAINNET, OWNER), expect([enc("basket"), o]));
  assert.equal(pda.userDepositLedger(MAINNET, OWNER), expect([enc("user_deposit_ledger"), o]));
  assert.equal(pda.tradeVault(MAINNET, usdc), expect([enc("trade_vault"), k(usdc)]));
  assert.equal(pda.tradeVaultTokenAccount(MAINNET, usdc), expect([enc("trade_vault_token_account"), k(usdc)]));
  assert.equal(
    pda.withdrawalEscrowReceipt(MAINNET, OWNER, usdc),
    expect([enc("withdrawal_escrow_receipt"), o, k(usdc)]),
  );
  // The seeds the delegation metadata stores are the ones the escrow is derived from.
  assert.deepEqual(
    pda.withdrawalEscrowReceiptSeeds(OWNER, usdc),
    [enc("withdrawal_escrow_receipt"), o, k(usdc)].map(
      (seed) => Uint8Array.from(seed),
    ),
  );
  assert.equal(
    pda.withdrawalEscrowReceipt(MAINNET, OWNER, usdc),
    expect(pda.withdrawalEscrowReceiptSeeds(OWNER, usdc)),
  );
  assert.equal(pda.custodySettlementReceipt(MAINNET, custody), expect([enc("custody_settlement_receipt"), k(custody)]));
  assert.equal(pda.position(MAINNET, OWNER, market), expect([enc("position"), o, k(market)]));
  assert.equal(pda.order(MAINNET, OWNER, market), expect([enc("order"), o, k(market)]));
  assert.equal(pda.referral(MAINNET, OWNER), expect([enc("referral"), o]));
  assert.equal(pda.tokenStake(MAINNET, OWNER), expect([enc("token_stake"), o]));
  assert.equal(pda.whitelist(MAINNET, OWNER), expect([enc("whitelist"), o]));

  const basket = pda.basket(MAINNET, OWNER);
  assert.equal(pda.delegationBuffer(MAINNET, basket), expect([enc("buffer"), k(basket)]));
  const dlp = new PublicKey(DELEGATION_PROGRAM_ID);
  assert.equal(pda.delegationRecord(basket), expect([enc("delegation"), k(basket)], dlp));
  assert.equal(pda.delegationMetadata(basket), expect([enc("delegation-metadata"), k(basket)], dlp));
  const validator = "FLAshCJGr4SWk23bDVy7yeZecfND8h5Cingy1u2XE6HQ";
  assert.equal(pda.magicFeeVault(validator), expect([enc("magic-fee-vault"), k(validator)], dlp));
  const signer = "3FqKnAQrvr6G6AqCAWKdqg9fVe6ceAk3A5Y1ibeQqV2V";
  assert.equal(
    pda.sessionToken(MAINNET, signer, OWNER),
    expect([enc("session_token_v2"), program.toBuffer(), k(signer), o], new PublicKey(SESSION_KEYS_PROGRAM_ID)),
  );
  // The two deployments derive different addresses for the same owner.
  assert.notEqual(pda.basket("FTv2RxXarPfNta45HTTMVaGvjzsGg27FXJ3hEKWBhrzV", OWNER), basket);
});

Deno.test("associated token addresses match @solana/spl-token (legacy and Token-2022, off-curve owners)", () => {
  const usdc = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
  const pump = "pumpCmXqMfrsAkQ5r49WcJnRayYRqmXz6ae8H7H9Dfn";
  const TOKEN_2022 = new PublicKey("TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb");
  assert.equal(
    pda.associatedTokenAddress(OWNER, usdc),
    getAssociatedTokenAddressSync(new PublicKey(usdc), new PublicKey(OWNER)).toBase58(),
  );
  assert.equal(
    pda.associatedTokenAddress(OWNER, pump, true),
    getAssociatedTokenAddressSync(new PublicKey(pump), new PublicKey(OWNER), false, TOKEN_2022).toBase58(),
  );
  const offCurve = pda.transferAuthority(MAINNET);
  assert.equal(
    pda.associatedTokenAddress(offCurve, usdc),
    getAssociatedTokenAddressSync(new PublicKey(usdc), new PublicKey(offCurve), true).toBase58(),
  );
});

Deno.test("PDA helpers accept PublicKey inputs, cache results and validate arguments", () => {
  pda.clearPdaCache();
  const a = pda.basket(MAINNET, OWNER);
  const size = pda.pdaCacheSize();
  assert.equal(pda.basket(new PublicKey(MAINNET), new PublicKey(OWNER)), a);
  assert.equal(pda.basket(MAINNET, OWNER), a);
  assert.equal(pda.pdaCacheSize(), size);
  assert.throws(() => pda.basket(MAINNET, "not a key"), CodecError);
  assert.throws(() => pda.market(MAINNET, OWNER, OWNER, "None" as never), CodecError);
  assert.throws(() => pda.pool(MAINNET, "x".repeat(33)), CodecError);
});

Deno.test("PDA helpers: a cached derivation equals the uncached one, for text and PublicKey seeds alike", () => {
  const custodyA = pda.custody(MAINNET, OWNER, DEVNET);
  const marketLong = pda.market(MAINNET, OWNER, DEVNET, "Long");
  pda.clearPdaCache();
  assert.equal(pda.pdaCacheSize(), 0);
  const expect = (seeds: Uint8Array[], program = MAINNET) =>
    PublicKey.findProgramAddressSync(seeds, new PublicKey(program))[0].toBase58();
  const utf8 = (s: string) => new TextEncoder().encode(s);
  const ownerBytes = new PublicKey(OWNER).toBytes();
  const devnetBytes = new PublicKey(DEVNET).toBytes();
  for (let round = 0; round < 2; round++) {
    // Round 0 misses and derives, round 1 hits: both must give the reference derivation.
    assert.equal(pda.custody(MAINNET, OWNER, DEVNET), expect([utf8("custody"), ownerBytes, devnetBytes]));
    assert.equal(pda.custody(new PublicKey(MAINNET), new PublicKey(OWNER), DEVNET), custodyA);
    assert.equal(pda.market(MAINNET, OWNER, DEVNET, "long"), marketLong);
    assert.notEqual(pda.market(MAINNET, OWNER, DEVNET, "Short"), marketLong);
    assert.equal(pda.pool(MAINNET, "Crypto.1"), expect([utf8("pool"), utf8("Crypto.1")]));
    // The same seeds through the generic entry point agree with the named helper.
    assert.equal(pda.findProgramAddress(MAINNET, ["basket", ownerBytes]).address, pda.basket(MAINNET, OWNER));
  }
  // Distinct seed texts never share a cache entry: a key given as two keys, a pool name holding a separator.
  assert.notEqual(pda.pool(MAINNET, "a/b"), pda.pool(MAINNET, "a"));
  assert.notEqual(pda.userDepositLedger(MAINNET, OWNER), pda.basket(MAINNET, OWNER));
});
