import assert from "node:assert/strict";
import { TokenListCache } from "../../src/runtime/token-list-cache.ts";
import { earlierTokenList, TOKEN_LISTS, v2TokenList } from "../../src/domain/views/tokens.ts";
import { buildFixture } from "../helpers/hand-built-deployment.ts";

Deno.test("token list cache: built per read before start(), cached once started, dropped by stop()", () => {
  const index = buildFixture().index.v2;
  let builds = 0;
  const cache = new TokenListCache(index, (tokens) => (builds++, v2TokenList(tokens)));
  assert.deepEqual(cache.tokens, cache.tokens);
  assert.equal(builds, 2);
  cache.start();
  const cached = cache.tokens;
  assert.equal(cache.tokens, cached);
  assert.equal(builds, 3);
  cache.stop();
  assert.notEqual(cache.tokens, cached);
});

Deno.test("token lists: v2 lists every symbol, the earlier interface one token per mint", () => {
  const fixture = buildFixture();
  const v2 = TOKEN_LISTS.v2(fixture.index.v2.tokens).map((t) => t.symbol);
  const earlier = TOKEN_LISTS.earlier(fixture.index.earlier.tokens).map((t) => t.symbol);
  assert.ok(v2.includes("SOL") && v2.includes("WSOL"), "SOL and WSOL are distinct v2 symbols");
  assert.ok(earlier.includes("SOL") && !earlier.includes("WSOL"), "WSOL shares SOL's mint");
  assert.equal(TOKEN_LISTS.earlier, earlierTokenList);
  assert.ok("usdPrecision" in TOKEN_LISTS.earlier(fixture.index.earlier.tokens)[0]);
  assert.ok(!("usdPrecision" in TOKEN_LISTS.v2(fixture.index.v2.tokens)[0]));
});
