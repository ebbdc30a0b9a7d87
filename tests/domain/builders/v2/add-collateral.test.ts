/** add-collateral on the hand-built deployment: USDC into ALICE's SOL long (received through the USDC custody). */
import assert from "node:assert/strict";
import { addCollateralQuote } from "../../../../src/domain/quotes/collateral.ts";
import { addCollateralTransaction } from "../../../../src/domain/builders/v2/add-collateral.ts";
import { basketAccount } from "../../../../src/protocol/accounts/mod.ts";
import * as pda from "../../../../src/protocol/pda.ts";
import { ALICE, basketOf, M, solLongPosition } from "../../../helpers/hand-built-deployment.ts";
import { ok } from "../../quotes/_helpers.ts";
import { FRANK, marketBlock, owner, P, receiving, refusal, tradingFixture } from "./_helpers.ts";
import { assertTradeInstruction } from "../../../helpers/transaction-checks.ts";

Deno.test("add-collateral: 50 USDC into the SOL long, the deposit token's native amount", () => {
  const w = tradingFixture().snapshot("v2");
  const q = ok(addCollateralQuote(w, {
    position: { owner: ALICE, marketSymbol: "SOL", side: "LONG" },
    depositAmountUi: "50",
    depositTokenSymbol: "USDC",
  }));
  assert.equal(q.dto.depositUsdValue, "50.00"); // valued at USDC's own price
  const built = addCollateralTransaction(w, q.terms, owner(ALICE));
  assertTradeInstruction(built.instructions[0], {
    program: P,
    name: "add_collateral_er",
    signing: { owner: ALICE, signer: ALICE },
    accounts: {
      ...marketBlock("Crypto.1", "SOL", "SOL", "long"),
      ...receiving("Crypto.1", "USDC"),
    },
    args: { collateralDelta: 50_000_000n },
    exactRoles: true,
  });
});

Deno.test("add-collateral: more than the deposited balance is refused", () => {
  const f = tradingFixture();
  f.put(
    "v2",
    pda.basket(P, FRANK),
    basketAccount,
    basketOf(FRANK, [{ market: M.v2.solLong, position: solLongPosition("v2", FRANK, M.v2.solLong) }], []),
  );
  const w = f.snapshot("v2");
  const q = ok(addCollateralQuote(w, {
    position: { owner: FRANK, marketSymbol: "SOL", side: "LONG" },
    depositAmountUi: "60",
    depositTokenSymbol: "USDC",
  }));
  assert.equal(refusal(() => addCollateralTransaction(w, q.terms, owner(FRANK))).code, "INSUFFICIENT_COLLATERAL");
});
