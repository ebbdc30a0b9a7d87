import assert from "node:assert/strict";
import {
  accountMeta,
  AccountRole,
  createInstruction,
  readonly,
  readonlySigner,
  writable,
  writableSigner,
} from "../../../src/protocol/instructions/instruction.ts";
import { isSignerRole, isWritableRole, mergeRoles, roleIncludes, roleOf, roleText } from "../../helpers/roles.ts";
import { optionalAccount, presentOptionalAccount } from "../../helpers/parse-instruction.ts";
import { key, PROGRAM_V2 } from "./_check.ts";

Deno.test("AccountRole: signer is bit 0b10, writable bit 0b01 (kit's encoding)", () => {
  assert.deepEqual(AccountRole, { READONLY: 0, WRITABLE: 1, READONLY_SIGNER: 2, WRITABLE_SIGNER: 3 });
  const table: [number, boolean, boolean, string][] = [
    [AccountRole.READONLY, false, false, ""],
    [AccountRole.WRITABLE, false, true, "W"],
    [AccountRole.READONLY_SIGNER, true, false, "S"],
    [AccountRole.WRITABLE_SIGNER, true, true, "SW"],
  ];
  for (const [role, signer, isWritable, text] of table) {
    const r = role as AccountRole;
    assert.equal(isSignerRole(r), signer);
    assert.equal(isWritableRole(r), isWritable);
    assert.equal(roleText(r), text);
    assert.equal(roleOf({ isSigner: signer, isWritable }), role);
  }
});

Deno.test("mergeRoles is the union of privileges; roleIncludes compares privileges", () => {
  const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS, WRITABLE_SIGNER: WS } = AccountRole;
  assert.equal(mergeRoles(R, R), R);
  assert.equal(mergeRoles(W, RS), WS);
  assert.equal(mergeRoles(RS, R), RS);
  assert.ok(roleIncludes(WS, RS) && roleIncludes(WS, W) && roleIncludes(W, R));
  assert.ok(!roleIncludes(W, RS) && !roleIncludes(RS, W) && !roleIncludes(R, W));
});

Deno.test("meta helpers give frozen metas with their role", () => {
  const a = key("a");
  assert.deepEqual(readonly(a), { address: a, role: AccountRole.READONLY });
  assert.deepEqual(writable(a), { address: a, role: AccountRole.WRITABLE });
  assert.deepEqual(readonlySigner(a), { address: a, role: AccountRole.READONLY_SIGNER });
  assert.deepEqual(writableSigner(a), { address: a, role: AccountRole.WRITABLE_SIGNER });
  assert.ok(Object.isFrozen(accountMeta(a, AccountRole.WRITABLE)));
});

Deno.test("createInstruction copies and freezes the account list", () => {
  const metas = [writable(key("a"))];
  const ix = createInstruction(PROGRAM_V2, metas, Uint8Array.of(1, 2));
  metas.push(readonly(key("b")));
  assert.equal(ix.accounts.length, 1);
  assert.ok(Object.isFrozen(ix) && Object.isFrozen(ix.accounts) && Object.isFrozen(ix.accounts[0]));
  assert.throws(() => (ix.accounts as unknown as unknown[]).push(1), TypeError);
});

Deno.test("optional accounts: absent is the program id itself (PROTOCOL-v2 §1), and back", () => {
  const session = key("session");
  assert.equal(optionalAccount(undefined, PROGRAM_V2), PROGRAM_V2);
  assert.equal(optionalAccount(session, PROGRAM_V2), session);
  assert.equal(presentOptionalAccount(PROGRAM_V2, PROGRAM_V2), undefined);
  assert.equal(presentOptionalAccount(session, PROGRAM_V2), session);
});

Deno.test("accountMeta shares one frozen meta per address and role", () => {
  const address = "SysvarRent111111111111111111111111111111111";
  const w = accountMeta(address, AccountRole.WRITABLE);
  assert.equal(accountMeta(address, AccountRole.WRITABLE), w, "a hit is the same object");
  assert.ok(Object.isFrozen(w));
  for (const role of [AccountRole.READONLY, AccountRole.READONLY_SIGNER, AccountRole.WRITABLE_SIGNER]) {
    const m = accountMeta(address, role);
    assert.notEqual(m, w);
    assert.deepEqual(m, { address, role });
  }
  assert.deepEqual(accountMeta("other", AccountRole.WRITABLE), { address: "other", role: AccountRole.WRITABLE });
});
