import { parseInstruction } from "../../../helpers/parse-instruction.ts";
import assert from "node:assert/strict";
import {
  CLOSE_POSITION_ER_ACCOUNTS,
  closePositionEr,
  closePositionErInstruction,
} from "../../../../src/protocol/instructions/v2/close-position-er.ts";
import { privilegeAccounts } from "../../../../src/protocol/instructions/v2/privilege.ts";
import { readonly, writable } from "../../../../src/protocol/instructions/instruction.ts";
import { key, PROGRAM_V2 as P } from "../_check.ts";

const tail = { referral: key("referral"), tokenStake: key("tokenStake") };

Deno.test("v2 privilege tail: none for None, else [referral read-only, token stake writable] (PROTOCOL-v2 §3.13)", () => {
  assert.deepEqual(privilegeAccounts("None"), []);
  assert.deepEqual(privilegeAccounts("None", tail), []);
  assert.deepEqual(privilegeAccounts("Stake", tail), [readonly(tail.referral), writable(tail.tokenStake)]);
  assert.deepEqual(privilegeAccounts("Referral", tail), [readonly(tail.referral), writable(tail.tokenStake)]);
});

Deno.test("v2 privilege tail: a privilege without its accounts is refused (the builder falls back to None)", () => {
  assert.throws(() => privilegeAccounts("Referral"), TypeError);
});

Deno.test("v2 privilege tail rides after the table and parses back as remaining accounts", () => {
  const accounts = {
    owner: key("owner"),
    signer: key("owner"),
    basket: key("basket"),
    pool: key("pool"),
    market: key("market"),
    targetCustody: key("target"),
    lockCustody: key("lock"),
    dispensingCustody: key("lock"),
    targetOracleAccount: key("targetOracle"),
    lockOracleAccount: key("lockOracle"),
    dispensingOracleAccount: key("lockOracle"),
  };
  const args = { priceWithSlippage: { price: 1n, exponent: -8 }, privilege: "Referral" as const };
  const ix = closePositionErInstruction(P, accounts, args, privilegeAccounts("Referral", tail));
  assert.equal(ix.accounts.length, 17 + 2);
  const parsed = parseInstruction(closePositionEr, CLOSE_POSITION_ER_ACCOUNTS, ix);
  assert.deepEqual(parsed.remaining, [readonly(tail.referral), writable(tail.tokenStake)]);
  assert.equal(parsed.args.privilege, "Referral");
});
