import { parseInstruction } from "../../helpers/parse-instruction.ts";
import assert from "node:assert/strict";
import {
  assembleTransaction,
  type LookupTable,
  TransactionTooLargeError,
} from "../../../src/domain/builders/transaction.ts";
import { readTransaction } from "../../helpers/read-transaction.ts";
import { MAX_TRANSACTION_SIZE } from "../../../src/protocol/constants.ts";
import { openPositionInstruction } from "../../../src/protocol/instructions/earlier/open-position.ts";
import { createAssociatedTokenIdempotentInstruction } from "../../../src/protocol/instructions/external/associated-token.ts";
import {
  isComputeBudgetInstruction,
  parseSetComputeUnitLimit,
  parseSetComputeUnitPrice,
} from "../../../src/protocol/instructions/external/compute-budget.ts";
import {
  AccountRole,
  createInstruction,
  type Instruction,
  writable,
} from "../../../src/protocol/instructions/instruction.ts";
import { mergeRoles } from "../../helpers/roles.ts";
import { depositDirectInstruction } from "../../../src/protocol/instructions/v2/deposit-direct.ts";
import {
  OPEN_POSITION_ER_ACCOUNTS,
  openPositionEr,
  type OpenPositionErArgs,
  openPositionErInstruction,
} from "../../../src/protocol/instructions/v2/open-position-er.ts";
import * as pda from "../../../src/protocol/pda.ts";
import { key, PROGRAM_EARLIER, PROGRAM_V2 as P } from "../../helpers/instructions.ts";

const owner = key("owner");
const ER_BLOCKHASH = key("er blockhash");
const BASE_BLOCKHASH = key("base blockhash");
const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
const USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

const OPEN_ARGS: OpenPositionErArgs = {
  priceWithSlippage: { price: 14_523_456_789n, exponent: -8 },
  collateralAmount: 11_000_000n,
  sizeAmount: 757_382_141n,
  privilege: "None",
};

function openEr(signer = owner, sessionToken?: string): Instruction {
  return openPositionErInstruction(P, {
    owner,
    signer,
    sessionToken,
    basket: pda.basket(P, owner),
    userDepositLedger: pda.userDepositLedger(P, owner),
    pool: key("pool"),
    market: key("market"),
    targetCustody: key("sol custody"),
    lockCustody: key("sol custody"),
    receivingCustody: key("usdc custody"),
    targetOracleAccount: key("sol oracle"),
    lockOracleAccount: key("sol oracle"),
    receivingOracleAccount: key("usdc oracle"),
  }, OPEN_ARGS);
}

/** The role every key must have at message level: the union of its roles, the fee payer a writable signer. */
function messageRoles(feePayer: string, instructions: readonly Instruction[]): Map<string, AccountRole> {
  const roles = new Map<string, AccountRole>([[feePayer, AccountRole.WRITABLE_SIGNER]]);
  for (const ix of instructions) {
    for (const a of ix.accounts) roles.set(a.address, mergeRoles(roles.get(a.address) ?? 0, a.role));
  }
  return roles;
}

function assertSameInstructions(actual: readonly Instruction[], expected: readonly Instruction[], feePayer: string) {
  const roles = messageRoles(feePayer, expected);
  assert.equal(actual.length, expected.length);
  actual.forEach((ix, i) => {
    assert.equal(ix.programAddress, expected[i].programAddress, `instruction ${i} program`);
    assert.deepEqual(ix.data, expected[i].data, `instruction ${i} data`);
    assert.deepEqual(ix.accounts.map((a) => a.address), expected[i].accounts.map((a) => a.address));
    for (const a of ix.accounts) assert.equal(a.role, roles.get(a.address), `role of ${a.address}`);
  });
}

function assertUnsigned(read: ReturnType<typeof readTransaction>) {
  assert.equal(read.signatures.length, read.signers.length);
  for (const s of read.signatures) assert.deepEqual(s, new Uint8Array(64));
}

Deno.test("ER: v0, the owner pays and is the only signer, ER blockhash, one SetComputeUnitLimit(1.4M), no tables", () => {
  const ix = openEr();
  const built = assembleTransaction({ chain: "er", feePayer: owner, instructions: [ix], blockhash: ER_BLOCKHASH });
  const read = readTransaction(built.transactionBase64);
  assert.equal(read.version, 0);
  assert.equal(read.feePayer, owner);
  assert.deepEqual(read.signers, [owner]);
  assertUnsigned(read);
  assert.equal(read.blockhash, ER_BLOCKHASH);
  assert.deepEqual(read.lookups, []);
  assert.deepEqual(built.lookupTablesUsed, []);
  assert.equal(read.instructions.filter(isComputeBudgetInstruction).length, 1);
  assert.equal(parseSetComputeUnitLimit(read.instructions[0]), 1_400_000);
  assertSameInstructions(read.instructions.slice(1), [ix], owner);
  const parsed = parseInstruction(openPositionEr, OPEN_POSITION_ER_ACCOUNTS, read.instructions[1]);
  assert.deepEqual(parsed.args, OPEN_ARGS);
  assert.equal(parsed.accounts.sessionToken, undefined);
  assert.equal(built.sizeBytes, read.sizeBytes);
  assert.ok(built.sizeBytes <= MAX_TRANSACTION_SIZE);
});

Deno.test("ER with a session key: the session key pays and is the only signer; the owner does not sign", () => {
  const sessionKey = key("session key");
  const sessionToken = pda.sessionToken(P, sessionKey, owner);
  const ix = openEr(sessionKey, sessionToken);
  const read = readTransaction(
    assembleTransaction({ chain: "er", feePayer: sessionKey, instructions: [ix], blockhash: ER_BLOCKHASH })
      .transactionBase64,
  );
  assert.equal(read.feePayer, sessionKey);
  assert.deepEqual(read.signers, [sessionKey]);
  assertUnsigned(read);
  const parsed = parseInstruction(openPositionEr, OPEN_POSITION_ER_ACCOUNTS, read.instructions[1]);
  assert.equal(parsed.accounts.owner, owner);
  assert.equal(parsed.accounts.sessionToken, sessionToken);
  assert.equal(read.instructions[1].accounts[0].role, AccountRole.READONLY, "owner is neither signer nor writable");
});

Deno.test("ER: lookup tables are never used, even when some are passed", () => {
  const ix = openEr();
  const table: LookupTable = { key: key("alt"), addresses: ix.accounts.map((a) => a.address) };
  const input = { chain: "er", feePayer: owner, instructions: [ix], blockhash: ER_BLOCKHASH, lookupTables: [table] };
  const built = assembleTransaction(input as Parameters<typeof assembleTransaction>[0]);
  assert.deepEqual(readTransaction(built.transactionBase64).lookups, []);
});

function depositFlow(): Instruction[] {
  const ata = pda.associatedTokenAddress(owner, USDC);
  return [
    createAssociatedTokenIdempotentInstruction({ payer: owner, owner, mint: USDC, tokenProgram: TOKEN_PROGRAM }),
    depositDirectInstruction(P, {
      depositor: owner,
      owner,
      depositorTokenAccount: ata,
      tokenMint: USDC,
      tradeVault: pda.tradeVault(P, USDC),
      tradeVaultTokenAccount: pda.tradeVaultTokenAccount(P, USDC),
      userDepositLedger: pda.userDepositLedger(P, owner),
      tokenProgram: TOKEN_PROGRAM,
    }, { amount: 11_000_000n }),
  ];
}

Deno.test("base chain: base blockhash, limit sized to the instructions, priority fee when configured", () => {
  const instructions = depositFlow();
  const read = readTransaction(
    assembleTransaction({
      chain: "base",
      feePayer: owner,
      instructions,
      blockhash: BASE_BLOCKHASH,
      priorityFeeMicroLamports: 5_000n,
    }).transactionBase64,
  );
  assert.equal(read.version, 0);
  assert.equal(read.blockhash, BASE_BLOCKHASH);
  assert.deepEqual(read.signers, [owner]);
  assertUnsigned(read);
  // ATA 40_000 + deposit_direct 80_000, + 25 % = 150_000 (envelope.ts)
  assert.equal(parseSetComputeUnitLimit(read.instructions[0]), 150_000);
  assert.equal(parseSetComputeUnitPrice(read.instructions[1]), 5_000n);
  assertSameInstructions(read.instructions.slice(2), instructions, owner);

  const noFee = readTransaction(
    assembleTransaction({ chain: "base", feePayer: owner, instructions, blockhash: BASE_BLOCKHASH }).transactionBase64,
  );
  assert.equal(noFee.instructions.filter(isComputeBudgetInstruction).length, 1);
});

function earlierOpen(): Instruction {
  return openPositionInstruction(PROGRAM_EARLIER, {
    owner,
    feePayer: owner,
    fundingAccount: pda.associatedTokenAddress(owner, USDC),
    pool: key("pool"),
    position: key("position"),
    market: key("market"),
    targetCustody: key("target custody"),
    targetOracleAccount: key("target oracle"),
    collateralCustody: key("usdc custody"),
    collateralOracleAccount: key("usdc oracle"),
    collateralCustodyTokenAccount: key("usdc vault"),
    fundingTokenProgram: TOKEN_PROGRAM,
    fundingMint: USDC,
  }, OPEN_ARGS);
}

/** A pool's table: its fixed accounts (pool, custodies, oracles, vaults, programs, sysvars), not the user's. */
function poolTable(ix: Instruction): LookupTable {
  const userKeys = new Set([owner, key("position"), pda.associatedTokenAddress(owner, USDC)]);
  return { key: key("pool alt"), addresses: ix.accounts.map((a) => a.address).filter((a) => !userKeys.has(a)) };
}

Deno.test("base chain: a lookup table is used when it shortens the message, and reads back to the same instructions", () => {
  const ix = earlierOpen();
  const table = poolTable(ix);
  const plain = assembleTransaction({ chain: "base", feePayer: owner, instructions: [ix], blockhash: BASE_BLOCKHASH });
  const compressed = assembleTransaction({
    chain: "base",
    feePayer: owner,
    instructions: [ix],
    blockhash: BASE_BLOCKHASH,
    lookupTables: [table],
  });
  assert.deepEqual(compressed.lookupTablesUsed, [table.key]);
  assert.ok(compressed.sizeBytes < plain.sizeBytes, `${compressed.sizeBytes} < ${plain.sizeBytes}`);
  const read = readTransaction(compressed.transactionBase64, [table]);
  assert.equal(read.lookups.length, 1);
  assert.equal(read.lookups[0].key, table.key);
  assert.equal(read.feePayer, owner);
  assert.deepEqual(read.signers, [owner]);
  assertUnsigned(read);
  assert.deepEqual(read.instructions, readTransaction(plain.transactionBase64).instructions);
  assert.throws(() => readTransaction(compressed.transactionBase64), /lookup table .* was not given/);
});

Deno.test("base chain: a table resolving one account lengthens the message and is left out; tables are chosen one by one", () => {
  const ix = earlierOpen();
  const useless: LookupTable = { key: key("one-key alt"), addresses: [key("market")] };
  const useful = poolTable(ix);
  const onlyUseless = assembleTransaction({
    chain: "base",
    feePayer: owner,
    instructions: [ix],
    blockhash: BASE_BLOCKHASH,
    lookupTables: [useless],
  });
  assert.deepEqual(onlyUseless.lookupTablesUsed, []);
  assert.deepEqual(readTransaction(onlyUseless.transactionBase64).lookups, []);
  const both = assembleTransaction({
    chain: "base",
    feePayer: owner,
    instructions: [ix],
    blockhash: BASE_BLOCKHASH,
    lookupTables: [useless, useful],
  });
  assert.deepEqual(both.lookupTablesUsed, [useful.key]);
});

/** An instruction of a made-up program carrying `n` data bytes: a lever on the transaction size. */
function filler(n: number): Instruction {
  return createInstruction(key("filler program"), [], new Uint8Array(n));
}

Deno.test("size limit: 1232 bytes is accepted, 1233 is a TransactionTooLargeError with the size", () => {
  const build = (n: number) =>
    assembleTransaction({ chain: "er", feePayer: owner, instructions: [filler(n)], blockhash: ER_BLOCKHASH });
  // Past 128 data bytes the size grows one byte per data byte (the length prefix stays 2 bytes up to 16 383).
  const n = 200 + (MAX_TRANSACTION_SIZE - build(200).sizeBytes);
  assert.equal(build(n).sizeBytes, 1232);
  assert.equal(readTransaction(build(n).transactionBase64).sizeBytes, 1232);
  assert.throws(
    () => build(n + 1),
    (e) => e instanceof TransactionTooLargeError && e.code === "TRANSACTION_TOO_LARGE" && e.sizeBytes === 1233,
  );
  assert.throws(
    () => build(n + 100),
    (e) => e instanceof TransactionTooLargeError && e.sizeBytes === 1332 && e.limitBytes === 1232,
  );
});

Deno.test("ER: a message with a program past key 37 never gets out: 39 keys alone are over the size limit", () => {
  const manyWritable = (n: number) =>
    createInstruction(key("program"), [...Array(n)].map((_, i) => writable(key(`w${i}`))), new Uint8Array());
  // Keys: the fee payer, n writable accounts, the compute-budget program, the program (index n + 2).
  const build = (n: number) =>
    assembleTransaction({ chain: "er", feePayer: owner, instructions: [manyWritable(n)], blockhash: ER_BLOCKHASH });
  let n = 30;
  // Each more account costs 33 bytes: its key and its index in the instruction.
  while (n < 40 && build(n).sizeBytes + 33 <= MAX_TRANSACTION_SIZE) n++;
  // n writable accounts still fit; one more key does not.
  assert.throws(() => build(n + 1), TransactionTooLargeError);
  assert.ok(n + 2 <= 37, `the largest buildable message puts the program at key ${n + 2}`);
});

Deno.test("a bad fee payer or blockhash is a TypeError naming it", () => {
  const instructions = [openEr()];
  assert.throws(
    () => assembleTransaction({ chain: "er", feePayer: "not-a-key", instructions, blockhash: ER_BLOCKHASH }),
    /fee payer is not a base58 32-byte key/,
  );
  assert.throws(
    () => assembleTransaction({ chain: "er", feePayer: owner, instructions, blockhash: "0OIl" }),
    /blockhash is not a base58 32-byte key/,
  );
});
