/** The requests' slippage percentage in basis points, with the contract's default. */
import assert from "node:assert/strict";
import { DEFAULT_SLIPPAGE_PERCENT, slippageBps } from "../../../src/domain/builders/slippage.ts";

Deno.test("slippageBps: percent to basis points, 0.5 % when the request sends none", () => {
  assert.equal(DEFAULT_SLIPPAGE_PERCENT, "0.5");
  assert.equal(slippageBps(undefined), 50n);
  assert.equal(slippageBps("1.25"), 125n);
  assert.equal(slippageBps("0.999"), 99n); // beyond a basis point is cut
  assert.equal(slippageBps("100"), 10_000n);
});
