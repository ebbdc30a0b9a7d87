/**
 * Token DTOs of both interfaces on the hand-built deployment, and a configuration written with the vendor's names:
 * the documented fields and, beside them, the live service's names for the same values (issue 12).
 */
import assert from "node:assert/strict";
import { earlierTokenList, v2TokenList } from "../../../src/domain/views/tokens.ts";
import { DeploymentIndex } from "../../../src/config/deployment-index.ts";
import { parseDeploymentConfig } from "../../../src/config/pool-config.ts";
import { buildFixture, MINT } from "../../helpers/hand-built-deployment.ts";

Deno.test("v2 tokens: mint, lazerId and pythTicker repeat mintKey, feedId and oracleTicker", () => {
  const tokens = v2TokenList(buildFixture().index.v2.tokens);
  const spy = tokens.find((t) => t.symbol === "SPY");
  assert.deepEqual(spy, {
    symbol: "SPY",
    mintKey: MINT.SPY,
    decimals: 8,
    isStable: false,
    isVirtual: false,
    feedId: 1398,
    oracleTicker: "Crypto.SPY/USD",
    isToken2022: true,
    mint: MINT.SPY,
    lazerId: 1398,
    pythTicker: "Crypto.SPY/USD",
  });
  for (const t of tokens) {
    assert.equal(t.mint, t.mintKey, t.symbol);
    assert.equal(t.lazerId, t.feedId, t.symbol);
    assert.equal(t.pythTicker, t.oracleTicker, t.symbol);
  }
});

Deno.test("earlier tokens: the same aliases plus pythPriceId for oraclePriceId", () => {
  const tokens = earlierTokenList(buildFixture().index.earlier.tokens);
  const sol = tokens.find((t) => t.symbol === "SOL");
  assert.equal(sol?.mint, MINT.SOL);
  assert.equal(sol?.lazerId, 6);
  assert.equal(sol?.pythTicker, "Crypto.SOL/USD");
  assert.equal(sol?.pythPriceId, ""); // the hand-built configuration carries no price id
  for (const t of tokens) {
    assert.equal(t.mint, t.mintKey, t.symbol);
    assert.equal(t.lazerId, t.feedId, t.symbol);
    assert.equal(t.pythTicker, t.oracleTicker, t.symbol);
    assert.equal(t.pythPriceId, t.oraclePriceId, t.symbol);
  }
});

Deno.test("the world's configuration, written in the vendor's names, is listed under both names", async () => {
  // fixtures/world/pool-config.earlier.json names the feed fields as the vendor's file does (lazerId, pythTicker,
  // pythPriceId); the loader maps them to the documented names and the list repeats them under the vendor's.
  const raw = JSON.parse(await Deno.readTextFile("fixtures/world/pool-config.earlier.json"));
  const config = parseDeploymentConfig(raw, { source: "file", location: "test", nowUnix: 0 });
  const listed = new Map(earlierTokenList(new DeploymentIndex(config).tokens).map((t) => [t.mintKey, t]));
  let withPriceId = 0;
  for (const token of raw.pools.flatMap((p: { tokens: unknown[] }) => p.tokens)) {
    const t = listed.get(token.mintKey);
    if (t === undefined || t.symbol !== token.symbol) continue; // a second symbol of a listed mint (WSOL)
    assert.equal(t.feedId, token.lazerId);
    assert.equal(t.lazerId, token.lazerId);
    assert.equal(t.oracleTicker, token.pythTicker);
    assert.equal(t.pythTicker, token.pythTicker);
    assert.equal(t.oraclePriceId, token.pythPriceId ?? "");
    assert.equal(t.pythPriceId, token.pythPriceId ?? "");
    if (t.pythPriceId !== "") withPriceId++;
  }
  assert.ok(withPriceId > 0, "the world's earlier configuration carries price ids");
});
