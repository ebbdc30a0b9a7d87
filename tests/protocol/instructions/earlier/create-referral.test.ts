import assert from "node:assert/strict";
import {
  CREATE_REFERRAL_ACCOUNTS,
  createReferral,
  createReferralInstruction,
} from "../../../../src/protocol/instructions/earlier/create-referral.ts";
import {
  assertAccounts,
  assertRoundTrip,
  assertSlotNames,
  type ExpectedAccount,
  hex,
  key,
  PROGRAM_EARLIER as P,
} from "../_check.ts";

const accounts = {
  owner: key("owner"),
  feePayer: key("feePayer"),
  tokenStakeAccount: key("tokenStakeAccount"),
  referralAccount: key("referralAccount"),
};

/** PROTOCOL-v1 §8.10, `create_referral`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "SW", accounts.owner],
  ["fee_payer", "SW", accounts.feePayer],
  ["token_stake_account", "", accounts.tokenStakeAccount],
  ["referral_account", "W", accounts.referralAccount],
  ["system_program", "", "11111111111111111111111111111111"],
];

const ARGS = {};

Deno.test("create_referral: data = discriminator ‖ CreateReferralParams, 8 bytes", () => {
  const data = createReferral.encode(ARGS);
  assert.equal(createReferral.discriminatorHex, "3d11f0f5ac429fe8");
  assert.equal(
    hex(data),
    "3d11f0f5ac429fe8", // discriminator
  );
  assert.equal(data.length, 8);
  assert.equal(createReferral.dataSize, 8);
  assert.deepEqual(createReferral.decode(data), ARGS);
});

Deno.test("create_referral: accounts in the order and with the flags of PROTOCOL-v1 §8.10", () => {
  const ix = createReferralInstruction(P, accounts);
  assert.equal(ix.programAddress, P);
  assertSlotNames(CREATE_REFERRAL_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("create_referral: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    createReferral,
    CREATE_REFERRAL_ACCOUNTS,
    createReferralInstruction,
  );
});
