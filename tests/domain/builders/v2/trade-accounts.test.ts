/** Signers, session tokens and the custody keys of the v2 trading instructions. */
import assert from "node:assert/strict";
import {
  custodyKeys,
  dispensingAccounts,
  receivingAccounts,
  rollupPlan,
  sessionPair,
  signerAccounts,
  tradeSigner,
} from "../../../../src/domain/builders/v2/trade-accounts.ts";
import { ALICE, key, M, MINT } from "../../../helpers/hand-built-deployment.ts";
import { A, custodyOf, failureOf, marketBlock, P, tradingFixture } from "./_helpers.ts";

Deno.test("tradeSigner: the owner alone, or a session key with the token of (program, signer, owner)", () => {
  assert.deepEqual(tradeSigner(P, ALICE, undefined, undefined), { owner: ALICE, signer: ALICE });
  const signer = key("session key");
  const token = A.sessionToken(signer, ALICE); // web3.js derivation under the session-keys program
  assert.deepEqual(tradeSigner(P, ALICE, signer, token), { owner: ALICE, signer, sessionToken: token });
  assert.deepEqual(failureOf(() => tradeSigner(P, ALICE, signer, undefined)), {
    code: "VALIDATION_FAILED",
    err: "body.sessionToken is required together with signer",
    field: "body.sessionToken",
  });
  assert.deepEqual(failureOf(() => tradeSigner(P, ALICE, undefined, token)), {
    code: "VALIDATION_FAILED",
    err: "body.signer is required together with sessionToken",
    field: "body.signer",
  });
  // A token of another owner (or another signer) is not this session's.
  const other = failureOf(() => tradeSigner(P, ALICE, signer, A.sessionToken(signer, key("mallory"))));
  assert.equal(other?.code, "VALIDATION_FAILED");
  assert.equal(other?.field, "body.sessionToken");
  assert.match(other?.err ?? "", new RegExp(`expected ${token}`));
  assert.equal(failureOf(() => tradeSigner(P, ALICE, undefined, undefined)), undefined);
});

Deno.test("sessionPair: both or neither (the preview checks only this); rollupPlan: the signer pays", () => {
  sessionPair(undefined, undefined);
  sessionPair("a", "b");
  assert.equal(failureOf(() => sessionPair("a", undefined))?.field, "body.sessionToken");
  assert.equal(failureOf(() => sessionPair(undefined, "b"))?.field, "body.signer");
  const session = { owner: ALICE, signer: key("session key"), sessionToken: key("token") };
  assert.deepEqual(rollupPlan(session, []), { chain: "er", feePayer: session.signer, instructions: [] });
});

Deno.test("account blocks: prefix, custody oracle = PDA of the mint, receiving and dispensing", () => {
  const w = tradingFixture().snapshot("v2");
  assert.deepEqual(signerAccounts(w, { owner: ALICE, signer: ALICE }), {
    owner: ALICE,
    signer: ALICE,
    sessionToken: undefined,
    basket: A.basket(ALICE),
  });
  const market = w.market(M.v2.solShort)!;
  // The hand-built configuration lists no intOracleAddress: the oracle is the ["oracle_account", mint] PDA.
  assert.deepEqual(custodyKeys(w, market.collateral), custodyOf("Crypto.1", "USDC"));
  assert.equal(custodyKeys(w, market.target).oracle, A.oracle(MINT.SOL));
  const block = marketBlock("Crypto.1", "SOL", "USDC", "short");
  const sol = custodyOf("Crypto.1", "SOL");
  assert.deepEqual(receivingAccounts(w, { owner: ALICE, signer: ALICE }, market, market.target), {
    owner: ALICE,
    signer: ALICE,
    sessionToken: undefined,
    basket: A.basket(ALICE),
    userDepositLedger: A.ledger(ALICE),
    pool: block.pool,
    market: block.market,
    targetCustody: block.target_custody,
    lockCustody: block.lock_custody,
    targetOracleAccount: block.target_oracle_account,
    lockOracleAccount: block.lock_oracle_account,
    receivingCustody: sol.custody,
    receivingOracleAccount: sol.oracle,
  });
  const out = dispensingAccounts(w, { owner: ALICE, signer: ALICE }, market, market.collateral);
  assert.equal(out.dispensingCustody, block.lock_custody);
  assert.equal(out.dispensingOracleAccount, block.lock_oracle_account);
});
