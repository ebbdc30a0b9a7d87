import assert from "node:assert/strict";
import { BorshReader, BorshWriter, CodecError } from "../../../src/protocol/codec/mod.ts";
import {
  delegationProgram,
  instructionsSysvar,
  magicContext,
  magicProgram,
  noArgs,
  privilege,
  systemProgram,
  theProgram,
} from "../../../src/protocol/instructions/common.ts";
import { PROGRAM_V2 } from "./_check.ts";

Deno.test("Privilege is a 1-byte enum: None 0, Stake 1, Referral 2 (PROTOCOL-v2 §3.0)", () => {
  (["None", "Stake", "Referral"] as const).forEach((v, i) => {
    const w = new BorshWriter();
    privilege.write(w, v);
    assert.deepEqual(w.toBytes(), Uint8Array.of(i));
    assert.equal(privilege.read(new BorshReader(Uint8Array.of(i))), v);
  });
  assert.throws(() => privilege.read(new BorshReader(Uint8Array.of(3))), CodecError);
});

Deno.test("empty params encode to nothing", () => {
  const w = new BorshWriter();
  noArgs.write(w, {});
  assert.equal(w.length, 0);
  assert.equal(noArgs.size, 0);
});

Deno.test("fill rules: the program itself and the well-known program and sysvar ids", () => {
  assert.equal(theProgram(PROGRAM_V2), PROGRAM_V2);
  assert.equal(instructionsSysvar(), "Sysvar1nstructions1111111111111111111111111");
  assert.equal(systemProgram(), "11111111111111111111111111111111");
  assert.equal(delegationProgram(), "DELeGGvXpWV2fqJUhqcF5ZSYMS4JTLjteaAMARRSaeSh");
  assert.equal(magicProgram(), "Magic11111111111111111111111111111111111111");
  assert.equal(magicContext(), "MagicContext1111111111111111111111111111111");
});
