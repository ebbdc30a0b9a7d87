import assert from "node:assert/strict";
import { requestWithdrawalTransaction } from "../../../../src/domain/builders/v2/request-withdrawal.ts";
import { withdrawTransaction } from "../../../../src/domain/builders/v2/withdraw.ts";
import { key, MINT, PROGRAM } from "../../../helpers/hand-built-deployment.ts";
import { assertRejected, expectPlan, fundsFixture, TOKEN } from "./_funds.ts";
import { programAddresses } from "../../../helpers/expected-accounts.ts";
import { expectCreateAta, expectTransfer, fundsInstructions } from "../../../helpers/expected-instructions.ts";

const x = fundsInstructions(PROGRAM.v2);
const owner = key("owner");
const feePayer = key("fee payer");

function funded() {
  const f = fundsFixture();
  f.putLedger(owner, [{ mint: MINT.SPY, amount: 500_000_000n }]);
  f.putDelegatedBasket(owner);
  f.putTradeVault(MINT.SPY, 500_000_000n);
  return f;
}

Deno.test("request-withdrawal B: the withdrawal request of `withdraw` without a top-up, with its receipt", () => {
  const f = funded();
  const plan = requestWithdrawalTransaction(f.snapshot(), f.chains, {
    owner,
    tokenMint: MINT.SPY,
    amount: "2.5",
    feePayer,
  });
  expectPlan(plan, {
    feePayer: owner,
    signers: [owner, feePayer],
    instructions: [
      expectCreateAta(owner, owner, TOKEN.SPY),
      x.withdrawalWithAction(owner, feePayer, TOKEN.SPY, 250_000_000n),
    ],
  });
  assert.equal(plan.receipt, programAddresses(PROGRAM.v2).escrow(owner, MINT.SPY));
  assert.deepEqual(plan.unmetPreconditions, []);
  const same = withdrawTransaction(f.snapshot(), f.chains, { owner, tokenSymbol: "SPY", amount: "2.5", feePayer });
  assert.deepEqual(plan, same);
});

Deno.test("request-withdrawal A (no feePayer): the one-time fee payer, topped up with what the instruction spends", () => {
  const f = funded();
  const oneTime = key("one-time fee payer");
  const escrow = programAddresses(PROGRAM.v2).escrow(owner, MINT.SPY);
  // Escrow 104, its delegation buffer 104 (returned inside the instruction), record 96, metadata 154 bytes, each
  // at (128 + size) × 6960 lamports (the e2e test spells the sizes out).
  const [escrowRent, bufferRent, recordRent, metadataRent] = [104, 104, 96, 154].map((size) =>
    BigInt(128 + size) * 6960n
  );
  for (const includeCustodySettlement of [undefined, true, false]) {
    const plan = requestWithdrawalTransaction(
      f.snapshot(),
      f.chains,
      { owner, tokenMint: MINT.SPY, amount: "1", includeCustodySettlement },
      oneTime,
    );
    expectPlan(plan, {
      feePayer: owner,
      signers: [owner, oneTime],
      instructions: [
        expectTransfer(owner, oneTime, escrowRent + bufferRent + recordRent + metadataRent),
        expectCreateAta(owner, owner, TOKEN.SPY),
        x.withdrawalWithAction(owner, oneTime, TOKEN.SPY, 100_000_000n),
        expectTransfer(oneTime, owner, bufferRent),
      ],
    });
    assert.equal(plan.receipt, escrow);
  }
  assert.throws(() =>
    requestWithdrawalTransaction(f.snapshot(), f.chains, { owner, tokenMint: MINT.SPY, amount: "1" })
  );
});

Deno.test("request-withdrawal: the token and amount are checked first, then the fee payer", () => {
  const f = funded();
  assertRejected(
    () => requestWithdrawalTransaction(f.snapshot(), f.chains, { owner, tokenMint: key("unknown"), amount: "1" }),
    "UNKNOWN_SYMBOL",
  );
  assertRejected(
    () => requestWithdrawalTransaction(f.snapshot(), f.chains, { owner, tokenMint: MINT.SPY, amount: "0", feePayer }),
    "INVALID_DECIMAL",
  );
  assertRejected(
    () =>
      requestWithdrawalTransaction(f.snapshot(), f.chains, {
        owner,
        tokenMint: MINT.SPY,
        amount: "1",
        feePayer: owner,
      }),
    "FEE_PAYER_CONFLICT",
  );
});
