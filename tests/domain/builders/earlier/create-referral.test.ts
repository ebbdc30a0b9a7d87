/** Earlier create-referral builder: the owner's referral PDA pointing at the referrer's token-stake PDA. */
import { createReferralTransaction } from "../../../../src/domain/builders/earlier/create-referral.ts";
import assert from "node:assert/strict";
import { DAVE, EVE, PROGRAM } from "../../../helpers/hand-built-deployment.ts";
import { A, builderFixture } from "../../../helpers/earlier-builder-deployment.ts";
import { SYSTEM_PROGRAM } from "../../../helpers/expected-accounts.ts";
import { assertEarlierInstruction } from "../../../helpers/transaction-checks.ts";

Deno.test("create_referral: owner signs and pays; referral = PDA(owner), stake = PDA(referrer)", () => {
  const { referralAccount, ...build } = createReferralTransaction(builderFixture().snapshot("earlier"), {
    owner: EVE,
    referrer: DAVE,
  });
  assert.equal(referralAccount, A.referral(EVE));
  assert.equal(build.feePayer, EVE);
  assert.equal(build.instructions.length, 1);
  assertEarlierInstruction(build.instructions[0], PROGRAM.earlier, {
    name: "create_referral",
    accounts: {
      owner: EVE,
      feePayer: EVE,
      tokenStakeAccount: A.tokenStake(DAVE),
      referralAccount: A.referral(EVE),
      systemProgram: SYSTEM_PROGRAM,
    },
    args: {},
  });
});
