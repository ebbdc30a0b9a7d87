/**
 * What every v2 trading and order instruction shares (PROTOCOL-v2 §3.0): who signs — the owner, or a session key
 * with its session token (DECISIONS 5.13) — the owner's basket and deposit ledger, and a custody as the
 * instructions name it (the custody account and its internal oracle).
 *
 * Session keys: the gum session-keys program keeps one `SessionTokenV2` per (target program, session signer,
 * authority) at the PDA `["session_token_v2", programId, sessionSigner, authority]` (PROTOCOL-v2 §1). The program
 * checks the token it is given against that derivation, so the service checks it too: a token that is not the one
 * of (this deployment's program, `signer`, `owner`) is refused before any transaction is built. Whether the token
 * account exists and is still valid (`valid_until`) is not checked: session tokens are not ingested.
 */
import * as pda from "../../../protocol/pda.ts";
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import { failField } from "../../quotes/result.ts";
import type { CustodyContext, DeploymentSnapshot, MarketContext } from "../../deployment-snapshot.ts";
import type { ErTransactionPlan } from "../plan.ts";

/** Who a trading instruction is for and who signs it. Without a session the owner signs. */
export interface TradeSigner {
  /** The basket owner (never a signer of a trading instruction). */
  owner: string;
  /** Signs and pays: the owner, or the session key. */
  signer: string;
  /** The session key's token; absent without a session (the program id then fills the slot). */
  sessionToken?: string;
}

/**
 * The pair rule of the session fields (DECISIONS 5.13): `signer` and `sessionToken` both or neither, else 400
 * VALIDATION_FAILED naming the one missing. Checked on its own where nothing is signed (open-position preview).
 */
export function sessionPair(signer: string | undefined, sessionToken: string | undefined): void {
  if (signer === undefined && sessionToken !== undefined) {
    failField("VALIDATION_FAILED", "signer", "is required together with sessionToken");
  }
  if (sessionToken === undefined && signer !== undefined) {
    failField("VALIDATION_FAILED", "sessionToken", "is required together with signer");
  }
}

/**
 * The signer of a request: the owner when neither `signer` nor `sessionToken` is given, the session key when both
 * are and the token is the session key's for this owner and program; otherwise a VALIDATION_FAILED refusal naming
 * the field at fault.
 */
export function tradeSigner(
  programId: string,
  owner: string,
  signer: string | undefined,
  sessionToken: string | undefined,
): TradeSigner {
  sessionPair(signer, sessionToken);
  if (signer === undefined || sessionToken === undefined) return { owner, signer: owner };
  const expected = pda.sessionToken(programId, signer, owner);
  if (sessionToken !== expected) {
    failField(
      "VALIDATION_FAILED",
      "sessionToken",
      `is not the session token of signer ${signer} for owner ${owner} (expected ${expected})`,
    );
  }
  return { owner, signer, sessionToken };
}

/** A builder's output: the instructions of one ER transaction, signed and paid by the signer (owner or session key). */
export function rollupPlan(signer: TradeSigner, instructions: Instruction[]): ErTransactionPlan {
  return { chain: "er", feePayer: signer.signer, instructions };
}

/** The account prefix every trading instruction starts with (owner, signer, optional session token, basket). */
export function signerAccounts(snapshot: DeploymentSnapshot, s: TradeSigner) {
  return {
    owner: s.owner,
    signer: s.signer,
    sessionToken: s.sessionToken,
    basket: pda.basket(snapshot.programId, s.owner),
  };
}

/** The owner's deposit ledger (read where funds leave it: open, increase, add collateral, limit orders). */
export function depositLedgerOf(snapshot: DeploymentSnapshot, owner: string): string {
  return pda.userDepositLedger(snapshot.programId, owner);
}

/** A custody as instructions name it: its account and its internal oracle. */
export interface CustodyKeys {
  custody: string;
  oracle: string;
}

/**
 * The custody account and its oracle: the configuration's `intOracleAddress`, or (when the configuration leaves it
 * out) the PDA it always equals, `["oracle_account", mint]` (PROTOCOL-v2 §1, §3.0: the SDK uses the internal oracle).
 */
export function custodyKeys(snapshot: DeploymentSnapshot, c: CustodyContext): CustodyKeys {
  return {
    custody: c.pubkey,
    oracle: c.config.intOracleAddress ?? pda.oracleAccount(snapshot.programId, c.config.mintKey),
  };
}

/**
 * The market block of the position instructions: pool, market, target and lock (the market's collateral) custodies
 * with their oracles. The paying (receiving / reserve) or paid-out (dispensing / receive) custody is the builder's
 * choice and added by it (PROTOCOL-v2 §3.0 "custody roles").
 */
export function marketAccounts(snapshot: DeploymentSnapshot, market: MarketContext) {
  const target = custodyKeys(snapshot, market.target);
  const lock = custodyKeys(snapshot, market.collateral);
  return {
    pool: market.pool.poolAddress,
    market: market.pubkey,
    targetCustody: target.custody,
    lockCustody: lock.custody,
    targetOracleAccount: target.oracle,
    lockOracleAccount: lock.oracle,
  };
}

/**
 * The accounts of an instruction that draws a payment from the owner's deposits (open, increase, add collateral):
 * the signer prefix, the deposit ledger, the market block and the paying token's custody as receiving custody.
 */
export function receivingAccounts(
  snapshot: DeploymentSnapshot,
  signer: TradeSigner,
  market: MarketContext,
  paying: CustodyContext,
) {
  const pay = custodyKeys(snapshot, paying);
  return {
    ...signerAccounts(snapshot, signer),
    userDepositLedger: depositLedgerOf(snapshot, signer.owner),
    ...marketAccounts(snapshot, market),
    receivingCustody: pay.custody,
    receivingOracleAccount: pay.oracle,
  };
}

/**
 * The accounts of an instruction that pays out to the basket (close, decrease, remove collateral): the signer
 * prefix, the market block and the custody paid out of as dispensing custody.
 */
export function dispensingAccounts(
  snapshot: DeploymentSnapshot,
  signer: TradeSigner,
  market: MarketContext,
  dispensing: CustodyContext,
) {
  const out = custodyKeys(snapshot, dispensing);
  return {
    ...signerAccounts(snapshot, signer),
    ...marketAccounts(snapshot, market),
    dispensingCustody: out.custody,
    dispensingOracleAccount: out.oracle,
  };
}
