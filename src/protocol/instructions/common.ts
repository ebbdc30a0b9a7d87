/**
 * Argument types and slot fill rules shared by the perpetuals program's instructions (both program versions).
 */
import { type OraclePrice, oraclePrice } from "../accounts/common.ts";
import { type Codec, enumeration, struct } from "../codec/mod.ts";
import {
  DELEGATION_PROGRAM_ID,
  MAGIC_CONTEXT_ID,
  MAGIC_PROGRAM_ID,
  SYSTEM_PROGRAM_ID,
  SYSVAR_INSTRUCTIONS_ID,
} from "../constants.ts";

export { type OraclePrice, oraclePrice };

/**
 * Fee privilege argument (PROTOCOL-v2 §3.0, PROTOCOL-v1 §1): `None = 0`, `Stake = 1`, `Referral = 2`. A non-None
 * privilege needs the privilege remaining accounts (`v2/privilege.ts`, `earlier/privilege.ts`).
 */
export type Privilege = "None" | "Stake" | "Referral";
export const privilege: Codec<Privilege> = enumeration("Privilege", ["None", "Stake", "Referral"] as const);

/** Arguments of an instruction whose params struct is empty (or that has no params at all: same wire bytes). */
export type NoArgs = Record<string, never>;
export const noArgs: Codec<NoArgs> = struct<NoArgs>("NoArgs", {});

// ---- slot fill rules (see `SlotFill` in define.ts) ----------------------------------------------------------------

/** The `program` slot of Anchor's event CPI (and `owner_program`, `program_id`): the program id itself. */
export const theProgram = (programId: string): string => programId;
export const instructionsSysvar = (): string => SYSVAR_INSTRUCTIONS_ID;
export const systemProgram = (): string => SYSTEM_PROGRAM_ID;
export const delegationProgram = (): string => DELEGATION_PROGRAM_ID;
export const magicProgram = (): string => MAGIC_PROGRAM_ID;
export const magicContext = (): string => MAGIC_CONTEXT_ID;
