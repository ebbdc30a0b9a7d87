import assert from "node:assert/strict";
import { custodySettlementTransaction } from "../../../../src/domain/builders/v2/custody-settlement.ts";
import { key, MINT, PROGRAM } from "../../../helpers/hand-built-deployment.ts";
import { assertRejected, expectPlan, fundsFixture, POOL, TOKEN } from "./_funds.ts";
import { programAddresses } from "../../../helpers/expected-accounts.ts";
import { fundsInstructions } from "../../../helpers/expected-instructions.ts";

const x = fundsInstructions(PROGRAM.v2);
const r = programAddresses(PROGRAM.v2);
const owner = key("owner");

Deno.test("custody-settlement: the custody of the token's first pool (USDC: Crypto.1), owner pays", () => {
  const f = fundsFixture();
  f.putTradeVault(MINT.USDC, 0n);
  const plan = custodySettlementTransaction(f.snapshot(), f.chains, { owner, tokenSymbol: "USDC" });
  expectPlan(plan, { feePayer: owner, instructions: [x.custodySettlementWithAction(owner, POOL.crypto, TOKEN.USDC)] });
  assert.equal(plan.receipt, r.settlementReceipt(r.custody(POOL.crypto, MINT.USDC)));
  assert.deepEqual(plan.unmetPreconditions, []);
});

Deno.test("custody-settlement: a Token-2022 custody; an open settlement and a missing vault are reported", () => {
  const f = fundsFixture();
  f.putSettlementReceipt(POOL.equity, MINT.SPY, "in-progress");
  const plan = custodySettlementTransaction(f.snapshot(), f.chains, { owner, tokenSymbol: "SPY" });
  expectPlan(plan, { feePayer: owner, instructions: [x.custodySettlementWithAction(owner, POOL.equity, TOKEN.SPY)] });
  assert.deepEqual(plan.unmetPreconditions, ["TRADE_VAULT_MISSING", "CUSTODY_SETTLEMENT_IN_PROGRESS"]);
});

Deno.test("custody-settlement: an unknown symbol is refused", () => {
  const f = fundsFixture();
  assertRejected(
    () => custodySettlementTransaction(f.snapshot(), f.chains, { owner, tokenSymbol: "NOPE" }),
    "UNKNOWN_SYMBOL",
  );
});
