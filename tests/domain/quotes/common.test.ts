import assert from "node:assert/strict";
import { parseU64Amount, parseUiPrice, requireLiquidity, requireMarkets } from "../../../src/domain/quotes/common.ts";
import { M } from "../../helpers/hand-built-deployment.ts";
import { failureOf as failure, px, tradingFixture } from "../builders/v2/_helpers.ts";

Deno.test("requireLiquidity: a size within the available liquidity, a lock within the custody's free tokens", () => {
  const w = tradingFixture().snapshot("v2");
  const long = w.market(M.v2.solLong)!;
  // SOL custody: 9 000 SOL free at 160.00 = $1 440 000.
  assert.equal(failure(() => requireLiquidity(long, px("160"), 1_440_000_000_000n, 0n)), undefined);
  assert.equal(failure(() => requireLiquidity(long, px("160"), 1_440_000_000_001n, 0n))?.code, "COMPUTE_FAILED");
  // The lock is held to the free tokens themselves: 9 000 SOL may be locked, one native unit more may not.
  assert.equal(failure(() => requireLiquidity(long, px("160"), 0n, 9_000_000_000_000n)), undefined);
  const lock = failure(() => requireLiquidity(long, px("160"), 0n, 9_000_000_000_001n));
  assert.equal(lock?.code, "COMPUTE_FAILED");
  assert.match(lock?.err ?? "", /^insufficient liquidity: the trade would lock \$1440000\.00 of the SOL custody/);
});

Deno.test("parseU64Amount and parseUiPrice: within a u64, as the program holds every amount and price", () => {
  // u64 max at 9 decimals: 18,446,744,073.709551615 SOL.
  assert.equal(parseU64Amount("18446744073.709551615", 9, "outputAmountUi"), (1n << 64n) - 1n);
  assert.deepEqual(failure(() => parseU64Amount("18446744073.709551616", 9, "outputAmountUi")), {
    code: "COMPUTE_FAILED",
    err: "outputAmountUi is beyond the largest amount the program holds",
  });
  assert.equal(parseUiPrice("184467440737.09551615", -8, "limitPrice").price, (1n << 64n) - 1n);
  assert.deepEqual(failure(() => parseUiPrice("184467440737.09551616", -8, "limitPrice")), {
    code: "COMPUTE_FAILED",
    err: "limitPrice is beyond the largest price the program holds",
  });
});

Deno.test("requireMarkets: collateralSymbol keeps the market of that collateral (DECISIONS 5.21)", () => {
  const w = tradingFixture().snapshot("v2");
  const keys = (collateral?: string) => requireMarkets(w, "SOL", "Long", collateral).map((m) => m.pubkey);
  assert.deepEqual(keys(), [M.v2.solLong, M.v2.solLongJito]);
  assert.deepEqual(keys("JitoSOL"), [M.v2.solLongJito]);
  assert.deepEqual(keys("SOL"), [M.v2.solLong]);
  // WSOL is SOL's mint under another symbol.
  assert.deepEqual(keys("WSOL"), [M.v2.solLong]);
  assert.deepEqual(failure(() => keys("USDC")), {
    code: "UNKNOWN_MARKET",
    err: "no LONG market for symbol 'SOL' with USDC collateral",
  });
  assert.equal(failure(() => keys("XYZ"))?.code, "UNKNOWN_SYMBOL");
});
