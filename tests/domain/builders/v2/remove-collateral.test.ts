/** remove-collateral on the hand-built deployment: USD out of ALICE's SOL long, paid through its lock custody. */
import assert from "node:assert/strict";
import { removeCollateralQuote } from "../../../../src/domain/quotes/collateral.ts";
import { removeCollateralTransaction } from "../../../../src/domain/builders/v2/remove-collateral.ts";
import { marketAccount } from "../../../../src/protocol/accounts/mod.ts";
import { ALICE, M } from "../../../helpers/hand-built-deployment.ts";
import { ok } from "../../quotes/_helpers.ts";
import { dispensing, marketBlock, owner, P, refusal, tradingFixture } from "./_helpers.ts";
import { assertTradeInstruction } from "../../../helpers/transaction-checks.ts";

const req = {
  position: { owner: ALICE, marketSymbol: "SOL", side: "LONG" },
  withdrawAmountUsdUi: "50",
  withdrawTokenSymbol: "USDC",
} as const;

Deno.test("remove-collateral: $50 as USD-6, dispensing = the custody asked for (DECISIONS 5.17)", () => {
  const w = tradingFixture().snapshot("v2");
  const built = removeCollateralTransaction(w, ok(removeCollateralQuote(w, req)).terms, owner(ALICE), "USDC");
  assertTradeInstruction(built.instructions[0], {
    program: P,
    name: "remove_collateral_er",
    signing: { owner: ALICE, signer: ALICE },
    accounts: {
      ...marketBlock("Crypto.1", "SOL", "SOL", "long"),
      ...dispensing("Crypto.1", "USDC"),
    },
    args: { collateralDeltaUsd: 50_000_000n },
    exactRoles: true,
  });
});

Deno.test("remove-collateral: without a payout token the lock custody; a token of another pool is refused", () => {
  const w = tradingFixture().snapshot("v2");
  const terms = ok(removeCollateralQuote(w, req)).terms;
  const built = removeCollateralTransaction(w, terms, owner(ALICE), undefined);
  assert.equal(built.instructions[0].accounts[8].address, dispensing("Crypto.1", "SOL").dispensing_custody);
  const r = refusal(() => removeCollateralTransaction(w, terms, owner(ALICE), "SPY"));
  assert.equal(r.code, "VALIDATION_FAILED");
  assert.equal(r.field, "body.withdrawTokenSymbol");
});

Deno.test("remove-collateral: refused when the market disallows collateral withdrawal", () => {
  const f = tradingFixture();
  const market = f.accounts.v2.get("Market", M.v2.solLong)!;
  f.put("v2", M.v2.solLong, marketAccount, {
    ...market,
    permissions: { ...market.permissions, allowCollateralWithdrawal: false },
  });
  const w = f.snapshot("v2");
  const terms = ok(removeCollateralQuote(w, req)).terms;
  const r = refusal(() => removeCollateralTransaction(w, terms, owner(ALICE), req.withdrawTokenSymbol));
  assert.deepEqual(r, { code: "MARKET_CLOSED", err: "withdrawing collateral is disabled on the SOL LONG market" });
});
