/**
 * Reverse quotes, mostly on ALICE's SOL long on the hand-built deployment (tests/helpers/hand-built-deployment.ts): 10
 * SOL @150.00, size $1 500, collateral $300, 12 SOL locked; SOL 160.00; spread 0.1 %, close fee 0.1 %; accrued borrow
 * $0.015 (see views/owner.test.ts).
 */
import assert from "node:assert/strict";
import { reversePositionQuote } from "../../../src/domain/quotes/reverse.ts";
import { basketAccount } from "../../../src/protocol/accounts/mod.ts";
import * as pda from "../../../src/protocol/pda.ts";
import { ALICE, basketOf, buildFixture, M, PROGRAM, solLongPosition } from "../../helpers/hand-built-deployment.ts";
import { aliceLong, ok } from "./_helpers.ts";

Deno.test("reverse quote: 2 % haircut, floor in native USD units (DECISIONS 5.7)", async (t) => {
  const f = buildFixture();
  // ALICE with only the long, so the short leg opens a fresh position.
  const onlyLong = (collateralUsd: bigint) =>
    f.put(
      "v2",
      pda.basket(PROGRAM.v2, ALICE),
      basketAccount,
      basketOf(ALICE, [{
        market: M.v2.solLong,
        position: { ...solLongPosition("v2", ALICE, M.v2.solLong), collateralUsd },
      }], []),
    );

  await t.step("exact: 396 885 000 × 98 / 100 = 388 947 300", () => {
    onlyLong(300_000_000n);
    const q = ok(reversePositionQuote(f.snapshot("v2"), { position: aliceLong, leverage: 2 }));
    assert.equal(q.dto.closeReceiveUsd, "396.88");
    assert.equal(q.dto.closeSettledPnl, "98.40");
    assert.equal(q.dto.closeFees, "1.51");
    assert.equal(q.dto.newCollateralUsd, "388.94");
    assert.equal(q.dto.newSide, "Short");
    // New short on the USDC market: 388.9473 USDC; S = 388.9473 × 2 / 1.004 = 774.7954… at 159.84
    assert.equal(q.dto.newEntryPrice, "159.84");
    assert.equal(q.dto.newSizeUsd, "774.79");
    assert.equal(q.terms.newMarket.pubkey, M.v2.solShort);
    assert.equal(q.terms.collateralAmount, 388_947_300n); // USDC native = micro-USD at 1.00
  });

  await t.step("rounding: 396 885 001 × 0.98 = 388 947 300.98 → 388 947 300", () => {
    onlyLong(300_000_001n); // one more micro-dollar of collateral → one more of payout
    const q = ok(reversePositionQuote(f.snapshot("v2"), { position: aliceLong, leverage: 2 }));
    assert.equal(q.terms.collateralAmount, 388_947_300n);
  });

  await t.step("leverage outside the opposite market's range", () => {
    const r = reversePositionQuote(f.snapshot("v2"), { position: aliceLong, leverage: 500 });
    assert.equal(!r.ok && r.code, "COMPUTE_FAILED");
  });
});
