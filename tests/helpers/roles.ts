/**
 * Predicates and notation over `AccountRole`'s two bit flags, signer (0b10) and writable (0b01), for the tests that
 * read roles back out of built and decoded transactions (the service only builds roles, `instruction.ts`).
 */
import type { AccountRole } from "../../src/protocol/instructions/instruction.ts";

const SIGNER_BIT = 0b10;
const WRITABLE_BIT = 0b01;

export function isSignerRole(role: AccountRole): boolean {
  return (role & SIGNER_BIT) !== 0;
}
export function isWritableRole(role: AccountRole): boolean {
  return (role & WRITABLE_BIT) !== 0;
}
/** The role a key gets when it appears in several slots: the union of the privileges. */
export function mergeRoles(a: AccountRole, b: AccountRole): AccountRole {
  return (a | b) as AccountRole;
}
/** Whether `actual` grants at least the privileges of `required` (a compiled message may only add privileges). */
export function roleIncludes(actual: AccountRole, required: AccountRole): boolean {
  return (actual & required) === required;
}
export function roleOf(flags: { isSigner: boolean; isWritable: boolean }): AccountRole {
  return ((flags.isSigner ? SIGNER_BIT : 0) | (flags.isWritable ? WRITABLE_BIT : 0)) as AccountRole;
}
/** `"S"`, `"W"`, `"SW"` or `""`: the notation of the reference's account tables (for messages and test names). */
export function roleText(role: AccountRole): string {
  return (isSignerRole(role) ? "S" : "") + (isWritableRole(role) ? "W" : "");
}
