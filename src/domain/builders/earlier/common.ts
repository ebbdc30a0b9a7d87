/**
 * What every earlier-interface builder shares (PROTOCOL-v1 §8.0): which address fills which named slot of a market,
 * a custody or a position, the privilege argument and its remaining accounts, and the build every domain builder
 * returns (the handler turns it into a base-chain transaction with `buildTransaction`).
 *
 * Slot values: custodies, their vaults and oracles are read from the custody accounts (`oracle.int_oracle_account`,
 * `token_account`: what the program checks them against; the SDK's default `useExtOracleAccount = false` uses the
 * internal oracle too); positions and orders are the PDAs of (owner, market); token programs follow the
 * configuration's `isToken2022`. Account order lives in the instruction files only.
 */
import type { PoolConfig, TokenConfig } from "../../../config/pool-config.ts";
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from "../../../protocol/constants.ts";
import type { Privilege as InstructionPrivilege } from "../../../protocol/instructions/common.ts";
import type { AccountMeta, Instruction } from "../../../protocol/instructions/instruction.ts";
import { privilegeAccounts } from "../../../protocol/instructions/earlier/privilege.ts";
import * as pda from "../../../protocol/pda.ts";
import { slippagePercentToBps } from "../../math/spread.ts";
import type { OraclePrice } from "../../math/types.ts";
import type { PrivilegeGrant } from "../../quotes/privilege.ts";
import { fail } from "../../quotes/result.ts";
import type { CustodyContext, DeploymentSnapshot, MarketContext } from "../../views/context.ts";

/**
 * A domain builder's result: the program instructions (no compute budget: the envelope adds it), who pays and signs,
 * and the lookup tables worth trying (the pool's; earlier-interface transactions go to the base chain, DECISIONS 5.3).
 */
export interface EarlierBuild {
  feePayer: string;
  instructions: Instruction[];
  lookupTableAddresses: readonly string[];
}

export function tokenProgramOf(token: Pick<TokenConfig, "isToken2022">): string {
  return token.isToken2022 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
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
    tokenProgram: tokenProgramOf(c.token),
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

/** The lookup tables of the pool a transaction trades in. */
export function poolLookupTables(pool: Pick<PoolConfig, "addressLookupTableAddresses">): readonly string[] {
  return pool.addressLookupTableAddresses;
}

/** An unset price argument (limit-order TP/SL): price 0 at the market's exponent. */
export function unsetPrice(exponent: number): OraclePrice {
  return { price: 0n, exponent };
}

/**
 * `slippagePercentage` ("0.5" = 0.5 %, the schema bounds it to 0..100) in basis points; the contract's default is
 * "0.5".
 */
export function slippageBps(slippagePercentage: string | undefined): bigint {
  return slippagePercentToBps(slippagePercentage ?? DEFAULT_SLIPPAGE_PERCENT);
}

export const DEFAULT_SLIPPAGE_PERCENT = "0.5";

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
