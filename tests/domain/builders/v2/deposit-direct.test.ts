import assert from "node:assert/strict";
import { depositDirectTransaction } from "../../../../src/domain/builders/v2/deposit-direct.ts";
import { key, MINT, PROGRAM } from "../../../helpers/hand-built-deployment.ts";
import { assertRejected, expectPlan, fundsFixture, TOKEN } from "./_funds.ts";
import { expectCreateAta, expectWrapSol, fundsInstructions } from "../../../helpers/expected-instructions.ts";

const x = fundsInstructions(PROGRAM.v2);
const owner = key("owner");
const funder = key("funder");

function ready() {
  const f = fundsFixture();
  f.putLedger(owner);
  for (const mint of [MINT.USDC, MINT.SOL, MINT.SPY]) f.putTradeVault(mint, 0n);
  return f;
}

Deno.test("deposit-direct A: the owner's ATA (created idempotently), then deposit_direct", () => {
  const f = ready();
  const plan = depositDirectTransaction(f.snapshot(), f.chains, { owner, tokenMint: MINT.USDC, amount: "12.5" });
  expectPlan(plan, {
    feePayer: owner,
    instructions: [expectCreateAta(owner, owner, TOKEN.USDC), x.depositDirect(owner, owner, TOKEN.USDC, 12_500_000n)],
  });
  assert.deepEqual(plan.unmetPreconditions, []);
});

Deno.test("deposit-direct B: fundingOwner's tokens credited to owner; fundingOwner signs and pays", () => {
  const f = ready();
  const plan = depositDirectTransaction(f.snapshot(), f.chains, {
    owner,
    fundingOwner: funder,
    tokenMint: MINT.SPY,
    amount: "2",
  });
  expectPlan(plan, {
    feePayer: funder,
    instructions: [expectCreateAta(funder, funder, TOKEN.SPY), x.depositDirect(funder, owner, TOKEN.SPY, 200_000_000n)],
  });
});

Deno.test("deposit-direct: native SOL through the depositor's wrapped-SOL account, no extra signer", () => {
  const f = ready();
  for (const depositor of [owner, funder]) {
    const plan = depositDirectTransaction(f.snapshot(), f.chains, {
      owner,
      fundingOwner: depositor,
      tokenMint: MINT.SOL,
      amount: "0.5",
    });
    expectPlan(plan, {
      feePayer: depositor,
      instructions: [
        ...expectWrapSol(depositor, 500_000_000n),
        x.depositDirect(depositor, owner, TOKEN.SOL, 500_000_000n),
      ],
    });
  }
});

Deno.test("deposit-direct: no ledger yet, no trade vault: built anyway, both reported", () => {
  const f = fundsFixture();
  const plan = depositDirectTransaction(f.snapshot(), f.chains, { owner, tokenMint: MINT.USDC, amount: "1" });
  assert.deepEqual(plan.unmetPreconditions, ["DEPOSIT_LEDGER_MISSING", "TRADE_VAULT_MISSING"]);
  assert.equal(plan.instructions.length, 2);
});

Deno.test("deposit-direct: unknown mint, zero or over-precise amount are refused", () => {
  const f = ready();
  const build = (tokenMint: string, amount: string) => () =>
    depositDirectTransaction(f.snapshot(), f.chains, { owner, tokenMint, amount });
  assertRejected(build(key("unknown mint"), "1"), "UNKNOWN_SYMBOL", "body.tokenMint");
  assertRejected(build(MINT.USDC, "0"), "INVALID_DECIMAL", "body.amount");
  assertRejected(build(MINT.SPY, "0.000000001"), "INVALID_DECIMAL");
});
