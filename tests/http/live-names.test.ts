/**
 * The live service's field names beside ours (issue 12 item 2), through HTTP on both interfaces, on the hand-built
 * deployment and on the embedded world:
 * - token aliases (`mint`, `lazerId`, `pythTicker`, earlier `pythPriceId`) equal their documented twins;
 * - v2 health carries `program`;
 * - v2 pool data carries `basketCount`, `lpStats.equityUsd`, the custody flags and the market fields
 *   (`collectiveSizeUsd` equal to `openInterestUsd`); the earlier pool data does not;
 * - open-position TP/SL quotes carry `maxProfitPriceUi`.
 * Every answer goes through `call()`, which validates it against the YAML, `x-alias-of` included: an alias that
 * differs from its twin fails the contract wherever a test meets it.
 */
import assert from "node:assert/strict";
import { startedReadService } from "../helpers/app.ts";
import { marketAccount } from "../../src/protocol/accounts/mod.ts";
import { assertMatchesContract, call, ContractViolation } from "../helpers/contract.ts";
import { deref, DOCUMENTS, type OpenApiDocument, type SchemaObject } from "../helpers/openapi.ts";
import { buildFixture, fixtureApp, M, MINT } from "../helpers/hand-built-deployment.ts";

type App = Parameters<typeof call>[0];

/** Every schema object of a document with its properties, `$ref`s resolved, nested ones included. */
function objectSchemas(doc: OpenApiDocument): SchemaObject[] {
  const out: SchemaObject[] = [];
  const seen = new Set<SchemaObject>();
  const walk = (node: SchemaObject | undefined) => {
    const schema = node && deref(doc, node);
    if (!schema || seen.has(schema)) return;
    seen.add(schema);
    if (schema.properties) out.push(schema);
    for (const child of [...Object.values(schema.properties ?? {}), schema.items]) walk(child);
    for (const child of [...schema.allOf ?? [], ...schema.oneOf ?? [], ...schema.anyOf ?? []]) walk(child);
  };
  for (const schema of Object.values(doc.components?.schemas ?? {})) walk(schema);
  return out;
}

Deno.test("every documented alias names a sibling, says so, and is required with it", () => {
  const aliases: string[] = [];
  for (const [iface, doc] of Object.entries(DOCUMENTS)) {
    for (const schema of objectSchemas(doc)) {
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const twin = property["x-alias-of"];
        if (twin === undefined) continue;
        aliases.push(`${iface} ${name}=${twin}`);
        // "." is a single account's `account`: the object's own fields (DECISIONS 5.16), required with `pubkey`.
        if (twin === ".") {
          assert.match(JSON.stringify(property), /Alias of `\.` \(this object's own fields/);
          assert.ok(schema.required?.includes(name) && schema.required.includes("pubkey"), `${iface} ${name}`);
          continue;
        }
        assert.ok(twin in schema.properties!, `${iface} ${name}: its twin ${twin} is not a sibling`);
        assert.match(JSON.stringify(property), new RegExp(`Alias of \`${twin}\`, as the live service names it`));
        assert.equal(schema.required?.includes(name), schema.required?.includes(twin), `${iface} ${name}`);
      }
    }
  }
  assert.deepEqual(aliases.sort(), [
    ...Array(7).fill("earlier account=."),
    "earlier lazerId=feedId",
    "earlier mint=mintKey",
    "earlier pythPriceId=oraclePriceId",
    "earlier pythTicker=oracleTicker",
    "v2 account=.",
    "v2 collectiveSizeUsd=openInterestUsd",
    "v2 lazerId=feedId",
    "v2 mint=mintKey",
    "v2 pythTicker=oracleTicker",
  ]);
});

Deno.test("the contract check refuses an alias that differs from its twin", () => {
  const token = {
    symbol: "SOL",
    mintKey: MINT.SOL,
    decimals: 9,
    isStable: false,
    isVirtual: false,
    feedId: 6,
    oracleTicker: "Crypto.SOL/USD",
    isToken2022: false,
    mint: MINT.SOL,
    lazerId: 6,
    pythTicker: "Crypto.SOL/USD",
  };
  const check = (body: unknown) => assertMatchesContract("GET", "/v2/tokens", 200, "application/json", body);
  check([token]);
  assert.throws(() => check([{ ...token, lazerId: 7 }]), ContractViolation);
  assert.throws(() => check([{ ...token, mint: MINT.USDC }]), ContractViolation);
  assert.throws(() => check([{ ...token, pythTicker: undefined }]), ContractViolation); // required, like its twin
});

/** Token aliases on both interfaces, each entry checked field by field (besides the contract's own check). */
async function tokensCarryAliases(app: App) {
  const v2 = await call(app, "GET", "/v2/tokens");
  assert.ok(v2.body.length > 0);
  for (const t of v2.body) {
    assert.deepEqual([t.mint, t.lazerId, t.pythTicker], [t.mintKey, t.feedId, t.oracleTicker], t.symbol);
  }
  const earlier = await call(app, "GET", "/tokens");
  assert.ok(earlier.body.length > 0);
  for (const t of earlier.body) {
    assert.deepEqual(
      [t.mint, t.lazerId, t.pythTicker, t.pythPriceId],
      [t.mintKey, t.feedId, t.oracleTicker, t.oraclePriceId],
      t.symbol,
    );
  }
}

async function healthNamesTheProgram(app: App) {
  const health = await call(app, "GET", "/v2/health");
  assert.equal(health.body.program, "magicblock");
  assert.ok(!("program" in (await call(app, "GET", "/health")).body), "the earlier health is as documented");
}

/** v2 pool data: the live fields on every pool, list and single answers alike; the earlier pool data has none. */
async function poolDataCarriesLiveFields(app: App) {
  const list = await call(app, "GET", "/v2/pool-data");
  assert.ok(list.body.pools.length > 0, "pool statistics are computed");
  for (const pool of list.body.pools) {
    assert.ok(Number.isInteger(pool.basketCount) && pool.basketCount >= 0);
    assert.match(pool.lpStats.equityUsd, /^-?[0-9]+\.[0-9]{2}$/);
    for (const c of pool.custodyStats) assert.equal(c.isVirtual, false, c.symbol);
    for (const m of pool.marketStats) {
      assert.equal(m.collectiveSizeUsd, m.openInterestUsd);
      assert.equal(typeof m.correlation, "boolean");
    }
    assert.deepEqual((await call(app, "GET", `/v2/pool-data/${pool.poolAddress}`)).body, pool);
  }
  const earlier = await call(app, "GET", "/pool-data");
  for (const pool of earlier.body.pools) {
    assert.ok(!("basketCount" in pool) && !("equityUsd" in pool.lpStats) && !("marketStats" in pool));
    for (const c of pool.custodyStats) assert.ok(!("isStable" in c), "the earlier custody figures are as documented");
  }
}

/** 1 SOL at 5× into a SOL long (the SOL/SOL market), with a take-profit at 200 and a stop-loss at 140. */
const SOL_LONG_WITH_TRIGGERS = {
  inputTokenSymbol: "SOL",
  outputTokenSymbol: "SOL",
  inputAmountUi: "1",
  leverage: 5,
  tradeType: "LONG",
  takeProfit: "200",
  stopLoss: "140",
};

Deno.test("hand-built deployment: the live names through HTTP", async (t) => {
  const app = fixtureApp();
  await t.step("tokens", () => tokensCarryAliases(app));
  await t.step("health", () => healthNamesTheProgram(app));
  await t.step("pool data", () => poolDataCarriesLiveFields(app));

  await t.step("pool data, by hand: Crypto.1's markets and custodies", async () => {
    // No market of the hand-built deployment has a collective position; ALICE's basket holds the SOL long and short,
    // CAROL's the SPY long (Equity.1).
    const pools = (await call(app, "GET", "/v2/pool-data")).body.pools;
    const crypto = pools.find((p: { poolName: string }) => p.poolName === "Crypto.1");
    assert.equal(crypto.basketCount, 1);
    assert.equal(pools.find((p: { poolName: string }) => p.poolName === "Equity.1").basketCount, 1);
    const solLong = crypto.marketStats.find((m: { marketAccount: string }) => m.marketAccount === M.v2.solLong);
    assert.deepEqual(
      [solLong.collectiveSizeUsd, solLong.openPositions, solLong.maxPayoffBps, solLong.correlation],
      ["0.00", 0, 10_000, true],
    );
    assert.equal(solLong.maxPositionLockedUsd, 1_000_000_000_000); // SOL custody: $1 000 000 per position
    assert.deepEqual(
      crypto.custodyStats.map((c: { symbol: string; isStable: boolean }) => [c.symbol, c.isStable]),
      [["SOL", false], ["USDC", true], ["JitoSOL", false]],
    );
    // Equity = AUM with no trader claims: 10 000 SOL × 160 + 1 000 000 USDC × 1 + 1 000 JitoSOL × 180, no obligations.
    assert.equal(crypto.lpStats.equityUsd, "2780000.00");
  });

  await t.step("open-position TP/SL quotes, both interfaces: no ceiling on a correlated long", async () => {
    for (const url of ["/v2/transaction-builder/open-position", "/transaction-builder/open-position"]) {
      const r = await call(app, "POST", url, SOL_LONG_WITH_TRIGGERS);
      assert.equal(r.body.takeProfitQuote.maxProfitPriceUi, null, url);
      assert.equal(r.body.stopLossQuote.maxProfitPriceUi, null, url);
    }
  });

  await t.step("open-position TP quote on an uncorrelated long: the hand-computed ceiling", async () => {
    const fixture = buildFixture();
    // A new v2 SOL long opens on the JitoSOL-collateral market (PROTOCOL-v2 §3.2): that one is made uncorrelated.
    const market = fixture.accounts.v2.get("Market", M.v2.solLongJito)!;
    fixture.put("v2", M.v2.solLongJito, marketAccount, { ...market, correlation: false });
    const r = await call(fixtureApp(fixture), "POST", "/v2/transaction-builder/open-position", SOL_LONG_WITH_TRIGGERS);
    // As in tests/domain/quotes/tpsl.test.ts: 160.16 + 792.079206 / 4.9455495 = 320.3199… → "320.31"
    assert.equal(r.body.takeProfitQuote.maxProfitPriceUi, "320.31");
    assert.equal(r.body.stopLossQuote.maxProfitPriceUi, null);
  });
});

Deno.test("embedded world: the live names through HTTP", async (t) => {
  const service = await startedReadService();
  const { app } = service;
  try {
    await t.step("tokens", () => tokensCarryAliases(app));
    await t.step("health", () => healthNamesTheProgram(app));
    await t.step("pool data", async () => {
      await poolDataCarriesLiveFields(app);
      const pools = (await call(app, "GET", "/v2/pool-data")).body.pools;
      // The world has open positions: some market has a collective position, some basket holds a position.
      assert.ok(pools.some((p: { basketCount: number }) => p.basketCount > 0));
      assert.ok(
        pools.some((p: { marketStats: { openPositions: number }[] }) => p.marketStats.some((m) => m.openPositions > 0)),
      );
    });

    await t.step("TP quotes of an uncorrelated long: a take-profit beyond the ceiling gains nothing more", async () => {
      const open = (takeProfit?: string) =>
        call(app, "POST", "/v2/transaction-builder/open-position", {
          inputTokenSymbol: "USDC",
          outputTokenSymbol: "EUR",
          inputAmountUi: "100",
          leverage: 20,
          tradeType: "LONG",
          takeProfit,
          stopLoss: "0.5",
        });
      const first = await open("2");
      const ceiling = first.body.takeProfitQuote.maxProfitPriceUi;
      assert.match(ceiling, /^[0-9]+\.[0-9]+$/, JSON.stringify(first.body));
      assert.ok(Number(ceiling) > Number(first.body.newEntryPrice));
      assert.equal(first.body.stopLossQuote.maxProfitPriceUi, null);
      const profitAt = async (trigger: number) =>
        Number((await open(trigger.toFixed(5))).body.takeProfitQuote.profitUsdUi);
      const capped = await profitAt(Number(ceiling) * 2);
      assert.equal(await profitAt(Number(ceiling) * 3), capped);
      const entry = Number(first.body.newEntryPrice);
      assert.ok(await profitAt((entry + Number(ceiling)) / 2) < capped);
    });
  } finally {
    await service.stop();
  }
});
