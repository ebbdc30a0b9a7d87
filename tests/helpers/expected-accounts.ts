/**
 * Every address a built transaction should hold, derived here independently of the code under test: program ids
 * written out, PDAs with web3.js `PublicKey.findProgramAddressSync` from the seeds of PROTOCOL-v1 §2 / PROTOCOL-v2 §1
 * (never with `src/protocol/pda.ts`), associated token accounts with @solana/spl-token `getAssociatedTokenAddressSync`.
 * Shared by the builder tests of both interfaces (domain, HTTP, lifecycle).
 */
import { PublicKey } from "@solana/web3.js";
import { getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from "@solana/spl-token";

export const SYSTEM_PROGRAM = "11111111111111111111111111111111";
export const SYSVAR_INSTRUCTIONS = "Sysvar1nstructions1111111111111111111111111";
export const COMPUTE_BUDGET_PROGRAM = "ComputeBudget111111111111111111111111111111";
export const ATA_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";
export const TOKEN = TOKEN_PROGRAM_ID.toBase58();
export const TOKEN_2022 = TOKEN_2022_PROGRAM_ID.toBase58();
export const DELEGATION_PROGRAM = "DELeGGvXpWV2fqJUhqcF5ZSYMS4JTLjteaAMARRSaeSh";
export const SESSION_KEYS_PROGRAM = "KeyspM2ssCJbqUhQ4k7sveSiY4WjnYsrXkC8oDbwde5";
export const NATIVE_MINT = "So11111111111111111111111111111111111111112";
/** The earlier program's staking token. */
export const FAF = "FAFxVxnkzZHMCodkWyoccgUNgVScqMw2mhhQBYDFjFAF";

const enc = new TextEncoder();
const bytes = (key: string) => new PublicKey(key).toBytes();

/** A PDA of `programId` from seeds: text, a key written `@<base58>`, or raw bytes. */
export function derive(programId: string, ...seeds: (string | Uint8Array)[]): string {
  const raw = seeds.map((s) => (typeof s === "string" ? (s.startsWith("@") ? bytes(s.slice(1)) : enc.encode(s)) : s));
  return PublicKey.findProgramAddressSync(raw, new PublicKey(programId))[0].toBase58();
}

/** The token program of a mint: Token-2022 or the legacy one. */
export function tokenProgram(token2022 = false): string {
  return token2022 ? TOKEN_2022 : TOKEN;
}

/** A wallet's associated token account (spl-token's derivation, off-curve owners allowed). */
export function ata(wallet: string, mint: string, token2022 = false): string {
  const program = token2022 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
  return getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(wallet), true, program).toBase58();
}

type Side = "long" | "short" | "Long" | "Short";

/**
 * The addresses of one deployment of the perpetuals program, earlier or v2 (both derive the shared accounts from the
 * same seeds): global accounts, pools, custodies, oracles, markets; the earlier program's positions, orders, stakes
 * and referrals; the v2 program's baskets, ledgers, vaults, receipts, delegation siblings and session tokens.
 */
export function programAddresses(programId: string) {
  return {
    perpetuals: derive(programId, "perpetuals"),
    transferAuthority: derive(programId, "transfer_authority"),
    eventAuthority: derive(programId, "__event_authority"),
    pool: (name: string) => derive(programId, "pool", name),
    custody: (pool: string, mint: string) => derive(programId, "custody", `@${pool}`, `@${mint}`),
    custodyTokenAccount: (pool: string, mint: string) =>
      derive(programId, "custody_token_account", `@${pool}`, `@${mint}`),
    oracle: (mint: string) => derive(programId, "oracle_account", `@${mint}`),
    market: (target: string, collateral: string, side: Side) =>
      derive(programId, "market", `@${target}`, `@${collateral}`, Uint8Array.of(side.toLowerCase() === "long" ? 1 : 2)),
    // The earlier program.
    position: (owner: string, market: string) => derive(programId, "position", `@${owner}`, `@${market}`),
    order: (owner: string, market: string) => derive(programId, "order", `@${owner}`, `@${market}`),
    tokenStake: (owner: string) => derive(programId, "token_stake", `@${owner}`),
    referral: (owner: string) => derive(programId, "referral", `@${owner}`),
    whitelist: (owner: string) => derive(programId, "whitelist", `@${owner}`),
    tokenVault: derive(programId, "token_vault"),
    tokenVaultTokenAccount: derive(programId, "token_vault_token_account"),
    // The v2 program.
    reallocVault: derive(programId, "realloc_vault"),
    basket: (owner: string) => derive(programId, "basket", `@${owner}`),
    ledger: (owner: string) => derive(programId, "user_deposit_ledger", `@${owner}`),
    tradeVault: (mint: string) => derive(programId, "trade_vault", `@${mint}`),
    tradeVaultTokenAccount: (mint: string) => derive(programId, "trade_vault_token_account", `@${mint}`),
    escrow: (owner: string, mint: string) => derive(programId, "withdrawal_escrow_receipt", `@${owner}`, `@${mint}`),
    settlementReceipt: (custody: string) => derive(programId, "custody_settlement_receipt", `@${custody}`),
    /** The delegation siblings of a delegated account (ORACLE-AND-CHAIN §2.1). */
    buffer: (delegated: string) => derive(programId, "buffer", `@${delegated}`),
    delegationRecord: (delegated: string) => derive(DELEGATION_PROGRAM, "delegation", `@${delegated}`),
    delegationMetadata: (delegated: string) => derive(DELEGATION_PROGRAM, "delegation-metadata", `@${delegated}`),
    sessionToken: (signer: string, owner: string) =>
      derive(SESSION_KEYS_PROGRAM, "session_token_v2", `@${programId}`, `@${signer}`, `@${owner}`),
  };
}

export type ProgramAddresses = ReturnType<typeof programAddresses>;
