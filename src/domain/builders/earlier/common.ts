/**
 * What every earlier-interface builder shares (PROTOCOL-v1 §8.0): which address fills which named slot of a market,
 * a custody or a position, the privilege argument and its remaining accounts. Every builder returns a base-chain
 * `BaseTransactionPlan` (`../plan.ts`; DECISIONS 5.3) offering its pool's lookup tables.
 *
 * Slot values: custodies, their vaults and oracles are read from the custody accounts (`oracle.int_oracle_account`,
 * `token_account`: what the program checks them against; the SDK's default `useExtOracleAccount = false` uses the
 * internal oracle too); positions and orders are the PDAs of (owner, market); token programs follow the
 * configuration's `isToken2022`. Account order lives in the instruction files only.
 */
import type { PoolConfig } from "../../../config/pool-config.ts";
import type { Privilege as InstructionPrivilege } from "../../../protocol/instructions/common.ts";
import type { AccountMeta, Instruction } from "../../../protocol/instructions/instruction.ts";
import { privilegeAccounts } from "../../../protocol/instructions/earlier/privilege.ts";
import * as pda from "../../../protocol/pda.ts";
import type { OraclePrice } from "../../math/types.ts";
import type { PrivilegeGrant } from "../../quotes/privilege.ts";
import { fail } from "../../quotes/result.ts";
import type { CustodyContext, DeploymentSnapshot, MarketContext } from "../../deployment-snapshot.ts";
import { type BaseTransactionPlan, poolLookupTables } from "../plan.ts";
import { tokenProgramOf } from "../wallet-accounts.ts";

/** What an earlier quote builder gives: the quote's DTO and the plan of the transaction it quoted. */
export interface QuotedPlan<D> {
  dto: D;
  plan: BaseTransactionPlan;
}

/** The plan of a transaction trading in `pool`, paid and signed by `owner` (the pool's lookup tables offered). */
export function poolPlan(
  owner: string,
  pool: Pick<PoolConfig, "addressLookupTableAddresses">,
  instructions: Instruction[],
): BaseTransactionPlan {
  return { chain: "base", feePayer: owner, instructions, lookupTableAddresses: poolLookupTables(pool) };
}

/** The slots of one custody as the instructions name them. */
export interface CustodySlots {
  custody: string;
  oracle: string;
  tokenAccount: string;
  mint: string;
  tokenProgram: string;
}

export function custodySlots(c: CustodyContext): CustodySlots {
  return {
    custody: c.pubkey,
    oracle: c.account.oracle.intOracleAccount,
    tokenAccount: c.account.tokenAccount,
    mint: c.account.mint,
    tokenProgram: tokenProgramOf(c.token.isToken2022),
  };
}

/** A custody the quote named, with its account (COMPUTE_FAILED if it vanished: the quote could not have used it). */
export function requireCustody(snapshot: DeploymentSnapshot, pubkey: string): CustodyContext {
  return snapshot.custody(pubkey) ?? fail("COMPUTE_FAILED", `custody ${pubkey} is not available`);
}

/** The payout side of `close_and_swap` / `remove_collateral_and_swap`: the custody that dispenses `out`. */
export function dispensingSlots(out: CustodyContext) {
  const c = custodySlots(out);
  return {
    dispensingCustody: c.custody,
    dispensingOracleAccount: c.oracle,
    dispensingCustodyTokenAccount: c.tokenAccount,
    receivingTokenProgram: c.tokenProgram,
    receivingMint: c.mint,
  };
}

/** The slots every position instruction of a market shares (target and collateral sides, pool, market). */
export function marketSlots(market: MarketContext) {
  const target = custodySlots(market.target);
  const collateral = custodySlots(market.collateral);
  return {
    pool: market.pool.poolAddress,
    market: market.pubkey,
    targetCustody: target.custody,
    targetOracleAccount: target.oracle,
    collateralCustody: collateral.custody,
    collateralOracleAccount: collateral.oracle,
    collateralCustodyTokenAccount: collateral.tokenAccount,
    collateralMint: collateral.mint,
    collateralTokenProgram: collateral.tokenProgram,
  };
}

/** The owner's position and order PDAs on a market (PROTOCOL-v1 §2). */
export function ownerSlots(snapshot: DeploymentSnapshot, owner: string, market: MarketContext) {
  return {
    owner,
    position: pda.position(snapshot.programId, owner, market.pubkey),
    order: pda.order(snapshot.programId, owner, market.pubkey),
  };
}

const INSTRUCTION_PRIVILEGE: Record<PrivilegeGrant["privilege"], InstructionPrivilege> = {
  NONE: "None",
  STAKE: "Stake",
  REFERRAL: "Referral",
};

/** The privilege argument and remaining accounts of a grant (None without accounts when none were granted). */
export function privilegeArgs(grant: PrivilegeGrant): { privilege: InstructionPrivilege; remaining: AccountMeta[] } {
  if (grant.privilege === "NONE" || grant.accounts === undefined) return { privilege: "None", remaining: [] };
  const privilege = INSTRUCTION_PRIVILEGE[grant.privilege];
  return { privilege, remaining: privilegeAccounts(privilege, grant.accounts) };
}

/** An unset price argument (limit-order TP/SL): price 0 at the market's exponent. */
export function unsetPrice(exponent: number): OraclePrice {
  return { price: 0n, exponent };
}

/**
 * Refuses a request whose `owner` is not the owner of the position it names (POSITION_NOT_FOUND: that owner holds no
 * such position). An unknown position is left to the quote, which reports it.
 */
export function requirePositionOwner(snapshot: DeploymentSnapshot, positionKey: string, owner: string): void {
  const position = snapshot.accounts.get("Position", positionKey);
  if (position && position.owner !== owner) {
    fail("POSITION_NOT_FOUND", `position ${positionKey} is not owned by ${owner}`);
  }
}
