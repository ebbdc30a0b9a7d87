/**
 * Reading a built instruction back (the inverse of `define.ts`'s building), for the tests that decode what a builder
 * or a transaction holds: `parseInstruction(codec, table, ix)` names its accounts by the table's slots and decodes its
 * arguments with the codec; `readAccounts` is the accounts half.
 */
import { CodecError } from "../../src/protocol/codec/mod.ts";
import type { AccountTable, InstructionCodec } from "../../src/protocol/instructions/define.ts";
import type { AccountMeta, Instruction } from "../../src/protocol/instructions/instruction.ts";
import { roleIncludes, roleText } from "./roles.ts";

/** A decoded instruction: its program, named accounts, remaining accounts (after the table) and arguments. */
export interface ParsedInstruction<Acc, A> {
  readonly programAddress: string;
  readonly accounts: Acc;
  readonly remaining: readonly AccountMeta[];
  readonly args: A;
}

/** Decodes `ix` with the instruction's codec and account table (inverse of building it). Throws `CodecError`. */
export function parseInstruction<Acc, A>(
  codec: InstructionCodec<A>,
  table: AccountTable<Acc>,
  ix: Instruction,
): ParsedInstruction<Acc, A> {
  return {
    programAddress: ix.programAddress,
    accounts: readAccounts(table, ix.programAddress, ix.accounts),
    remaining: ix.accounts.slice(table.slots.length),
    args: codec.decode(ix.data),
  };
}

/**
 * The named accounts of `metas` (slot order; an optional slot holding the program id reads as absent, filled slots
 * read as their actual address). Throws `CodecError` when there are fewer metas than slots or a meta lacks a
 * privilege its slot requires (a compiled message may add privileges, never remove them).
 */
export function readAccounts<Acc>(table: AccountTable<Acc>, programId: string, metas: readonly AccountMeta[]): Acc {
  const { instruction, slots } = table;
  if (metas.length < slots.length) {
    throw new CodecError(`${instruction}: ${metas.length} account(s), expected at least ${slots.length}`);
  }
  const out: Record<string, string> = {};
  slots.forEach(([name, role, fill], i) => {
    const meta = metas[i];
    if (!roleIncludes(meta.role, role)) {
      throw new CodecError(
        `${instruction}: account ${i} (${name}) has role "${roleText(meta.role)}", needs "${roleText(role)}"`,
      );
    }
    const address = fill === "optional" ? presentOptionalAccount(meta.address, programId) : meta.address;
    if (address !== undefined) out[name] = address;
  });
  return out as unknown as Acc;
}

/**
 * The optional-account rule of Anchor (PROTOCOL-v2 §1, "Optional-account convention"): an optional account that is
 * absent is passed as **the program id itself** in its slot. The v2 program's only optional account is the
 * trading instructions' `session_token`.
 */
export function optionalAccount(address: string | undefined, programId: string): string {
  return address ?? programId;
}
/** Inverse of `optionalAccount`: the slot's address, or `undefined` when it holds the program-id sentinel. */
export function presentOptionalAccount(address: string, programId: string): string | undefined {
  return address === programId ? undefined : address;
}
