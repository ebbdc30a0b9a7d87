/**
 * Every instruction encoder against instructions the vendor's SDKs built (`instruction-vectors.jsonl`, written by
 * `generate-instruction-vectors.mjs` under Node): flash-sdk 15.17.2 for the earlier program, flash-sdk-v2 e137e8d for v2.
 * Each vector holds the SDK's instruction (program id, keys with flags, data) and the accounts it used, named by the
 * IDL. The test rebuilds the instruction from the named accounts, leaving out every account this project fills by
 * itself (program id, sysvars, singleton PDAs, the absent session token), and compares byte for byte.
 */
import assert from "node:assert/strict";
import type { Schema } from "../../../src/protocol/codec/mod.ts";
import type { Privilege } from "../../../src/protocol/instructions/common.ts";
import { privilegeAccounts as earlierPrivilegeAccounts } from "../../../src/protocol/instructions/earlier/privilege.ts";
import { swapRemainingAccounts } from "../../../src/protocol/instructions/earlier/swap.ts";
import { type AccountMeta } from "../../../src/protocol/instructions/instruction.ts";
import { isSignerRole, isWritableRole } from "../../helpers/roles.ts";
import { privilegeAccounts as v2PrivilegeAccounts } from "../../../src/protocol/instructions/v2/privilege.ts";
import { CATALOG, catalogEntry, decodeProgramInstruction, hex } from "../../helpers/instructions.ts";

interface Vector {
  kind: "instruction";
  program: "v2" | "earlier";
  name: string;
  scenario: { text: string };
  programId: string;
  args: Record<string, unknown>;
  accounts: Record<string, string>;
  keys: [string, boolean, boolean][];
  remaining: number;
  data: string;
  privilegeAccounts?: { referral: string; tokenStake: string };
  swapPool?: { custodies: string[]; oracles: string[] };
}

const lines = (await Deno.readTextFile(new URL("./instruction-vectors.jsonl", import.meta.url))).trim().split("\n");
const meta = JSON.parse(lines[0]);
const vectors: Vector[] = lines.slice(1).map((l) => JSON.parse(l));

/** The SDK's JSON arguments (u64 as decimal strings) as this project's values, guided by the codec's schema. */
function revive(schema: Schema, value: unknown): unknown {
  switch (schema.type) {
    case "u64":
    case "i64":
    case "u128":
    case "i128":
      return BigInt(value as string);
    case "struct":
      return Object.fromEntries(
        schema.fields.map(([k, s]) => [k, revive(s, (value as Record<string, unknown>)[k])]),
      );
    default:
      return value;
  }
}

function remainingOf(v: Vector, args: Record<string, unknown>): AccountMeta[] {
  if (v.swapPool) return swapRemainingAccounts(v.swapPool);
  if (v.privilegeAccounts) {
    const helper = v.program === "v2" ? v2PrivilegeAccounts : earlierPrivilegeAccounts;
    return helper(args.privilege as Privilege, v.privilegeAccounts);
  }
  return [];
}

Deno.test("the vectors come from the pinned SDKs and cover every instruction", () => {
  assert.equal(meta.earlier, "flash-sdk@15.17.2");
  assert.equal(meta.v2, "flash-trade/flash-sdk-v2@e137e8d");
  for (const e of CATALOG) {
    assert.ok(
      vectors.some((v) => v.program === e.program && v.name === e.codec.name),
      `${e.program} ${e.codec.name} has an SDK vector`,
    );
  }
});

for (const v of vectors) {
  Deno.test(`SDK vector ${v.program} ${v.name}: ${v.scenario.text}`, () => {
    const entry = catalogEntry(v.program, v.name);
    const args = revive(entry.codec.args.schema, v.args) as Record<string, unknown>;
    assert.deepEqual(entry.codec.decode(Uint8Array.from(v.data.match(/../g)!.map((h) => parseInt(h, 16)))), args);

    // Give only what a builder must give: filled slots are left out, and so is an absent optional account.
    const given: Record<string, string> = {};
    for (const [name, , fill] of entry.accounts.slots) {
      const address = v.accounts[name];
      assert.ok(address !== undefined, `the vector names account ${name}`);
      if (fill === undefined) given[name] = address;
      else if (fill === "optional" && address !== v.programId) given[name] = address;
    }
    const metas = [...entry.accounts.metas(v.programId, given), ...remainingOf(v, args)];
    const ix = entry.codec.instruction(v.programId, metas, args);

    assert.equal(ix.programAddress, v.programId);
    assert.equal(metas.length - entry.accounts.slots.length, v.remaining, "remaining account count");
    assert.deepEqual(
      ix.accounts.map((a) => [a.address, isSignerRole(a.role), isWritableRole(a.role)]),
      v.keys,
      "keys, order and flags",
    );
    assert.equal(hex(ix.data), v.data, "data bytes");
    const decoded = decodeProgramInstruction(v.program, ix);
    assert.equal(decoded.name, v.name);
    assert.deepEqual(decoded.args, args);
  });
}
