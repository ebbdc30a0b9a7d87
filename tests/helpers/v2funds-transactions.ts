/**
 * Checks for the v2 setup and funds builders' transactions (issue 9), shared by their domain, HTTP and lifecycle
 * tests (the coordinator may merge it with the other builders' helpers):
 *
 * - `ref`: every address the builders use, derived independently of the code under test, with web3.js
 *   `PublicKey.findProgramAddressSync` and @solana/spl-token `getAssociatedTokenAddressSync`, from the seeds of
 *   PROTOCOL-v2 §1;
 * - `expectTransaction`: deserializes a built transaction with web3.js and checks it as a whole — version, fee payer,
 *   exact signer list, zeroed signatures, blockhash, size ≤ 1232, the base-chain compute budget first — and then
 *   every program instruction: program id, data (decoded arguments for the perpetuals program), every account in
 *   order, and the message-level signer/writable flags of every key against the union of the roles the reference
 *   tables give (PROTOCOL-v2 §3.13), written out by the tests.
 */
import assert from "node:assert/strict";
import { PublicKey, SystemProgram } from "@solana/web3.js";
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createSyncNativeInstruction,
  getAssociatedTokenAddressSync,
  NATIVE_MINT as NATIVE_MINT_KEY,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from "@solana/spl-token";
import { type LookupTable, type ReadTransaction, readTransaction } from "../../src/domain/builders/transaction.ts";
import {
  parseSetComputeUnitLimit,
  parseSetComputeUnitPrice,
} from "../../src/protocol/instructions/external/compute-budget.ts";
import { type AccountRole, type Instruction, roleText } from "../../src/protocol/instructions/instruction.ts";
import { decodeProgramInstruction, fromWeb3 } from "./instructions.ts";

export const DELEGATION_PROGRAM = "DELeGGvXpWV2fqJUhqcF5ZSYMS4JTLjteaAMARRSaeSh";
export const SYSTEM_PROGRAM = "11111111111111111111111111111111";
export const COMPUTE_BUDGET_PROGRAM = "ComputeBudget111111111111111111111111111111";
export const NATIVE_MINT = "So11111111111111111111111111111111111111112";

const seed = (s: string) => new TextEncoder().encode(s);
const keyOf = (a: string) => new PublicKey(a).toBytes();
const find = (program: string, ...seeds: Uint8Array[]) =>
  PublicKey.findProgramAddressSync(seeds, new PublicKey(program))[0].toBase58();

/** Independently derived addresses of one v2 deployment. */
export function ref(programId: string) {
  return {
    perpetuals: find(programId, seed("perpetuals")),
    transferAuthority: find(programId, seed("transfer_authority")),
    eventAuthority: find(programId, seed("__event_authority")),
    basket: (owner: string) => find(programId, seed("basket"), keyOf(owner)),
    ledger: (owner: string) => find(programId, seed("user_deposit_ledger"), keyOf(owner)),
    tradeVault: (mint: string) => find(programId, seed("trade_vault"), keyOf(mint)),
    tradeVaultTokenAccount: (mint: string) => find(programId, seed("trade_vault_token_account"), keyOf(mint)),
    escrow: (owner: string, mint: string) =>
      find(programId, seed("withdrawal_escrow_receipt"), keyOf(owner), keyOf(mint)),
    settlementReceipt: (custody: string) => find(programId, seed("custody_settlement_receipt"), keyOf(custody)),
    custody: (pool: string, mint: string) => find(programId, seed("custody"), keyOf(pool), keyOf(mint)),
    custodyTokenAccount: (pool: string, mint: string) =>
      find(programId, seed("custody_token_account"), keyOf(pool), keyOf(mint)),
    buffer: (delegated: string) => find(programId, seed("buffer"), keyOf(delegated)),
    delegationRecord: (delegated: string) => find(DELEGATION_PROGRAM, seed("delegation"), keyOf(delegated)),
    delegationMetadata: (delegated: string) => find(DELEGATION_PROGRAM, seed("delegation-metadata"), keyOf(delegated)),
    ata: (wallet: string, mint: string, token2022 = false) =>
      getAssociatedTokenAddressSync(
        new PublicKey(mint),
        new PublicKey(wallet),
        true,
        token2022 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID,
      ).toBase58(),
    tokenProgram: (token2022: boolean) => (token2022 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID).toBase58(),
  };
}

/** Role notation of the reference tables: "SW", "S", "W" or "". */
export type RoleText = "SW" | "S" | "W" | "";
/** One account of a perpetuals instruction: its name in the reference table, address, role. */
export type NamedAccount = readonly [name: string, address: string, role: RoleText];

/** A perpetuals-program instruction as the reference describes it. */
export interface ExpectedProgramInstruction {
  name: string;
  accounts: readonly NamedAccount[];
  args: Record<string, unknown>;
}
/** An instruction of another program, built by its reference library (web3.js / spl-token, via `fromWeb3`). */
export interface ExpectedExternalInstruction {
  external: Instruction;
}
export type ExpectedInstruction = ExpectedProgramInstruction | ExpectedExternalInstruction;

export interface ExpectedTransaction {
  programId: string;
  feePayer: string;
  /** Every key that must sign, fee payer first; nothing else may. */
  signers: readonly string[];
  blockhash: string;
  /** The program instructions after the compute budget, in order. */
  instructions: readonly ExpectedInstruction[];
  /** The configured priority fee: a SetComputeUnitPrice follows the limit exactly when it is above 0. */
  priorityFeeMicroLamports?: bigint;
  lookupTables?: readonly LookupTable[];
}

function roleBits(text: RoleText): AccountRole {
  return ((text.includes("S") ? 0b10 : 0) | (text.includes("W") ? 0b01 : 0)) as AccountRole;
}

/** Checks a built base-chain transaction completely and returns it decoded. */
export function expectTransaction(base64: string, expected: ExpectedTransaction): ReadTransaction {
  const tx = readTransaction(base64, expected.lookupTables ?? []);
  assert.equal(tx.version, 0, "a v0 message");
  assert.equal(tx.feePayer, expected.feePayer, "fee payer (account 0)");
  assert.deepEqual(tx.signers, [...expected.signers], "exactly these signers");
  for (const signature of tx.signatures) assert.ok(signature.every((b) => b === 0), "signature slots left zeroed");
  assert.equal(tx.blockhash, expected.blockhash, "blockhash");
  assert.ok(tx.sizeBytes <= 1232, `size ${tx.sizeBytes} ≤ 1232`);

  // Base-chain envelope: the compute-unit limit first, then the price exactly when a priority fee is configured.
  const [limit, ...rest] = tx.instructions;
  assert.equal(limit.programAddress, COMPUTE_BUDGET_PROGRAM);
  const units = parseSetComputeUnitLimit(limit);
  assert.ok(units !== undefined && units > 0 && units <= 1_400_000, `compute-unit limit ${units}`);
  let program = rest;
  const fee = expected.priorityFeeMicroLamports ?? 0n;
  if (fee > 0n) {
    assert.equal(parseSetComputeUnitPrice(rest[0]), fee, "SetComputeUnitPrice = the configured priority fee");
    program = rest.slice(1);
  }
  assert.ok(program.every((ix) => ix.programAddress !== COMPUTE_BUDGET_PROGRAM), "no other compute-budget ix");
  assert.equal(program.length, expected.instructions.length, "number of program instructions");

  const roles = new Map<string, number>([[expected.feePayer, 0b11]]);
  const merge = (address: string, role: number) => roles.set(address, (roles.get(address) ?? 0) | role);
  program.forEach((ix, i) => {
    const want = expected.instructions[i];
    if ("external" in want) {
      assert.equal(ix.programAddress, want.external.programAddress, `instruction ${i}: program`);
      assert.deepEqual([...ix.data], [...want.external.data], `instruction ${i}: data`);
      assert.deepEqual(
        ix.accounts.map((a) => a.address),
        want.external.accounts.map((a) => a.address),
        `instruction ${i}: accounts`,
      );
      want.external.accounts.forEach((a) => merge(a.address, a.role));
      return;
    }
    assert.equal(ix.programAddress, expected.programId, `instruction ${i}: the perpetuals program`);
    const decoded = decodeProgramInstruction("v2", ix);
    assert.equal(decoded.name, want.name, `instruction ${i}`);
    assert.deepEqual(decoded.args, want.args, `${want.name}: arguments`);
    assert.deepEqual(
      ix.accounts.map((a) => a.address),
      want.accounts.map(([, address]) => address),
      `${want.name}: accounts in order`,
    );
    assert.deepEqual(
      Object.keys(decoded.accounts),
      want.accounts.map(([name]) => name),
      `${want.name}: account names in order`,
    );
    want.accounts.forEach(([, address, role]) => merge(address, roleBits(role)));
  });
  // Every key's message-level role is exactly the union of what the reference tables give it.
  for (const ix of program) {
    for (const account of ix.accounts) {
      assert.equal(
        roleText(account.role),
        roleText(roles.get(account.address) as AccountRole),
        `message-level role of ${account.address}`,
      );
    }
  }
  return tx;
}

// ---- the instructions of PROTOCOL-v2 §3.13, as the reference tables list them -------------------------------------

export interface FundsTokenRef {
  mint: string;
  token2022: boolean;
}

/** The reference's expected instructions of one deployment (`programId`). */
export function expected(programId: string) {
  const r = ref(programId);
  const program = (name: string): NamedAccount => [name, programId, ""];
  return {
    initBasket: (owner: string, payer: string): ExpectedProgramInstruction => ({
      name: "init_basket",
      accounts: [
        ["owner", owner, ""],
        ["payer", payer, "SW"],
        ["basket", r.basket(owner), "W"],
        ["systemProgram", SYSTEM_PROGRAM, ""],
      ],
      args: { positionCapacity: 4, orderCapacity: 4, ledgerCapacity: 4, orderItemCapacity: 5 },
    }),
    initDepositLedger: (owner: string, payer: string): ExpectedProgramInstruction => ({
      name: "init_user_deposit_ledger",
      accounts: [
        ["owner", owner, ""],
        ["payer", payer, "SW"],
        ["userDepositLedger", r.ledger(owner), "W"],
        ["systemProgram", SYSTEM_PROGRAM, ""],
      ],
      args: { depositCapacity: 20 },
    }),
    delegateBasket: (owner: string, payer: string): ExpectedProgramInstruction => {
      const basket = r.basket(owner);
      return {
        name: "delegate_basket",
        accounts: [
          ["payer", payer, "SW"],
          ["owner", owner, ""],
          ["bufferBasket", r.buffer(basket), "W"],
          ["delegationRecordBasket", r.delegationRecord(basket), "W"],
          ["delegationMetadataBasket", r.delegationMetadata(basket), "W"],
          ["basket", basket, "W"],
          ["eventAuthority", r.eventAuthority, ""],
          program("program"),
          program("ownerProgram"),
          ["delegationProgram", DELEGATION_PROGRAM, ""],
          ["systemProgram", SYSTEM_PROGRAM, ""],
        ],
        args: {},
      };
    },
    depositDirect: (depositor: string, owner: string, token: FundsTokenRef, amount: bigint) => ({
      name: "deposit_direct",
      accounts: [
        ["depositor", depositor, "SW"],
        ["owner", owner, ""],
        ["perpetuals", r.perpetuals, ""],
        ["depositorTokenAccount", r.ata(depositor, token.mint, token.token2022), "W"],
        ["tokenMint", token.mint, ""],
        ["tradeVault", r.tradeVault(token.mint), "W"],
        ["tradeVaultTokenAccount", r.tradeVaultTokenAccount(token.mint), "W"],
        ["userDepositLedger", r.ledger(owner), "W"],
        ["tokenProgram", r.tokenProgram(token.token2022), ""],
        ["systemProgram", SYSTEM_PROGRAM, ""],
        ["eventAuthority", r.eventAuthority, ""],
        program("program"),
      ] as NamedAccount[],
      args: { amount },
    }),
    withdrawalWithAction: (owner: string, feePayer: string, token: FundsTokenRef, amount: bigint) => {
      const escrow = r.escrow(owner, token.mint);
      return {
        name: "withdrawal_with_action",
        accounts: [
          ["owner", owner, "S"],
          ["feePayer", feePayer, "SW"],
          ["ownerTokenAccount", r.ata(owner, token.mint, token.token2022), "W"],
          ["tokenMint", token.mint, ""],
          ["tradeVault", r.tradeVault(token.mint), ""],
          ["tradeVaultTokenAccount", r.tradeVaultTokenAccount(token.mint), "W"],
          ["transferAuthority", r.transferAuthority, ""],
          ["perpetuals", r.perpetuals, ""],
          ["basket", r.basket(owner), ""],
          ["userDepositLedger", r.ledger(owner), ""],
          ["bufferWithdrawalEscrowReceipt", r.buffer(escrow), "W"],
          ["delegationRecordWithdrawalEscrowReceipt", r.delegationRecord(escrow), "W"],
          ["delegationMetadataWithdrawalEscrowReceipt", r.delegationMetadata(escrow), "W"],
          ["withdrawalEscrowReceipt", escrow, "W"],
          ["tokenProgram", r.tokenProgram(token.token2022), ""],
          ["systemProgram", SYSTEM_PROGRAM, ""],
          ["eventAuthority", r.eventAuthority, ""],
          program("program"),
          program("ownerProgram"),
          ["delegationProgram", DELEGATION_PROGRAM, ""],
        ] as NamedAccount[],
        args: { amount },
      };
    },
    custodySettlementWithAction: (payer: string, pool: string, token: FundsTokenRef) => {
      const custody = r.custody(pool, token.mint);
      const receipt = r.settlementReceipt(custody);
      return {
        name: "custody_settlement_with_action",
        accounts: [
          ["payer", payer, "S"],
          ["pool", pool, ""],
          ["custody", custody, ""],
          ["perpetuals", r.perpetuals, ""],
          ["transferAuthority", r.transferAuthority, ""],
          ["tokenMint", token.mint, ""],
          ["tradeVault", r.tradeVault(token.mint), ""],
          ["tradeVaultTokenAccount", r.tradeVaultTokenAccount(token.mint), "W"],
          ["custodyTokenAccount", r.custodyTokenAccount(pool, token.mint), "W"],
          ["bufferSettlementReceipt", r.buffer(receipt), "W"],
          ["delegationRecordSettlementReceipt", r.delegationRecord(receipt), "W"],
          ["delegationMetadataSettlementReceipt", r.delegationMetadata(receipt), "W"],
          ["settlementReceipt", receipt, "W"],
          ["tokenProgram", r.tokenProgram(token.token2022), ""],
          ["systemProgram", SYSTEM_PROGRAM, ""],
          ["eventAuthority", r.eventAuthority, ""],
          program("program"),
          program("ownerProgram"),
          ["delegationProgram", DELEGATION_PROGRAM, ""],
        ] as NamedAccount[],
        args: {},
      };
    },
    custodySettlementSettle: (payer: string, pool: string, token: FundsTokenRef) => {
      const custody = r.custody(pool, token.mint);
      return {
        name: "custody_settlement_settle",
        accounts: [
          ["payer", payer, "W"],
          ["pool", pool, ""],
          ["custody", custody, ""],
          ["tradeVault", r.tradeVault(token.mint), "W"],
          ["tradeVaultTokenAccount", r.tradeVaultTokenAccount(token.mint), "W"],
          ["custodyTokenAccount", r.custodyTokenAccount(pool, token.mint), "W"],
          ["tokenMint", token.mint, ""],
          ["transferAuthority", r.transferAuthority, ""],
          ["perpetuals", r.perpetuals, ""],
          ["settlementReceipt", r.settlementReceipt(custody), "W"],
          ["tokenProgram", r.tokenProgram(token.token2022), ""],
          ["eventAuthority", r.eventAuthority, ""],
          program("program"),
          ["escrowAuth", payer, ""],
          ["escrow", payer, ""],
        ] as NamedAccount[],
        args: {},
      };
    },
    withdrawalSettle: (owner: string, token: FundsTokenRef) => ({
      name: "withdrawal_settle",
      accounts: [
        ["owner", owner, "W"],
        ["ownerTokenAccount", r.ata(owner, token.mint, token.token2022), "W"],
        ["tokenMint", token.mint, ""],
        ["tradeVault", r.tradeVault(token.mint), "W"],
        ["tradeVaultTokenAccount", r.tradeVaultTokenAccount(token.mint), "W"],
        ["transferAuthority", r.transferAuthority, ""],
        ["perpetuals", r.perpetuals, ""],
        ["withdrawalEscrowReceipt", r.escrow(owner, token.mint), "W"],
        ["userDepositLedger", r.ledger(owner), "W"],
        ["tokenProgram", r.tokenProgram(token.token2022), ""],
        ["eventAuthority", r.eventAuthority, ""],
        program("program"),
        ["escrowAuth", owner, ""],
        ["escrow", owner, ""],
      ] as NamedAccount[],
      args: {},
    }),
  };
}

// ---- instructions of other programs, built by their reference libraries -------------------------------------------

/** `CreateIdempotent` of `wallet`'s token account, paid by `payer`, as @solana/spl-token builds it. */
export function expectCreateAta(payer: string, wallet: string, token: FundsTokenRef): ExpectedExternalInstruction {
  const tokenProgram = token.token2022 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
  const ata = getAssociatedTokenAddressSync(new PublicKey(token.mint), new PublicKey(wallet), true, tokenProgram);
  return {
    external: fromWeb3(
      createAssociatedTokenAccountIdempotentInstruction(
        new PublicKey(payer),
        ata,
        new PublicKey(wallet),
        new PublicKey(token.mint),
        tokenProgram,
      ),
    ),
  };
}

/** A system transfer, as web3.js builds it. */
export function expectTransfer(from: string, to: string, lamports: bigint): ExpectedExternalInstruction {
  return {
    external: fromWeb3(
      SystemProgram.transfer({ fromPubkey: new PublicKey(from), toPubkey: new PublicKey(to), lamports }),
    ),
  };
}

/** Wrapping `lamports` into `wallet`'s wrapped-SOL account: create-idempotent, transfer, sync native. */
export function expectWrapSol(wallet: string, lamports: bigint): ExpectedExternalInstruction[] {
  const ata = getAssociatedTokenAddressSync(NATIVE_MINT_KEY, new PublicKey(wallet), true);
  return [
    expectCreateAta(wallet, wallet, { mint: NATIVE_MINT, token2022: false }),
    expectTransfer(wallet, ata.toBase58(), lamports),
    { external: fromWeb3(createSyncNativeInstruction(ata)) },
  ];
}
