/**
 * The instructions a built transaction should hold, as the references describe them, independently of the code
 * under test (addresses from ./expected-accounts.ts):
 *
 * - the perpetuals program's v2 instructions, transcribed from PROTOCOL-v2 §3.13: the trading instructions' account
 *   tables (`TRADE_TABLES`, filled by `tradeInstruction`) and the setup and funds instructions complete
 *   (`fundsInstructions`);
 * - other programs' instructions as their reference libraries build them (web3.js, @solana/spl-token).
 *
 * The checks that compare built transactions with these are in ./transaction-checks.ts.
 */
import { PublicKey, SystemProgram } from "@solana/web3.js";
import { createAssociatedTokenAccountIdempotentInstruction, createSyncNativeInstruction } from "@solana/spl-token";
import type { Instruction } from "../../src/protocol/instructions/instruction.ts";
import {
  ata,
  DELEGATION_PROGRAM,
  NATIVE_MINT,
  programAddresses,
  SYSTEM_PROGRAM,
  SYSVAR_INSTRUCTIONS,
  tokenProgram,
} from "./expected-accounts.ts";
import { fromWeb3 } from "./instructions.ts";

/** Role notation of the reference tables: "SW" (signer, writable), "S", "W" or "". */
export type RoleText = "SW" | "S" | "W" | "";
/** One account of an instruction: its name in the reference table, its address, its role. */
export type NamedAccount = readonly [name: string, address: string, role: RoleText];

/** A perpetuals-program instruction as the reference describes it. */
export interface ExpectedProgramInstruction {
  name: string;
  /** The table's accounts, in order (names in the reference's snake_case or the decoder's camelCase). */
  accounts: readonly NamedAccount[];
  args: Record<string, unknown>;
  /** The discriminator, when the reference gives it (hex). */
  discriminator?: string;
  /** Accounts after the table (privilege, swap remaining accounts), in order; none when absent. */
  remaining?: readonly (readonly [address: string, role: RoleText])[];
}
/** An instruction of another program, built by its reference library (web3.js / spl-token, via `fromWeb3`). */
export interface ExpectedExternalInstruction {
  external: Instruction;
}
export type ExpectedInstruction = ExpectedProgramInstruction | ExpectedExternalInstruction;

// ---- v2 trading and order instructions ---------------------------------------------------------------------------

/** The reference's account table of an instruction: its discriminator and its accounts in order, with flags. */
interface Table {
  discriminator: string;
  accounts: readonly (readonly [name: string, flags: RoleText])[];
}

const PREFIX = [["owner", ""], ["signer", "S"], ["session_token", ""], ["perpetuals", ""], ["basket", "W"]] as const;
const EVENT_TAIL = [["event_authority", ""], ["program", ""]] as const;
const TAIL = [["realloc_vault", "W"], ...EVENT_TAIL, ["ix_sysvar", ""]] as const;

/** PROTOCOL-v2 §3.13, transcribed: discriminator and ordered accounts of every trading instruction the builders emit. */
export const TRADE_TABLES: Record<string, Table> = {
  open_position_er: {
    discriminator: "3884e4954122a76f",
    accounts: [
      ...PREFIX,
      ["user_deposit_ledger", ""],
      ["pool", "W"],
      ["market", "W"],
      ["target_custody", ""],
      ["lock_custody", "W"],
      ["receiving_custody", "W"],
      ["target_oracle_account", ""],
      ["lock_oracle_account", ""],
      ["receiving_oracle_account", ""],
      ...TAIL,
    ],
  },
  increase_position_size_er: {
    discriminator: "fb389c2168ad84f7",
    accounts: [
      ...PREFIX,
      ["user_deposit_ledger", ""],
      ["market", "W"],
      ["pool", "W"],
      ["target_custody", ""],
      ["receiving_custody", "W"],
      ["lock_custody", "W"],
      ["target_oracle_account", ""],
      ["receiving_oracle_account", ""],
      ["lock_oracle_account", ""],
      ...TAIL,
    ],
  },
  close_position_er: {
    discriminator: "77545c12ee6d1e5c",
    accounts: [
      ...PREFIX,
      ["pool", "W"],
      ["market", "W"],
      ["target_custody", ""],
      ["lock_custody", "W"],
      ["dispensing_custody", "W"],
      ["target_oracle_account", ""],
      ["lock_oracle_account", ""],
      ["dispensing_oracle_account", ""],
      ...TAIL,
    ],
  },
  decrease_position_size_er: {
    discriminator: "561b02f0fe13c652",
    accounts: [
      ...PREFIX,
      ["market", "W"],
      ["pool", "W"],
      ["target_custody", ""],
      ["dispensing_custody", "W"],
      ["lock_custody", "W"],
      ["target_oracle_account", ""],
      ["dispensing_oracle_account", ""],
      ["lock_oracle_account", ""],
      ...TAIL,
    ],
  },
  add_collateral_er: {
    discriminator: "e12d954274a0e45d",
    accounts: [
      ...PREFIX,
      ["user_deposit_ledger", ""],
      ["market", "W"],
      ["pool", ""],
      ["target_custody", ""],
      ["receiving_custody", "W"],
      ["lock_custody", "W"],
      ["target_oracle_account", ""],
      ["receiving_oracle_account", ""],
      ["lock_oracle_account", ""],
      ...TAIL,
    ],
  },
  remove_collateral_er: {
    discriminator: "824690d560fe01e1",
    accounts: [
      ...PREFIX,
      ["market", "W"],
      ["pool", ""],
      ["target_custody", ""],
      ["dispensing_custody", "W"],
      ["lock_custody", "W"],
      ["target_oracle_account", ""],
      ["dispensing_oracle_account", ""],
      ["lock_oracle_account", ""],
      ...TAIL,
    ],
  },
  place_limit_order_er: {
    discriminator: "514bd522743419bf",
    accounts: [
      ...PREFIX,
      ["user_deposit_ledger", ""],
      ["pool", ""],
      ["market", ""],
      ["target_custody", ""],
      ["lock_custody", ""],
      ["reserve_custody", "W"],
      ["receive_custody", ""],
      ["target_oracle_account", ""],
      ["reserve_oracle_account", ""],
      ...TAIL,
    ],
  },
  edit_limit_order_er: {
    discriminator: "2cfeac9a84f97b56",
    accounts: [
      ...PREFIX,
      ["user_deposit_ledger", ""],
      ["pool", ""],
      ["market", ""],
      ["target_custody", ""],
      ["lock_custody", ""],
      ["reserve_custody", "W"],
      ["receive_custody", ""],
      ["target_oracle_account", ""],
      ["reserve_oracle_account", ""],
      ...EVENT_TAIL,
      ["ix_sysvar", ""],
    ],
  },
  cancel_limit_order_er: {
    discriminator: "d63f8c47c82216af",
    accounts: [
      ...PREFIX,
      ["pool", ""],
      ["target_custody", ""],
      ["lock_custody", ""],
      ["reserve_custody", "W"],
      ...EVENT_TAIL,
    ],
  },
  place_trigger_order_er: {
    discriminator: "1296e15d2ab60338",
    accounts: [
      ...PREFIX,
      ["pool", ""],
      ["market", ""],
      ["target_custody", ""],
      ["lock_custody", ""],
      ["receive_custody", ""],
      ["target_oracle_account", ""],
      ["lock_oracle_account", ""],
      ...TAIL,
    ],
  },
  edit_trigger_order_er: {
    discriminator: "d22a7c153dff1801",
    accounts: [
      ...PREFIX,
      ["pool", ""],
      ["market", ""],
      ["target_custody", ""],
      ["lock_custody", ""],
      ["receive_custody", ""],
      ["target_oracle_account", ""],
      ["lock_oracle_account", ""],
      ...EVENT_TAIL,
      ["ix_sysvar", ""],
    ],
  },
  cancel_trigger_order_er: { discriminator: "c8ccc19b74f06d66", accounts: [...PREFIX, ...EVENT_TAIL] },
  cancel_all_trigger_orders_er: { discriminator: "0c58d8ebceacad07", accounts: [...PREFIX, ...EVENT_TAIL] },
};

/** Who signs a trading instruction: the owner alone, or a session key with its token. */
export interface Signing {
  owner: string;
  signer: string;
  sessionToken?: string;
}

/**
 * A v2 trading instruction as the reference describes it: the caller gives the variable accounts by their
 * snake_case names (pool, market, custodies, oracles); the signer prefix and the fixed accounts are derived here.
 */
export function tradeInstruction(
  program: string,
  name: string,
  signing: Signing,
  values: Record<string, string>,
  args: Record<string, unknown>,
): ExpectedProgramInstruction {
  const a = programAddresses(program);
  const fixed: Record<string, string> = {
    owner: signing.owner,
    signer: signing.signer,
    session_token: signing.sessionToken ?? program,
    perpetuals: a.perpetuals,
    basket: a.basket(signing.owner),
    user_deposit_ledger: a.ledger(signing.owner),
    realloc_vault: a.reallocVault,
    event_authority: a.eventAuthority,
    program,
    ix_sysvar: SYSVAR_INSTRUCTIONS,
  };
  const table = TRADE_TABLES[name];
  const accounts = table.accounts.map(([account, role]): NamedAccount => {
    const address = values[account] ?? fixed[account];
    if (address === undefined) throw new Error(`test: no expected address for ${name}.${account}`);
    return [account, address, role];
  });
  return { name, accounts, args, discriminator: table.discriminator };
}

/** A custody of `poolName` and its internal oracle, as the trading instructions name them. */
export function tradeCustody(program: string, poolName: string, mint: string) {
  const a = programAddresses(program);
  return { custody: a.custody(a.pool(poolName), mint), oracle: a.oracle(mint) };
}

/**
 * The custody a trading instruction pays in through (`receiving`: open, increase, add collateral) or out through
 * (`dispensing`: close, decrease, remove collateral), with its oracle, under the table's names.
 */
export function custodyAs(role: "receiving" | "dispensing", program: string, poolName: string, mint: string) {
  const c = tradeCustody(program, poolName, mint);
  return { [`${role}_custody`]: c.custody, [`${role}_oracle_account`]: c.oracle };
}

/**
 * The market block of a trading instruction (snake_case names of PROTOCOL-v2 §3.13): pool, market, target and lock
 * custodies with their oracles, derived from the pool name, the two mints and the side.
 */
export function marketBlock(
  program: string,
  poolName: string,
  targetMint: string,
  lockMint: string,
  side: "long" | "short",
) {
  const a = programAddresses(program);
  const target = tradeCustody(program, poolName, targetMint);
  const lock = tradeCustody(program, poolName, lockMint);
  return {
    pool: a.pool(poolName),
    market: a.market(target.custody, lock.custody, side),
    target_custody: target.custody,
    lock_custody: lock.custody,
    target_oracle_account: target.oracle,
    lock_oracle_account: lock.oracle,
  };
}

// ---- v2 setup and funds instructions -----------------------------------------------------------------------------

export interface FundsTokenRef {
  mint: string;
  token2022: boolean;
}

/** The setup and funds instructions of one v2 deployment (`programId`), as the reference tables give them. */
export function fundsInstructions(programId: string) {
  const r = programAddresses(programId);
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
        ["depositorTokenAccount", ata(depositor, token.mint, token.token2022), "W"],
        ["tokenMint", token.mint, ""],
        ["tradeVault", r.tradeVault(token.mint), "W"],
        ["tradeVaultTokenAccount", r.tradeVaultTokenAccount(token.mint), "W"],
        ["userDepositLedger", r.ledger(owner), "W"],
        ["tokenProgram", tokenProgram(token.token2022), ""],
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
          ["ownerTokenAccount", ata(owner, token.mint, token.token2022), "W"],
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
          ["tokenProgram", tokenProgram(token.token2022), ""],
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
          ["tokenProgram", tokenProgram(token.token2022), ""],
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
          ["tokenProgram", tokenProgram(token.token2022), ""],
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
        ["ownerTokenAccount", ata(owner, token.mint, token.token2022), "W"],
        ["tokenMint", token.mint, ""],
        ["tradeVault", r.tradeVault(token.mint), "W"],
        ["tradeVaultTokenAccount", r.tradeVaultTokenAccount(token.mint), "W"],
        ["transferAuthority", r.transferAuthority, ""],
        ["perpetuals", r.perpetuals, ""],
        ["withdrawalEscrowReceipt", r.escrow(owner, token.mint), "W"],
        ["userDepositLedger", r.ledger(owner), "W"],
        ["tokenProgram", tokenProgram(token.token2022), ""],
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
  return {
    external: fromWeb3(
      createAssociatedTokenAccountIdempotentInstruction(
        new PublicKey(payer),
        new PublicKey(ata(wallet, token.mint, token.token2022)),
        new PublicKey(wallet),
        new PublicKey(token.mint),
        new PublicKey(tokenProgram(token.token2022)),
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
  const wrapped = ata(wallet, NATIVE_MINT);
  return [
    expectCreateAta(wallet, wallet, { mint: NATIVE_MINT, token2022: false }),
    expectTransfer(wallet, wrapped, lamports),
    { external: fromWeb3(createSyncNativeInstruction(new PublicKey(wrapped))) },
  ];
}
