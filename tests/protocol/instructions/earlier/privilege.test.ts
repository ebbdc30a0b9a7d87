import assert from "node:assert/strict";
import { privilegeAccounts } from "../../../../src/protocol/instructions/earlier/privilege.ts";
import { readonly, writable } from "../../../../src/protocol/instructions/instruction.ts";
import { key } from "../_check.ts";

const tail = { referral: key("referral"), tokenStake: key("tokenStake") };

Deno.test("earlier privilege tail (PROTOCOL-v1 §5.14): none for None; referral writable unless Stake", () => {
  assert.deepEqual(privilegeAccounts("None", tail), []);
  assert.deepEqual(privilegeAccounts("Stake", tail), [readonly(tail.referral), writable(tail.tokenStake)]);
  assert.deepEqual(privilegeAccounts("Referral", tail), [writable(tail.referral), writable(tail.tokenStake)]);
});

Deno.test("earlier privilege tail: a privilege without its accounts is refused", () => {
  assert.throws(() => privilegeAccounts("Stake"), TypeError);
  assert.deepEqual(privilegeAccounts("None"), []);
});
