/**
 * The two halves every instruction file declares, the twin of `accounts/common.ts` `defineAccount`:
 *
 * - `defineInstruction(name, discriminatorHex, argsCodec, computeUnits?)`: the data codec, `discriminator ‖
 *   Borsh(args)`. Anchor instructions have an 8-byte discriminator, `sha256("global:<snake_name>")[0..8]`
 *   (PROTOCOL-v2 §3.0); the native programs in `external/` use the same helper with their 1- or 4-byte instruction
 *   tags. A base-chain instruction also states its compute-unit estimate, which every instruction it builds carries
 *   to the envelope (`domain/builders/envelope.ts`): the vendor CLI's per-builder limits for the earlier program
 *   (PROTOCOL-v1 §8.0); the v2 base-chain instructions have no published figure (PROTOCOL-v2 §8.1), so they get
 *   generous values from what they do (account creations, token transfers, delegation CPIs). ER instructions state
 *   none: an ER transaction always asks for 1 400 000.
 * - `accountTable(name, { account: role | [role, fill] })`: the ordered account slots (name, role, and how to fill
 *   the slot when the caller leaves it out). The account order of an instruction lives in exactly one place, its
 *   table, and so does each account's name and doc: the accounts type is derived from it (`AccountsOf`).
 *
 * The inverse of building, reading an instruction back, is the tests' (`tests/helpers/parse-instruction.ts`).
 */
import { BorshReader, BorshWriter, type Codec, CodecError } from "../codec/mod.ts";
import { type AccountMeta, accountMeta, type AccountRole, createInstruction, type Instruction } from "./instruction.ts";
import { fromHex, hex } from "../codec/bytes.ts";

/** Data codec of one program instruction. */
export interface InstructionCodec<A> {
  /** The program's (snake_case) instruction name, e.g. `open_position_er`. */
  readonly name: string;
  readonly discriminator: Uint8Array;
  readonly discriminatorHex: string;
  readonly args: Codec<A>;
  /** Total data size (discriminator included) when the arguments have a fixed size. */
  readonly dataSize: number | undefined;
  /** Compute-unit estimate of a base-chain instruction (undefined for ER and native instructions). */
  readonly computeUnits: number | undefined;
  /** `discriminator ‖ Borsh(args)`. Throws `CodecError` (with the field path) on an out-of-range value. */
  encode(args: A): Uint8Array;
  /** Checks the discriminator, decodes the arguments and rejects trailing bytes. Throws `CodecError`. */
  decode(data: Uint8Array): A;
  /** Whether `data` starts with this instruction's discriminator. */
  matches(data: Uint8Array): boolean;
  /** A frozen instruction of `programAddress` with these account metas, the encoded arguments and `computeUnits`. */
  instruction(programAddress: string, accounts: readonly AccountMeta[], args: A): Instruction;
}

/** Grows to the largest instruction data once; encoding never nests (a codec writes fields, never an instruction). */
const scratch = new BorshWriter(1_232);

export function defineInstruction<A>(
  name: string,
  discriminatorHex: string,
  args: Codec<A>,
  computeUnits?: number,
): InstructionCodec<A> {
  // Lowercase whole bytes only: the constants are compared as text with the reference's hex.
  if (!/^(?:[0-9a-f]{2})+$/.test(discriminatorHex)) {
    throw new Error(`invalid discriminator hex "${discriminatorHex}" (lowercase, whole bytes)`);
  }
  const disc = fromHex(discriminatorHex);
  const matches = (data: Uint8Array) => data.length >= disc.length && disc.every((b, i) => data[i] === b);
  const encode = (value: A) => {
    // One scratch writer for every instruction: the only allocation per encode is the exactly-sized view (arena).
    const w = scratch;
    w.reset();
    w.raw(disc);
    try {
      args.write(w, value);
    } catch (e) {
      throw e instanceof CodecError ? e.within(name) : e;
    }
    return w.toArenaBytes();
  };
  return Object.freeze({
    name,
    discriminator: disc,
    discriminatorHex,
    args,
    dataSize: args.size === undefined ? undefined : disc.length + args.size,
    computeUnits,
    encode,
    decode(data: Uint8Array): A {
      if (!matches(data)) {
        throw new CodecError(
          `${name}: discriminator mismatch (expected ${discriminatorHex}, got ${hex(data.subarray(0, disc.length))})`,
        );
      }
      const r = new BorshReader(data, disc.length);
      let value: A;
      try {
        value = args.read(r);
      } catch (e) {
        throw e instanceof CodecError ? e.within(name) : e;
      }
      if (r.remaining !== 0) throw new CodecError(`${name}: ${r.remaining} trailing byte(s) after the arguments`);
      return value;
    },
    matches,
    instruction(programAddress: string, accounts: readonly AccountMeta[], value: A): Instruction {
      return createInstruction(programAddress, accounts, encode(value), computeUnits);
    },
  });
}

/**
 * How a slot is filled when the caller leaves its account out: `"optional"` is an Anchor optional account, passed as
 * the program id itself when absent (PROTOCOL-v2 §1, "Optional-account convention"; the v2 program's only one is the
 * trading instructions' `session_token`); a function computes a fixed address from the program id (the program
 * itself, a sysvar, a singleton PDA such as `event_authority`).
 */
export type SlotFill = "optional" | ((programId: string) => string);

/** One account slot: the camelCase name of the program's account, its role, and an optional fill rule. */
export type AccountSlot<Acc> = readonly [name: keyof Acc & string, role: AccountRole, fill?: SlotFill];

/** How a table declares one slot: its role, or its role and how to fill it when the caller leaves it out. */
export type SlotSpec = AccountRole | readonly [role: AccountRole, fill: SlotFill];

/**
 * The accounts a table of `Specs` takes, one base58 address per slot: a slot with a fill rule may be left out. Each
 * account keeps the doc comment written on its table entry.
 */
export type SlotAccounts<Specs> =
  & { -readonly [K in keyof Specs as Specs[K] extends readonly unknown[] ? never : K]: string }
  & { -readonly [K in keyof Specs as Specs[K] extends readonly unknown[] ? K : never]?: string };

/** The accounts an instruction's table takes (`type XAccounts = AccountsOf<typeof X_ACCOUNTS>`). */
export type AccountsOf<Table> = Table extends AccountTable<infer Acc> ? Acc : never;

/** The ordered account slots of one instruction. `Acc` names every account, in table order. */
export interface AccountTable<Acc> {
  readonly instruction: string;
  readonly slots: readonly AccountSlot<Acc>[];
  /** The account metas in slot order. Throws `TypeError` when an account without a fill rule is missing. */
  metas(programId: string, accounts: Acc): AccountMeta[];
}

/**
 * The table of `instruction` from its slots in program order (object keys keep their insertion order), each named
 * once: the accounts type is derived from it (`AccountsOf`), so a slot's doc comment is the account's.
 */
export function accountTable<const Specs extends Readonly<Record<string, SlotSpec>>>(
  instruction: string,
  specs: Specs,
): AccountTable<SlotAccounts<Specs>> {
  type Acc = SlotAccounts<Specs>;
  // An integer-like key would be enumerated first, out of program order; account names are camelCase identifiers.
  const badName = Object.keys(specs).find((name) => !/^[A-Za-z_]\w*$/.test(name));
  if (badName !== undefined) throw new Error(`${instruction}: account slot name "${badName}" is not an identifier`);
  const slots: AccountSlot<Acc>[] = Object.entries(specs).map(([name, spec]: [string, SlotSpec]) =>
    typeof spec === "number" ? [name as keyof Acc & string, spec] : [name as keyof Acc & string, spec[0], spec[1]]
  );
  return Object.freeze({
    instruction,
    slots,
    metas(programId: string, accounts: Acc): AccountMeta[] {
      const given = accounts as unknown as Record<string, string | undefined>;
      return slots.map(([name, role, fill]) => {
        let address = given[name];
        if (address === undefined) {
          if (fill === undefined) throw new TypeError(`${instruction}: account "${name}" is required`);
          address = fill === "optional" ? programId : fill(programId);
        }
        if (typeof address !== "string") throw new TypeError(`${instruction}: account "${name}" must be base58 text`);
        return accountMeta(address, role);
      });
    },
  });
}
