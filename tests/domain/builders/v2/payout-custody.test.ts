/**
 * The payout custody of v2 closes, decreases and collateral removals (DECISIONS 5.17) on the hand-built deployment
 * (Crypto.1: SOL, USDC, JitoSOL; Equity.1: SPY, USDC).
 */
import assert from "node:assert/strict";
import { payoutCustody } from "../../../../src/domain/builders/v2/payout-custody.ts";
import type { DeploymentSnapshot } from "../../../../src/domain/deployment-snapshot.ts";
import { M } from "../../../helpers/hand-built-deployment.ts";
import { custodyOf, failureOf, tradingFixture } from "./_helpers.ts";

Deno.test("payoutCustody: the market's collateral by default, else the named token's custody in the pool", () => {
  const w = tradingFixture().snapshot("v2");
  const long = w.market(M.v2.solLong)!;
  assert.equal(payoutCustody(w, long, undefined).pubkey, custodyOf("Crypto.1", "SOL").custody);
  assert.equal(payoutCustody(w, long, "USDC").pubkey, custodyOf("Crypto.1", "USDC").custody);
  assert.equal(payoutCustody(w, long, "jitosol").pubkey, custodyOf("Crypto.1", "JitoSOL").custody);
  // WSOL is SOL's custody.
  assert.equal(payoutCustody(w, long, "WSOL").pubkey, custodyOf("Crypto.1", "SOL").custody);
});

Deno.test("payoutCustody: refusals — unknown, of another pool, virtual", () => {
  const w = tradingFixture().snapshot("v2");
  const long = w.market(M.v2.solLong)!;
  assert.equal(failureOf(() => payoutCustody(w, long, "XYZ"))?.code, "UNKNOWN_SYMBOL");
  assert.deepEqual(failureOf(() => payoutCustody(w, long, "SPY")), {
    code: "VALIDATION_FAILED",
    field: "body.withdrawTokenSymbol",
    err: "body.withdrawTokenSymbol names SPY, which the program cannot pay out in on the SOL LONG market: it is not " +
      "a token of pool Crypto.1",
  });
  // A virtual (synthetic) custody has no vault to pay from: the same snapshot, its USDC custody marked virtual.
  const virtual = Object.create(w) as DeploymentSnapshot;
  virtual.custodyForToken = (symbol, pool) => {
    const found = w.custodyForToken(symbol, pool);
    return found && { ...found, config: { ...found.config, isVirtual: true } };
  };
  const r = failureOf(() => payoutCustody(virtual, long, "USDC"));
  assert.equal(r?.code, "VALIDATION_FAILED");
  assert.match(r?.err ?? "", /it is a virtual token, with no vault to pay from$/);
});
