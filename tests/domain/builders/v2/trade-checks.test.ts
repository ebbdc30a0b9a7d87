/** The program's refusals the service checks before building. */
import assert from "node:assert/strict";
import {
  availableBalance,
  parseOrderSize,
  requireBalance,
  requireLimitSide,
  requirePermission,
  requireSizeWithin,
  requireTriggerSide,
} from "../../../../src/domain/builders/v2/trade-checks.ts";
import { basketAccount, poolAccount } from "../../../../src/protocol/accounts/mod.ts";
import * as pda from "../../../../src/protocol/pda.ts";
import { ALICE, aliceBasket, BOB, M, MINT, poolAddress } from "../../../helpers/hand-built-deployment.ts";
import { failureOf as failure, FRANK, P, px, tradingFixture } from "./_helpers.ts";

Deno.test("trigger and limit prices against the mark (160.00)", () => {
  const w = tradingFixture().snapshot("v2");
  const long = w.market(M.v2.solLong)!;
  const short = w.market(M.v2.solShort)!;
  const mark = px("160");
  const ok = (m: typeof long, sl: boolean, p: string) =>
    failure(() => requireTriggerSide(m, sl, px(p), mark, "x")) === undefined;
  assert.deepEqual(
    [ok(long, false, "160.01"), ok(long, false, "160"), ok(long, true, "159.99"), ok(long, true, "160")],
    [
      true,
      false,
      true,
      false,
    ],
  );
  assert.deepEqual([
    ok(short, false, "159.99"),
    ok(short, false, "161"),
    ok(short, true, "160.01"),
    ok(short, true, "159"),
  ], [
    true,
    false,
    true,
    false,
  ]);
  // Exponents may differ: compared exactly.
  assert.equal(failure(() => requireTriggerSide(long, false, { price: 1601n, exponent: -1 }, mark, "x")), undefined);
  assert.equal(failure(() => requireLimitSide(long, px("159"), mark, "l")), undefined);
  assert.equal(failure(() => requireLimitSide(long, px("160"), mark, "l"))?.code, "TRIGGER_PRICE_INVALID");
  assert.equal(failure(() => requireLimitSide(short, px("161"), mark, "l")), undefined);
  assert.equal(failure(() => requireLimitSide(short, px("159"), mark, "l"))?.code, "TRIGGER_PRICE_INVALID");
});

Deno.test("order sizes: zero and beyond u64 are refused", () => {
  assert.equal(parseOrderSize("1.5", 9, "s"), 1_500_000_000n);
  assert.equal(failure(() => parseOrderSize("0", 9, "s"))?.code, "ORDER_SIZE_INVALID");
  assert.equal(parseOrderSize("0", 9, "s", true), 0n);
  assert.equal(failure(() => parseOrderSize("18446744073.709551616", 9, "s"))?.code, "ORDER_SIZE_INVALID");
  const w = tradingFixture().snapshot("v2");
  const long = w.market(M.v2.solLong)!;
  assert.equal(failure(() => requireSizeWithin(10n, 10n, long, "s")), undefined);
  assert.equal(failure(() => requireSizeWithin(11n, 10n, long, "s"))?.code, "ORDER_SIZE_INVALID");
});

Deno.test("balance: deposits − debits + pending credits of the mint", () => {
  const f = tradingFixture();
  const basket = aliceBasket();
  basket.debits = [{ mint: MINT.USDC, amount: 3_000_000_000n }, { mint: MINT.SOL, amount: 1n }];
  basket.pendingCredits = [{ mint: MINT.USDC, amount: 500_000_000n }];
  f.put("v2", pda.basket(P, ALICE), basketAccount, basket);
  const w = f.snapshot("v2");
  assert.equal(availableBalance(w, ALICE, MINT.USDC), 7_500_000_000n); // 10 000 − 3 000 + 500
  assert.equal(availableBalance(w, ALICE, MINT.SOL), 99_999_999_999n);
  assert.equal(availableBalance(w, FRANK, MINT.USDC), 50_000_000n);
  assert.equal(availableBalance(w, BOB, MINT.USDC), 0n); // no ledger, no basket
  const usdc = w.market(M.v2.solShort)!.collateral;
  assert.equal(failure(() => requireBalance(w, ALICE, usdc, 7_500_000_000n)), undefined);
  assert.equal(failure(() => requireBalance(w, ALICE, usdc, 7_500_000_001n))?.code, "INSUFFICIENT_COLLATERAL");
});

Deno.test("permissions: the market's flag, then the pool's", () => {
  const f = tradingFixture();
  let w = f.snapshot("v2");
  const long = w.market(M.v2.solLong)!;
  for (const action of ["open", "sizeChange", "close", "collateralWithdrawal"] as const) {
    assert.equal(failure(() => requirePermission(w, long, action)), undefined);
  }
  const poolKey = poolAddress("v2", "Crypto.1");
  const pool = f.accounts.v2.get("Pool", poolKey)!;
  f.put("v2", poolKey, poolAccount.v2, { ...pool, permissions: { ...pool.permissions, allowSizeChange: false } });
  w = f.snapshot("v2");
  assert.deepEqual(failure(() => requirePermission(w, w.market(M.v2.solLong)!, "sizeChange")), {
    code: "MARKET_CLOSED",
    err: "changing position sizes is disabled on pool Crypto.1",
  });
  assert.equal(failure(() => requirePermission(w, w.market(M.v2.solLong)!, "open")), undefined);
});
