import assert from "node:assert/strict";
import { loadDeploymentConfig } from "../../src/config/pool-config.ts";
import { DeploymentIndex } from "../../src/config/deployment-index.ts";

const index = new DeploymentIndex(await loadDeploymentConfig("fixtures/world/pool-config.v2.json"));

Deno.test("tokenByMint: the first symbol configured for a mint (SOL, not WSOL, for the native mint)", () => {
  assert.equal(index.tokenByMint("So11111111111111111111111111111111111111112")?.symbol, "SOL");
  const usdc = index.token("USDC")!;
  assert.equal(index.tokenByMint(usdc.mintKey), usdc);
  assert.equal(index.tokenByMint(index.token("SPY")!.mintKey)?.isToken2022, true);
  assert.equal(index.tokenByMint("11111111111111111111111111111111"), undefined);
});

Deno.test("custodiesOfMint: every custody of a mint, in pool order of the configuration", () => {
  const usdc = index.token("USDC")!.mintKey;
  const pools = index.custodiesOfMint(usdc).map((c) => index.pool(c.pool)?.poolName);
  assert.deepEqual(pools, ["Crypto.1", "Virtual.1", "Equity.1"]);
  assert.deepEqual(index.custodiesOfMint(index.token("SPY")!.mintKey).map((c) => c.symbol), ["SPY"]);
  assert.deepEqual(index.custodiesOfMint("11111111111111111111111111111111"), []);
});
