import assert from "node:assert/strict";
import { requireLiquidity } from "../../../src/domain/quotes/common.ts";
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
