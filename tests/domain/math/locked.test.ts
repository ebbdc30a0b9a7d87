import assert from "node:assert/strict";
import { lockedAmountFor, lockedUsdFor, maxProfitPrice } from "../../../src/domain/math/locked.ts";
import { makePosition, px, USDC, USDC_PRICE } from "../_helpers.ts";

Deno.test("locked payout and max-profit price", async (t) => {
  await t.step("locked USD by side and correlation", () => {
    // (1 500 + 300) × payoff: long uncorrelated 200 % → $3 600; short or correlated capped at 100 % → $1 800.
    const m = (correlation: boolean, maxPayoffBps: bigint) => ({ correlation, maxPayoffBps });
    assert.equal(lockedUsdFor(1_500_000_000n, 300_000_000n, "Long", m(false, 20_000n)), 3_600_000_000n);
    assert.equal(lockedUsdFor(1_500_000_000n, 300_000_000n, "Short", m(false, 20_000n)), 1_800_000_000n);
    assert.equal(lockedUsdFor(1_500_000_000n, 300_000_000n, "Long", m(true, 20_000n)), 1_800_000_000n);
    assert.equal(lockedUsdFor(1_500_000_000n, 300_000_000n, "Short", m(false, 5_000n)), 900_000_000n);
    // $1 800 in USDC at 1.00 and in SOL at 150 (12 SOL).
    assert.equal(lockedAmountFor(1_800_000_000n, USDC_PRICE, USDC), 1_800_000_000n);
    assert.equal(
      lockedAmountFor(1_800_000_000n, px(15_000_000_000n), { decimals: 9, tokenAmountMultiplier: 0n }),
      12_000_000_000n,
    );
  });

  await t.step("max-profit price", () => {
    const p = makePosition(); // locked $1 800, collateral $300 → room $1 500 over 10 SOL = 150.00
    assert.deepEqual(maxProfitPrice(p, "Long", { correlation: false }, USDC_PRICE, USDC), px(30_000_000_000n));
    // Short: 150 − 150 = 0 (floored at 0).
    assert.deepEqual(maxProfitPrice(p, "Short", { correlation: false }, USDC_PRICE, USDC), px(0n));
    // Short with locked $900: room $600 → 60.00 → 90.00.
    assert.deepEqual(
      maxProfitPrice({ ...p, lockedAmount: 900_000_000n }, "Short", { correlation: false }, USDC_PRICE, USDC),
      px(9_000_000_000n),
    );
    // Correlated long: no cap. Empty: none. No room: the entry price (choice; SDK returns 0).
    assert.equal(maxProfitPrice(p, "Long", { correlation: true }, USDC_PRICE, USDC), null);
    assert.equal(maxProfitPrice({ ...p, sizeAmount: 0n }, "Long", { correlation: false }, USDC_PRICE, USDC), null);
    assert.deepEqual(
      maxProfitPrice({ ...p, lockedAmount: 300_000_000n }, "Long", { correlation: false }, USDC_PRICE, USDC),
      px(15_000_000_000n),
    );
  });
});
