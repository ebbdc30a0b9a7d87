/**
 * Program-derived addresses of the perpetuals program (PROTOCOL-v2 §1, PROTOCOL-v1 §2) and of the programs around
 * it (delegation, session keys, associated token accounts). Every helper takes the program id explicitly (there are
 * two deployments), accepts keys as base58 strings or `PublicKey`s and returns base58. Results are memoised in a
 * bounded Map because `findProgramAddressSync` costs up to hundreds of SHA-256 runs and handlers derive the same
 * addresses over and over.
 */
import { PublicKey } from "@solana/web3.js";
import { CodecError, pubkeyBytes } from "./codec/mod.ts";
import { hex } from "./codec/bytes.ts";
import { BoundedMemo, PathMemo } from "./memo.ts";
import type { ConfigSide, TradeSide } from "./vocabulary.ts";
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  DELEGATION_PROGRAM_ID,
  SESSION_KEYS_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from "./constants.ts";

/** A public key as base58 text or a web3.js `PublicKey`. */
export type Address = string | PublicKey;
/** One PDA seed: UTF-8 text or raw bytes (a pubkey seed is its 32 raw bytes). */
export type Seed = string | Uint8Array;

export interface ProgramAddress {
  address: string;
  bump: number;
}

/** Upper bound of memoised derivations, per cache (`findProgramAddress`'s and the named helpers'). */
export const PDA_CACHE_LIMIT = 200_000;
/** `findProgramAddress`'s cache, by a key built from the seeds (bounded; addresses not used lately are dropped first). */
const cache = new BoundedMemo<string, ProgramAddress>(PDA_CACHE_LIMIT);
/** The named helpers' cache, by the path of their seeds' text (emptied when full). */
const byPath = new PathMemo<ProgramAddress>(PDA_CACHE_LIMIT);
const utf8 = new TextEncoder();

function text(a: Address): string {
  return typeof a === "string" ? a : a.toBase58();
}

/** The 32 bytes of a key seed (base58 text decoded once and remembered: `pubkeyBytes`). Only ever read. */
function keyBytes(a: Address): Uint8Array {
  return typeof a === "string" ? pubkeyBytes(a) : a.toBytes();
}

/** Number of cached derivations (for metrics and tests). */
export function pdaCacheSize(): number {
  return cache.size + byPath.size;
}

/** Empties the derivation caches. */
export function clearPdaCache(): void {
  cache.clear();
  byPath.clear();
}

/**
 * `findProgramAddressSync(seeds, programId)` with memoisation. Text seeds are UTF-8 (no length prefix); each seed
 * must be at most 32 bytes.
 */
export function findProgramAddress(programId: Address, seeds: readonly Seed[]): ProgramAddress {
  // The cache key keeps text seeds as text (length-prefixed, so no two seed lists share a key): UTF-8 encoding them
  // on every call cost more than the lookup it served.
  let key = text(programId);
  for (const s of seeds) key += typeof s === "string" ? `|${s.length}:${s}` : `#${hex(s)}`;
  return cache.get(key, () => derive(programId, seeds));
}

/** `findProgramAddressSync` over text (UTF-8) and byte seeds of at most 32 bytes each. */
function derive(programId: Address, seeds: readonly Seed[]): ProgramAddress {
  const raw = seeds.map((s) => (typeof s === "string" ? utf8.encode(s) : s));
  for (const s of raw) {
    if (s.length > 32) throw new CodecError(`PDA seed longer than 32 bytes (${s.length})`);
  }
  const [pk, bump] = PublicKey.findProgramAddressSync(raw, new PublicKey(keyBytes(programId)));
  return { address: pk.toBase58(), bump };
}

/**
 * The PDA of `seeds()` remembered at the path `[programId, name, k1, k2, k3]` (the seeds as text: the helper's name,
 * then each key's base58 or the text naming another seed), else derived and remembered. A hit decodes no key, builds
 * no string and allocates nothing: a builder derives a dozen addresses per request, nearly all of them hits. `name`
 * keeps the paths of different helpers apart.
 */
function derived(
  programId: Address,
  seeds: () => readonly Seed[],
  name: string,
  k1?: string,
  k2?: string,
  k3?: string,
): string {
  const program = text(programId);
  const hit = byPath.find(program, name, k1, k2, k3);
  if (hit !== undefined) return hit.address;
  return byPath.remember(derive(programId, seeds()), program, name, k1, k2, k3).address;
}

/** The PDA of seeds `[name, ...keys]` (a text seed, then each key's 32 bytes; at most three keys). */
function pda(programId: Address, name: string, k1?: Address, k2?: Address, k3?: Address): string {
  const t1 = k1 === undefined ? undefined : text(k1);
  const t2 = k2 === undefined ? undefined : text(k2);
  const t3 = k3 === undefined ? undefined : text(k3);
  const program = text(programId);
  const hit = byPath.find(program, name, t1, t2, t3);
  if (hit !== undefined) return hit.address;
  const keys = [k1, k2, k3].filter((k) => k !== undefined).map(keyBytes);
  return byPath.remember(derive(programId, [name, ...keys]), program, name, t1, t2, t3).address;
}

/** The side byte as a path part of the market PDA's memo. */
const SIDE_TEXT: Record<number, string> = { 1: "long", 2: "short" };

// Shared by every call (a seed is only read); an array of its own would cost more than the cached derivation.
const LONG_SEED = Uint8Array.of(1);
const SHORT_SEED = Uint8Array.of(2);

/** Side argument of the market PDA: the enum's variant name or the pool configuration's spelling. */
function sideByte(side: TradeSide | ConfigSide): Uint8Array {
  switch (side) {
    case "Long":
    case "long":
      return LONG_SEED;
    case "Short":
    case "short":
      return SHORT_SEED;
    default:
      throw new CodecError(`invalid market side ${JSON.stringify(side)} (expected Long or Short)`);
  }
}

// ---- global singletons --------------------------------------------------------------------------------------------

/** Global config: `["perpetuals"]` (mainnet FLASH6…: `7DWCtB5Z…`). */
export function perpetuals(programId: Address): string {
  return pda(programId, "perpetuals");
}
/** Signs vault → user transfers: `["transfer_authority"]`. */
export function transferAuthority(programId: Address): string {
  return pda(programId, "transfer_authority");
}
/** Admin multisig: `["multisig"]`. */
export function multisig(programId: Address): string {
  return pda(programId, "multisig");
}
/** Anchor event-CPI authority: `["__event_authority"]`. */
export function eventAuthority(programId: Address): string {
  return pda(programId, "__event_authority");
}
/** Lamport vault funding basket reallocs (v2): `["realloc_vault"]`. */
export function reallocVault(programId: Address): string {
  return pda(programId, "realloc_vault");
}
/** FAF token vault: `["token_vault"]`. */
export function tokenVault(programId: Address): string {
  return pda(programId, "token_vault");
}
/** `["token_vault_token_account"]`. */
export function tokenVaultTokenAccount(programId: Address): string {
  return pda(programId, "token_vault_token_account");
}
/** `["rebate_vault"]`. */
export function rebateVault(programId: Address): string {
  return pda(programId, "rebate_vault");
}
/** `["rebate_token_account"]`. */
export function rebateTokenAccount(programId: Address): string {
  return pda(programId, "rebate_token_account");
}
/** `["revenue_token_account"]`. */
export function revenueTokenAccount(programId: Address): string {
  return pda(programId, "revenue_token_account");
}
/** `["protocol_vault"]`. */
export function protocolVault(programId: Address): string {
  return pda(programId, "protocol_vault");
}
/** `["protocol_token_account"]`. */
export function protocolTokenAccount(programId: Address): string {
  return pda(programId, "protocol_token_account");
}

// ---- pools, custodies, markets ------------------------------------------------------------------------------------

/** `["pool", name]` with the name's UTF-8 bytes (e.g. `Crypto.1`). */
export function pool(programId: Address, poolName: string): string {
  return derived(programId, () => ["pool", poolName], "pool", poolName);
}
/** Staked LP (sFLP) mint: `["lp_token_mint", pool]`. */
export function lpTokenMint(programId: Address, pool: Address): string {
  return pda(programId, "lp_token_mint", pool);
}
/** Compounding LP (FLP) mint: `["compounding_token_mint", pool]`. */
export function compoundingTokenMint(programId: Address, pool: Address): string {
  return pda(programId, "compounding_token_mint", pool);
}
/** `["custody", pool, mint]`. */
export function custody(programId: Address, pool: Address, mint: Address): string {
  return pda(programId, "custody", pool, mint);
}
/** Custody vault: `["custody_token_account", pool, mint]`. */
export function custodyTokenAccount(programId: Address, pool: Address, mint: Address): string {
  return pda(programId, "custody_token_account", pool, mint);
}
/** Internal oracle (CustomOracle): `["oracle_account", mint]` — keyed by mint only, shared across pools. */
export function oracleAccount(programId: Address, mint: Address): string {
  return pda(programId, "oracle_account", mint);
}
/** `["market", targetCustody, collateralCustody, [side]]` with side byte Long = 1, Short = 2. */
export function market(
  programId: Address,
  targetCustody: Address,
  collateralCustody: Address,
  side: TradeSide | ConfigSide,
): string {
  const sideSeed = sideByte(side);
  return derived(
    programId,
    () => ["market", keyBytes(targetCustody), keyBytes(collateralCustody), sideSeed],
    "market",
    text(targetCustody),
    text(collateralCustody),
    SIDE_TEXT[sideSeed[0]],
  );
}

// ---- per-user accounts --------------------------------------------------------------------------------------------

/** v2 basket: `["basket", owner]`. */
export function basket(programId: Address, owner: Address): string {
  return pda(programId, "basket", owner);
}
/** v2 deposit ledger: `["user_deposit_ledger", owner]`. */
export function userDepositLedger(programId: Address, owner: Address): string {
  return pda(programId, "user_deposit_ledger", owner);
}
const WITHDRAWAL_ESCROW_RECEIPT = "withdrawal_escrow_receipt";

/** v2 withdrawal escrow (the `receipt` returned by withdraw builders): `["withdrawal_escrow_receipt", owner, mint]`. */
export function withdrawalEscrowReceipt(programId: Address, owner: Address, mint: Address): string {
  return pda(programId, WITHDRAWAL_ESCROW_RECEIPT, owner, mint);
}

/**
 * The withdrawal escrow's seeds without its bump: what the delegation program re-derives it with when it is
 * delegated, and stores in its delegation metadata (`find_program_address` adds the bump itself).
 */
export function withdrawalEscrowReceiptSeeds(owner: Address, mint: Address): Uint8Array[] {
  return [new TextEncoder().encode(WITHDRAWAL_ESCROW_RECEIPT), keyBytes(owner), keyBytes(mint)];
}
/** Standalone position (earlier program; legacy in v2): `["position", owner, market]`. */
export function position(programId: Address, owner: Address, market: Address): string {
  return pda(programId, "position", owner, market);
}
/** Standalone order account (earlier program; legacy in v2): `["order", owner, market]`. */
export function order(programId: Address, owner: Address, market: Address): string {
  return pda(programId, "order", owner, market);
}
/** `["referral", owner]`. */
export function referral(programId: Address, owner: Address): string {
  return pda(programId, "referral", owner);
}
/** FAF stake: `["token_stake", owner]`. */
export function tokenStake(programId: Address, owner: Address): string {
  return pda(programId, "token_stake", owner);
}
/** Fee-exemption record: `["whitelist", owner]`. */
export function whitelist(programId: Address, owner: Address): string {
  return pda(programId, "whitelist", owner);
}

// ---- v2 vaults and receipts ---------------------------------------------------------------------------------------

/** Global per-mint trade vault (not per pool): `["trade_vault", mint]`. */
export function tradeVault(programId: Address, mint: Address): string {
  return pda(programId, "trade_vault", mint);
}
/** `["trade_vault_token_account", mint]`. */
export function tradeVaultTokenAccount(programId: Address, mint: Address): string {
  return pda(programId, "trade_vault_token_account", mint);
}
/** One per custody: `["custody_settlement_receipt", custody]`. */
export function custodySettlementReceipt(programId: Address, custody: Address): string {
  return pda(programId, "custody_settlement_receipt", custody);
}

// ---- delegation (MagicBlock), sessions ----------------------------------------------------------------------------

/** Delegation buffer `["buffer", delegatedPda]` — derived under the account's **owner program** (perpetuals). */
export function delegationBuffer(ownerProgramId: Address, delegatedAccount: Address): string {
  return pda(ownerProgramId, "buffer", delegatedAccount);
}
/** Delegation record `["delegation", delegatedPda]` — under the delegation program. */
export function delegationRecord(
  delegatedAccount: Address,
  delegationProgramId: Address = DELEGATION_PROGRAM_ID,
): string {
  return pda(delegationProgramId, "delegation", delegatedAccount);
}
/** Delegation metadata `["delegation-metadata", delegatedPda]` — under the delegation program. */
export function delegationMetadata(
  delegatedAccount: Address,
  delegationProgramId: Address = DELEGATION_PROGRAM_ID,
): string {
  return pda(delegationProgramId, "delegation-metadata", delegatedAccount);
}
/** Validator fee vault `["magic-fee-vault", validatorIdentity]` — under the delegation program. */
export function magicFeeVault(
  validatorIdentity: Address,
  delegationProgramId: Address = DELEGATION_PROGRAM_ID,
): string {
  return pda(delegationProgramId, "magic-fee-vault", validatorIdentity);
}
/**
 * Gum session token `["session_token_v2", targetProgram, sessionSigner, authority]` — under the session-keys program;
 * `programId` is the perpetuals program the session is for.
 */
export function sessionToken(
  programId: Address,
  sessionSigner: Address,
  authority: Address,
  sessionKeysProgramId: Address = SESSION_KEYS_PROGRAM_ID,
): string {
  return pda(
    sessionKeysProgramId,
    "session_token_v2",
    programId,
    sessionSigner,
    authority,
  );
}

// ---- tokens -------------------------------------------------------------------------------------------------------

/**
 * Associated token account `[owner, tokenProgram, mint]` under the ATA program, with the token program chosen by
 * `token2022`. Off-curve owners (PDAs) are allowed, as the SDK does.
 */
export function associatedTokenAddress(owner: Address, mint: Address, token2022 = false): string {
  const tokenProgram = token2022 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
  // The path's name is no seed here (an ATA's seeds are three keys); it only keeps these paths apart.
  return derived(
    ASSOCIATED_TOKEN_PROGRAM_ID,
    () => [keyBytes(owner), keyBytes(tokenProgram), keyBytes(mint)],
    "associated token account",
    text(owner),
    tokenProgram,
    text(mint),
  );
}
