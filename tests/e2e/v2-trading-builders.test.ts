/**
 * The 14 v2 trading and order builders on the embedded world (fixtures/world), over HTTP: every answer is validated
 * against the contract (`call`), every transaction decoded (tests/helpers/transaction-checks.ts): v0 message, fee payer,
 * the ER's cached blockhash, no lookup tables, one `SetComputeUnitLimit(1_400_000)`, then each program instruction's
 * program id, discriminator, arguments (recomputed here from the request, the quote and the owner's basket) and every
 * account against addresses derived here with web3.js from pool names and mints, with message-level roles.
 *
 * Owners (fixtures/world/manifest.json cases, none active during the replay): RICH (manyPositionsAndLimitOrder: SOL
 * long on the SOL-collateral market with TP slots 0, 3 and SL slot 1; BTC short without triggers; NVDA short with
 * SL slot 2; EUR long limit slots 0 and 2), LIMITS (onlyLimitOrders: no position), NO_BASKET (ledgerWithoutBasket),
 * and owner 36 of the manifest (SOL short and SOL longs on both SOL-long markets).
 */
import assert from "node:assert/strict";
import { snapshotFor } from "../../src/handlers/context.ts";
import { createBlockhashCaches } from "../../src/state/blockhash-cache.ts";
import { basketAccount } from "../../src/protocol/accounts/mod.ts";
import type { Basket } from "../../src/protocol/accounts/mod.ts";
import { usdValue } from "../../src/domain/math/oracle.ts";
import { entryPriceForSize, exitPriceForSize } from "../../src/domain/math/spread.ts";
import type { OraclePrice } from "../../src/domain/math/types.ts";
import { call } from "../helpers/contract.ts";
import { readManifest } from "../helpers/manifest.ts";
import { eventually } from "../helpers/eventually.ts";
import { key } from "../helpers/instructions.ts";
import { programAddresses } from "../helpers/expected-accounts.ts";
import { custodyAs, marketBlock, type Signing, tradeCustody } from "../helpers/expected-instructions.ts";
import { assertErTransaction, assertTradeInstruction } from "../helpers/transaction-checks.ts";
import { sharedWorld } from "./_shared-world.ts";
import { startWorld, WORLD } from "./_world.ts";
import type { RawAccount } from "../../src/state/types.ts";

/** A store account with some fields changed. Not a spread: a packed account's bytes are not own properties. */
function changed(account: RawAccount, changes: Partial<RawAccount>): RawAccount {
  const { pubkey, owner, lamports, executable, data, slot, chain } = account;
  return { pubkey, owner, lamports, executable, data, slot, chain, ...changes };
}

const manifest = await readManifest(WORLD);
const P = manifest.deployments.v2.programId;
const A = programAddresses(P);
const RICH = manifest.cases.v2.manyPositionsAndLimitOrder.owner;
const LIMITS = manifest.cases.v2.onlyLimitOrders.owner;
const NO_BASKET = manifest.cases.v2.ledgerWithoutBasket.owner;
const BOTH_SIDES = manifest.owners[36].owner;

type Pool = "Crypto.1" | "Virtual.1" | "Equity.1";
const mintOf = (pool: Pool, symbol: string) =>
  manifest.deployments.v2.pools.find((p) => p.name === pool)!.custodies.find((c) => c.symbol === symbol)!.mint;

/** A custody and its oracle, derived from the pool name and the mint. */
const custody = (pool: Pool, symbol: string) => tradeCustody(P, pool, mintOf(pool, symbol));

/** The market block of an instruction, derived from the pool name, the mints and the side. */
const block = (pool: Pool, target: string, lock: string, side: "long" | "short") =>
  marketBlock(P, pool, mintOf(pool, target), mintOf(pool, lock), side);
const receiving = (pool: Pool, symbol: string) => custodyAs("receiving", P, pool, mintOf(pool, symbol));
const dispensing = (pool: Pool, symbol: string) => custodyAs("dispensing", P, pool, mintOf(pool, symbol));

/** An open-position request paying USDC into the SOL LONG market. */
const usdcSolLong = (inputAmountUi: string, leverage: number) => ({
  inputTokenSymbol: "USDC",
  outputTokenSymbol: "SOL",
  inputAmountUi,
  leverage,
  tradeType: "LONG",
});

/** A UI decimal as native units (truncated, as the service parses requests). */
function native(ui: string, decimals: number): bigint {
  const [whole, fraction = ""] = ui.split(".");
  return BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, "0"));
}

/** `price_with_slippage` (PROTOCOL-v2 §3.1): fill ± ⌈fill × bps / 10^4⌉, raised for long entries / short exits. */
function bound(fill: OraclePrice, raise: boolean, bps = 50n): OraclePrice {
  const d = (fill.price * bps + 9_999n) / 10_000n;
  return { price: raise ? fill.price + d : fill.price - d, exponent: fill.exponent };
}

/** The world and what every test of this file derives from it (started once, see ./_shared-world.ts). */
async function setUp() {
  const { service, app, services } = await startWorld();
  try {
    await eventually(() => (services.prices.size >= 5 ? true : undefined), "oracle prices");
    await eventually(
      () => (snapshotFor(services, "v2").accounts.get("Basket", A.basket(RICH)) ? true : undefined),
      "baskets",
    );
    const erBlockhash = () => services.blockhashes.er.latest()!.blockhash;
    const snapshot = () => snapshotFor(services, "v2");
    const basketOf = (o: string) => snapshot().accounts.get("Basket", A.basket(o))!;
    const positionOf = (o: string, market: string) => basketOf(o).positions.find((p) => p.market === market)!.position;
    const post = (path: string, body: Record<string, unknown>) =>
      call(app, "POST", `/v2/transaction-builder/${path}`, body);
    /** The oracle price of a market's target and the fills a size delta trades at. */
    const pricing = (market: string) => {
      const m = snapshot().market(market)!;
      const sample = services.prices.get(m.target.token.feedId)!;
      const oracle = { price: sample.price, exponent: sample.exponent };
      const usd = (size: bigint) => usdValue(size, m.target.account.decimals, oracle);
      return {
        oracle,
        entry: (size: bigint) => entryPriceForSize(m.side, oracle, m.target.account.pricing, usd(size)),
        exit: (sizeUsd: bigint) => exitPriceForSize(m.side, oracle, m.target.account.pricing, sizeUsd),
        long: m.side === "Long",
      };
    };
    const decode = (base64: string, feePayer: string, names: string[]) =>
      assertErTransaction(base64, { feePayer, blockhash: erBlockhash(), program: P, names });
    const expectIx = (
      ix: Parameters<typeof assertTradeInstruction>[0],
      name: string,
      signing: Signing,
      accounts: Record<string, string>,
      args: Record<string, unknown>,
    ) => assertTradeInstruction(ix, { program: P, name, signing, accounts, args });
    const rich: Signing = { owner: RICH, signer: RICH };

    const solLong = block("Crypto.1", "SOL", "SOL", "long");
    const solLongJito = block("Crypto.1", "SOL", "JitoSOL", "long");
    const solShort = block("Crypto.1", "SOL", "USDC", "short");
    const btcShort = block("Crypto.1", "BTC", "USDC", "short");
    return {
      service,
      app,
      services,
      erBlockhash,
      snapshot,
      basketOf,
      positionOf,
      post,
      pricing,
      decode,
      expectIx,
      rich,
      solLong,
      solLongJito,
      solShort,
      btcShort,
    };
  } catch (error) {
    await service.stop();
    throw error;
  }
}

const { world, test: worldTest, stopAfterAll } = sharedWorld("v2 trading builders", setUp);

worldTest("the derived markets are the world's; the two chains' blockhashes differ", async () => {
  const { services, erBlockhash, snapshot, solLong, solLongJito, solShort, btcShort } = await world();
  assert.notEqual(erBlockhash(), services.blockhashes.base.latest()?.blockhash);
  for (const b of [solLong, solLongJito, solShort, btcShort]) assert.ok(snapshot().market(b.market), b.market);
});

worldTest(
  "open-position, MARKET new, paid in USDC: open_position_er on the JitoSOL SOL-long market",
  async () => {
    const { post, pricing, decode, expectIx, solLongJito } = await world();
    const r = await post("open-position", {
      ...usdcSolLong("11", 5),
      owner: LIMITS,
    });
    assert.equal(r.status, 200);
    assert.equal(r.body.err, null);
    assert.equal(r.body.youPayUsdUi, "11.00"); // 11 USDC at its own price (1.00015566), truncated
    assert.deepEqual([r.body.swapInPriceUi, r.body.swapOutPriceUi, r.body.swapFeeUsdUi], [null, null, null]);
    const size = BigInt(r.body.outputAmount);
    const [open] = decode(r.body.transactionBase64, LIMITS, ["open_position_er"]);
    expectIx(open, "open_position_er", { owner: LIMITS, signer: LIMITS }, {
      ...solLongJito,
      ...receiving("Crypto.1", "USDC"),
    }, {
      priceWithSlippage: bound(pricing(solLongJito.market).entry(size), true),
      collateralAmount: 11_000_000n,
      sizeAmount: size,
      privilege: "None",
    });
  },
);

worldTest(
  "open-position with a session key and TP/SL: the key pays and signs, its token fills the slot",
  async () => {
    const { post, pricing, decode, expectIx, solLongJito } = await world();
    const signer = key("a session key");
    const sessionToken = A.sessionToken(signer, LIMITS);
    const r = await post("open-position", {
      ...usdcSolLong("20", 3),
      owner: LIMITS,
      takeProfit: "200",
      stopLoss: "120",
      signer,
      sessionToken,
      slippagePercentage: "1",
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.ok(r.body.takeProfitQuote && r.body.stopLossQuote);
    const size = BigInt(r.body.outputAmount);
    const signing = { owner: LIMITS, signer, sessionToken };
    const [open, tp, sl] = decode(r.body.transactionBase64, signer, [
      "open_position_er",
      "place_trigger_order_er",
      "place_trigger_order_er",
    ]);
    expectIx(open, "open_position_er", signing, { ...solLongJito, ...receiving("Crypto.1", "USDC") }, {
      priceWithSlippage: bound(pricing(solLongJito.market).entry(size), true, 100n),
      collateralAmount: 20_000_000n,
      sizeAmount: size,
      privilege: "None",
    });
    // The attached triggers receive in the market's collateral, not the USDC paid (DECISIONS 5.18).
    const jito = custody("Crypto.1", "JitoSOL").custody;
    expectIx(tp, "place_trigger_order_er", signing, { ...solLongJito, receive_custody: jito }, {
      triggerPrice: { price: 20_000_000_000n, exponent: -8 },
      deltaSizeAmount: size,
      isStopLoss: false,
    });
    expectIx(sl, "place_trigger_order_er", signing, { ...solLongJito, receive_custody: jito }, {
      triggerPrice: { price: 12_000_000_000n, exponent: -8 },
      deltaSizeAmount: size,
      isStopLoss: true,
    });
  },
);

worldTest(
  "open-position onto RICH's SOL long: increase on its own market, triggers over the whole position",
  async () => {
    const { positionOf, post, pricing, decode, expectIx, rich, solLong } = await world();
    const before = positionOf(RICH, solLong.market).sizeAmount;
    const r = await post("open-position", {
      ...usdcSolLong("11", 5),
      owner: RICH,
      takeProfit: "200",
      stopLoss: "100",
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.ok(r.body.oldLeverage, "an increase carries the old* fields");
    const size = BigInt(r.body.outputAmount);
    const [increase, tp, sl] = decode(r.body.transactionBase64, RICH, [
      "increase_position_size_er",
      "place_trigger_order_er",
      "place_trigger_order_er",
    ]);
    expectIx(increase, "increase_position_size_er", rich, { ...solLong, ...receiving("Crypto.1", "USDC") }, {
      priceWithSlippage: bound(pricing(solLong.market).entry(size), true),
      sizeDelta: size,
      deltaCollateralAmount: 11_000_000n,
      privilege: "None",
    });
    const sol = custody("Crypto.1", "SOL").custody;
    for (const [ix, price, isStopLoss] of [[tp, 20_000_000_000n, false], [sl, 10_000_000_000n, true]] as const) {
      expectIx(ix, "place_trigger_order_er", rich, { ...solLong, receive_custody: sol }, {
        triggerPrice: { price, exponent: -8 },
        deltaSizeAmount: before + size,
        isStopLoss,
      });
    }
  },
);

worldTest("open-position LIMIT: place_limit_order_er, TP/SL inside, reserve = receive = USDC", async () => {
  const { post, decode, expectIx, rich, btcShort } = await world();
  const r = await post("open-position", {
    inputTokenSymbol: "USDC",
    outputTokenSymbol: "BTC",
    inputAmountUi: "50",
    leverage: 3,
    tradeType: "SHORT",
    orderType: "LIMIT",
    limitPrice: "100000",
    takeProfit: "90000",
    stopLoss: "110000",
    owner: RICH,
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const [limit] = decode(r.body.transactionBase64, RICH, ["place_limit_order_er"]);
  const usdc = custody("Crypto.1", "USDC");
  expectIx(limit, "place_limit_order_er", rich, {
    ...btcShort,
    reserve_custody: usdc.custody,
    receive_custody: usdc.custody,
    reserve_oracle_account: usdc.oracle,
  }, {
    limitPrice: { price: 10_000_000_000_000n, exponent: -8 },
    reserveAmount: 50_000_000n,
    sizeAmount: BigInt(r.body.outputAmount),
    stopLossPrice: { price: 11_000_000_000_000n, exponent: -8 },
    takeProfitPrice: { price: 9_000_000_000_000n, exponent: -8 },
  });
});

worldTest("open-position without owner stays a preview; SWAP stays 200 err", async () => {
  const { post } = await world();
  const preview = await post("open-position", {
    inputTokenSymbol: "USDC",
    outputTokenSymbol: "SOL",
    inputAmountUi: "5", // below the $10 minimum: a preview still quotes it
    leverage: 2,
    tradeType: "LONG",
  });
  assert.equal(preview.status, 200);
  assert.equal(preview.body.transactionBase64, null);
  assert.equal(preview.body.swapFeeUsdUi, null);
  const refused = await post("open-position", {
    ...usdcSolLong("5", 2),
    owner: LIMITS,
  });
  assert.equal(refused.body.code, "INSUFFICIENT_COLLATERAL");
  const swap = await post("open-position", {
    inputTokenSymbol: "USDC",
    outputTokenSymbol: "SOL",
    inputAmountUi: "5",
    leverage: 2,
    tradeType: "SWAP",
    owner: RICH,
  });
  assert.deepEqual(swap.body, { err: "SWAP is not supported in v2", code: "UNSUPPORTED_TRADE_TYPE" });
});

worldTest("close-position full (closeAll) with triggers: close + cancel-all of the market", async () => {
  const { positionOf, post, pricing, decode, expectIx, rich, solLong } = await world();
  const position = positionOf(RICH, solLong.market);
  const r = await post("close-position", {
    marketSymbol: "SOL",
    side: "LONG",
    inputUsdUi: "1",
    closeAll: true,
    withdrawTokenSymbol: "USDC",
    owner: RICH,
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.receiveTokenSymbol, "SOL");
  const [close, cancel] = decode(r.body.transactionBase64, RICH, [
    "close_position_er",
    "cancel_all_trigger_orders_er",
  ]);
  // Paid out through the custody asked for (DECISIONS 5.17); the quote values it in the collateral token.
  expectIx(close, "close_position_er", rich, { ...solLong, ...dispensing("Crypto.1", "USDC") }, {
    priceWithSlippage: bound(pricing(solLong.market).exit(position.sizeUsd), false),
    privilege: "None",
  });
  expectIx(cancel, "cancel_all_trigger_orders_er", rich, {}, { market: solLong.market });
});

worldTest('close-position "0" without triggers: close only; a small amount: decrease', async () => {
  const { positionOf, post, pricing, decode, expectIx, rich, btcShort } = await world();
  const position = positionOf(RICH, btcShort.market);
  const full = await post("close-position", {
    marketSymbol: "BTC",
    side: "SHORT",
    inputUsdUi: "0",
    withdrawTokenSymbol: "USDC",
    owner: RICH,
  });
  const [close] = decode(full.body.transactionBase64, RICH, ["close_position_er"]);
  expectIx(close, "close_position_er", rich, { ...btcShort, ...dispensing("Crypto.1", "USDC") }, {
    priceWithSlippage: bound(pricing(btcShort.market).exit(position.sizeUsd), true),
    privilege: "None",
  });
  const usd = position.sizeUsd / 10n; // 10 % < 97 %: partial
  const partial = await post("close-position", {
    marketSymbol: "BTC",
    side: "SHORT",
    inputUsdUi: `${usd / 1_000_000n}.${String(usd % 1_000_000n).padStart(6, "0")}`,
    withdrawTokenSymbol: "USDC",
    owner: RICH,
  });
  assert.ok(partial.body.lockAndUnsettledFeeUsd !== undefined, "a partial close reports the borrow fee");
  const delta = position.sizeAmount * usd / position.sizeUsd; // proportional split
  const closedUsd = position.sizeUsd * (delta * 10n ** 8n / position.sizeAmount) / 10n ** 8n;
  const [decrease] = decode(partial.body.transactionBase64, RICH, ["decrease_position_size_er"]);
  expectIx(decrease, "decrease_position_size_er", rich, { ...btcShort, ...dispensing("Crypto.1", "USDC") }, {
    priceWithSlippage: bound(pricing(btcShort.market).exit(closedUsd), true),
    sizeDelta: delta,
    privilege: "None",
  });
});

worldTest("reverse-position: close into the opposite collateral, cleanup, open the short", async () => {
  const { services, snapshot, positionOf, post, pricing, decode, expectIx, rich, solLong, solShort } = await world();
  const position = positionOf(RICH, solLong.market);
  const r = await post("reverse-position", { marketSymbol: "SOL", side: "LONG", leverage: 3, owner: RICH });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.newSide, "Short");
  const [close, cancel, open] = decode(r.body.transactionBase64, RICH, [
    "close_position_er",
    "cancel_all_trigger_orders_er",
    "open_position_er",
  ]);
  const p = pricing(solLong.market);
  expectIx(close, "close_position_er", rich, { ...solLong, ...dispensing("Crypto.1", "USDC") }, {
    priceWithSlippage: bound(p.exit(position.sizeUsd), false),
    privilege: "None",
  });
  expectIx(cancel, "cancel_all_trigger_orders_er", rich, {}, { market: solLong.market });
  // The new leg's amounts come from the quote: collateral = 98 % of the payout (USDC native), its size.
  const args = assertDecodedOpen(open);
  const usdcPrice = services.prices.get(snapshot().market(solShort.market)!.collateral.token.feedId)!;
  const collateralUsd = usdValue(args.collateralAmount, 6, {
    price: usdcPrice.price,
    exponent: usdcPrice.exponent,
  });
  assert.ok(Math.abs(Number(collateralUsd) / 1e6 - Number(r.body.newCollateralUsd)) < 0.011);
  assert.ok(Number(collateralUsd) <= Number(r.body.closeReceiveUsd) * 0.98 * 1e6 + 10_000);
  expectIx(open, "open_position_er", rich, { ...solShort, ...receiving("Crypto.1", "USDC") }, {
    priceWithSlippage: bound(pricing(solShort.market).entry(args.sizeAmount), false),
    collateralAmount: args.collateralAmount,
    sizeAmount: args.sizeAmount,
    privilege: "None",
  });
  assert.ok(Math.abs(Number(args.sizeAmount) / 1e9 - Number(r.body.newSizeAmountUi)) < 0.001);
});

worldTest("reverse-position onto an existing opposite position: the new leg increases it", async () => {
  const { post, decode, solLong } = await world();
  const r = await post("reverse-position", { marketSymbol: "SOL", side: "SHORT", leverage: 2, owner: BOTH_SIDES });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const [, , leg] = decode(r.body.transactionBase64, BOTH_SIDES, [
    "close_position_er",
    "cancel_all_trigger_orders_er",
    "increase_position_size_er",
  ]);
  // Owner 36 holds SOL longs on both markets: the first configured one (SOL-collateral) is increased.
  assert.equal(leg.accounts[6].address, solLong.market);
  assert.equal(leg.accounts[9].address, custody("Crypto.1", "SOL").custody); // receiving = its lock custody
});

worldTest(
  "increase-position: market collateral by default, another token received through its custody",
  async () => {
    const { post, pricing, decode, expectIx, rich, btcShort } = await world();
    const plain = await post("increase-position", {
      marketSymbol: "BTC",
      side: "SHORT",
      owner: RICH,
      sizeAmountUi: "0.001",
      collateralAmountUi: "5",
    });
    assert.equal(plain.status, 200, JSON.stringify(plain.body));
    const [ix] = decode(plain.body.transactionBase64, RICH, ["increase_position_size_er"]);
    expectIx(ix, "increase_position_size_er", rich, { ...btcShort, ...receiving("Crypto.1", "USDC") }, {
      priceWithSlippage: bound(pricing(btcShort.market).entry(100_000n), false),
      sizeDelta: native("0.001", 8),
      deltaCollateralAmount: native("5", 6),
      privilege: "None",
    });
    const inSol = await post("increase-position", {
      marketSymbol: "BTC",
      side: "SHORT",
      owner: RICH,
      sizeAmountUi: "0.001",
      collateralAmountUi: "0.05",
      collateralTokenSymbol: "SOL",
    });
    const [swapIn] = decode(inSol.body.transactionBase64, RICH, ["increase_position_size_er"]);
    expectIx(swapIn, "increase_position_size_er", rich, { ...btcShort, ...receiving("Crypto.1", "SOL") }, {
      priceWithSlippage: bound(pricing(btcShort.market).entry(100_000n), false),
      sizeDelta: 100_000n,
      deltaCollateralAmount: 50_000_000n,
      privilege: "None",
    });
  },
);

worldTest("decrease-position: a size delta paid out through the lock custody", async () => {
  const { positionOf, post, pricing, decode, expectIx, rich, btcShort } = await world();
  const position = positionOf(RICH, btcShort.market);
  const r = await post("decrease-position", {
    marketSymbol: "BTC",
    side: "SHORT",
    owner: RICH,
    sizeAmountUi: "0.001",
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const closedUsd = position.sizeUsd * (100_000n * 10n ** 8n / position.sizeAmount) / 10n ** 8n;
  const [ix] = decode(r.body.transactionBase64, RICH, ["decrease_position_size_er"]);
  expectIx(ix, "decrease_position_size_er", rich, { ...btcShort, ...dispensing("Crypto.1", "USDC") }, {
    priceWithSlippage: bound(pricing(btcShort.market).exit(closedUsd), true),
    sizeDelta: 100_000n,
    privilege: "None",
  });
});

worldTest("add-collateral paid in USDC into the SOL long; remove-collateral in USD", async () => {
  const { post, decode, expectIx, rich, solLong, btcShort } = await world();
  const add = await post("add-collateral", {
    marketSymbol: "SOL",
    side: "LONG",
    depositAmountUi: "25",
    depositTokenSymbol: "USDC",
    owner: RICH,
  });
  assert.equal(add.status, 200, JSON.stringify(add.body));
  const [addIx] = decode(add.body.transactionBase64, RICH, ["add_collateral_er"]);
  expectIx(addIx, "add_collateral_er", rich, { ...solLong, ...receiving("Crypto.1", "USDC") }, {
    collateralDelta: 25_000_000n,
  });
  const remove = await post("remove-collateral", {
    marketSymbol: "BTC",
    side: "SHORT",
    withdrawAmountUsdUi: "12.5",
    withdrawTokenSymbol: "SOL",
    owner: RICH,
  });
  assert.equal(remove.status, 200, JSON.stringify(remove.body));
  const [removeIx] = decode(remove.body.transactionBase64, RICH, ["remove_collateral_er"]);
  expectIx(removeIx, "remove_collateral_er", rich, { ...btcShort, ...dispensing("Crypto.1", "SOL") }, {
    collateralDeltaUsd: 12_500_000n,
  });
  // A token of another pool cannot be paid out on this market: 400 naming the field (DECISIONS 5.17).
  const elsewhere = await post("remove-collateral", {
    marketSymbol: "BTC",
    side: "SHORT",
    withdrawAmountUsdUi: "12.5",
    withdrawTokenSymbol: "SPY",
    owner: RICH,
  });
  assert.equal(elsewhere.status, 400, JSON.stringify(elsewhere.body));
  assert.deepEqual([elsewhere.body.code, elsewhere.body.field], ["VALIDATION_FAILED", "body.withdrawTokenSymbol"]);
});

const btcLock = custody("Crypto.1", "USDC").custody;

worldTest("place-trigger-order and place-tp-sl on the BTC short", async () => {
  const { post, decode, expectIx, rich, btcShort } = await world();
  const one = await post("place-trigger-order", {
    marketSymbol: "BTC",
    side: "SHORT",
    triggerPriceUi: "80000",
    sizeAmountUi: "0.001",
    isStopLoss: false,
    owner: RICH,
  });
  assert.equal(one.status, 200, JSON.stringify(one.body));
  const [ix] = decode(one.body.transactionBase64, RICH, ["place_trigger_order_er"]);
  expectIx(ix, "place_trigger_order_er", rich, { ...btcShort, receive_custody: btcLock }, {
    triggerPrice: { price: 8_000_000_000_000n, exponent: -8 },
    deltaSizeAmount: 100_000n,
    isStopLoss: false,
  });
  const both = await post("place-tp-sl", {
    marketSymbol: "BTC",
    side: "SHORT",
    sizeAmountUi: "0.002",
    takeProfitUi: "85000",
    stopLossUi: "120000",
    owner: RICH,
  });
  const [tp, sl] = decode(both.body.transactionBase64, RICH, ["place_trigger_order_er", "place_trigger_order_er"]);
  expectIx(tp, "place_trigger_order_er", rich, { ...btcShort, receive_custody: btcLock }, {
    triggerPrice: { price: 8_500_000_000_000n, exponent: -8 },
    deltaSizeAmount: 200_000n,
    isStopLoss: false,
  });
  expectIx(sl, "place_trigger_order_er", rich, { ...btcShort, receive_custody: btcLock }, {
    triggerPrice: { price: 12_000_000_000_000n, exponent: -8 },
    deltaSizeAmount: 200_000n,
    isStopLoss: true,
  });
});

worldTest("edit-trigger-order keeps the order's receive custody; cancel one slot, 255, cancel-all", async () => {
  const { basketOf, post, decode, expectIx, rich, solLong } = await world();
  const tp0 = basketOf(RICH).orders.find((o) => o.market === solLong.market)!.order.takeProfitOrders[0];
  const uidCustody = manifest.deployments.v2.pools[0].custodies.find((c) => c.custodyId === tp0.receiveCustodyUid)!;
  const edit = await post("edit-trigger-order", {
    marketSymbol: "SOL",
    side: "LONG",
    orderId: 0,
    isStopLoss: false,
    triggerPriceUi: "210",
    sizeAmountUi: "0.5",
    owner: RICH,
  });
  assert.equal(edit.status, 200, JSON.stringify(edit.body));
  const [editIx] = decode(edit.body.transactionBase64, RICH, ["edit_trigger_order_er"]);
  expectIx(editIx, "edit_trigger_order_er", rich, {
    ...solLong,
    receive_custody: A.custody(A.pool("Crypto.1"), uidCustody.mint),
  }, {
    orderId: 0,
    triggerPrice: { price: 21_000_000_000n, exponent: -8 },
    deltaSizeAmount: 500_000_000n,
    isStopLoss: false,
  });
  const one = await post("cancel-trigger-order", {
    marketSymbol: "SOL",
    side: "LONG",
    orderId: 1,
    isStopLoss: true,
    owner: RICH,
  });
  const [oneIx] = decode(one.body.transactionBase64, RICH, ["cancel_trigger_order_er"]);
  expectIx(oneIx, "cancel_trigger_order_er", rich, {}, { market: solLong.market, orderId: 1, isStopLoss: true });
  const all = await post("cancel-trigger-order", {
    marketSymbol: "SOL",
    side: "LONG",
    orderId: 255,
    isStopLoss: true,
    owner: RICH,
  });
  const [allIx] = decode(all.body.transactionBase64, RICH, ["cancel_trigger_order_er"]);
  // The caller's flag is passed with 255 too (DECISIONS 5.18).
  expectIx(allIx, "cancel_trigger_order_er", rich, {}, { market: solLong.market, orderId: 255, isStopLoss: true });
  const nvda = await post("cancel-all-trigger-orders", { marketSymbol: "NVDA", side: "SHORT", owner: RICH });
  assert.equal(nvda.status, 200, JSON.stringify(nvda.body));
  const [cancelAll] = decode(nvda.body.transactionBase64, RICH, ["cancel_all_trigger_orders_er"]);
  expectIx(cancelAll, "cancel_all_trigger_orders_er", rich, {}, {
    market: block("Equity.1", "NVDA", "USDC", "short").market,
  });
});

worldTest("edit-limit-order (keep / remove) and cancel-limit-order on RICH's EUR long", async () => {
  const { services, snapshot, basketOf, post, decode, expectIx, rich } = await world();
  const eurLong = block("Virtual.1", "EUR", "USDC", "long");
  const slot0 = basketOf(RICH).orders.find((o) => o.market === eurLong.market)!.order.limitOrders[0];
  const reserve = manifest.deployments.v2.pools[1].custodies.find((c) => c.custodyId === slot0.reserveCustodyUid)!;
  const receive = manifest.deployments.v2.pools[1].custodies.find((c) => c.custodyId === slot0.receiveCustodyUid)!;
  const eurPrice = services.prices.get(snapshot().market(eurLong.market)!.target.token.feedId)!;
  const edit = await post("edit-limit-order", {
    marketSymbol: "EUR",
    side: "LONG",
    orderId: 0,
    takeProfitUi: "2",
    owner: RICH,
  });
  assert.equal(edit.status, 200, JSON.stringify(edit.body));
  const [ix] = decode(edit.body.transactionBase64, RICH, ["edit_limit_order_er"]);
  expectIx(ix, "edit_limit_order_er", rich, {
    ...eurLong,
    reserve_custody: A.custody(A.pool("Virtual.1"), reserve.mint),
    receive_custody: A.custody(A.pool("Virtual.1"), receive.mint),
    reserve_oracle_account: A.oracle(reserve.mint),
  }, {
    orderId: 0,
    limitPrice: slot0.limitPrice, // kept: the current price is sent, never 0 (DECISIONS 5.18)
    sizeAmount: slot0.sizeAmount, // kept: sent as it is
    stopLossPrice: { price: 0n, exponent: eurPrice.exponent }, // omitted: removed
    takeProfitPrice: { price: 2n * 10n ** BigInt(-eurPrice.exponent), exponent: eurPrice.exponent },
  });
  const cancel = await post("cancel-limit-order", { marketSymbol: "EUR", side: "LONG", orderId: 2, owner: RICH });
  assert.equal(cancel.status, 200, JSON.stringify(cancel.body));
  const slot2 = basketOf(RICH).orders.find((o) => o.market === eurLong.market)!.order.limitOrders[2];
  const reserve2 = manifest.deployments.v2.pools[1].custodies.find((c) => c.custodyId === slot2.reserveCustodyUid)!;
  const [cancelIx] = decode(cancel.body.transactionBase64, RICH, ["cancel_limit_order_er"]);
  expectIx(cancelIx, "cancel_limit_order_er", rich, {
    pool: eurLong.pool,
    target_custody: eurLong.target_custody,
    lock_custody: eurLong.lock_custody,
    reserve_custody: A.custody(A.pool("Virtual.1"), reserve2.mint),
  }, { market: eurLong.market, orderId: 2 });
});

worldTest("a built transaction is never cached as a quote: the same request builds again", async () => {
  const { services, post } = await world();
  const { cached, hits } = services.quotes;
  const body = { ...usdcSolLong("11", 5), owner: LIMITS };
  const first = await post("open-position", body);
  const again = await post("open-position", body);
  assert.equal(typeof first.body.transactionBase64, "string");
  assert.equal(typeof again.body.transactionBase64, "string");
  assert.deepEqual([services.quotes.cached, services.quotes.hits], [cached, hits]);
  // The same request without an owner is a pure quote: cached, then answered from memory.
  const { owner: _, ...preview } = body;
  const quoted = await post("open-position", preview);
  assert.equal((await post("open-position", preview)).text, quoted.text);
  assert.ok(services.quotes.cached > cached);
});

worldTest("failures: unknown market, no basket, no position", async () => {
  const { post } = await world();
  const unknown = await post("open-position", {
    inputTokenSymbol: "USDC",
    outputTokenSymbol: "USDC",
    inputAmountUi: "11",
    leverage: 2,
    tradeType: "SHORT",
    owner: RICH,
  });
  assert.deepEqual(unknown.body, { err: "no SHORT market for symbol 'USDC'", code: "UNKNOWN_MARKET" });
  const trigger = { side: "SHORT", triggerPriceUi: "80000", sizeAmountUi: "0.001", isStopLoss: false, owner: RICH };
  const noMarket = await post("place-trigger-order", { ...trigger, marketSymbol: "USDC" });
  assert.equal(noMarket.status, 400);
  assert.equal(noMarket.body.code, "UNKNOWN_MARKET");
  const noBasket = await post("place-trigger-order", { ...trigger, marketSymbol: "BTC", owner: NO_BASKET });
  assert.deepEqual([noBasket.status, noBasket.body.code], [400, "BASKET_NOT_FOUND"]);
  const noPosition = await post("place-trigger-order", { ...trigger, marketSymbol: "SOL" });
  assert.deepEqual(noPosition.body, { error: "Position is empty", code: "POSITION_NOT_FOUND" });
  const close = await post("close-position", {
    marketSymbol: "SOL",
    side: "SHORT",
    inputUsdUi: "0",
    withdrawTokenSymbol: "USDC",
    owner: RICH,
  });
  assert.deepEqual([close.status, close.body.code], [200, "POSITION_NOT_FOUND"]);
  const open = await post("open-position", {
    ...usdcSolLong("11", 2),
    owner: NO_BASKET,
  });
  assert.deepEqual(open.body, { err: `no basket for owner ${NO_BASKET}`, code: "BASKET_NOT_FOUND" });
});

worldTest("failures: slot out of range or full, wrong side of the mark, size above the position", async () => {
  const { services, post, solLong } = await world();
  const outOfRange = await post("cancel-limit-order", {
    marketSymbol: "EUR",
    side: "LONG",
    orderId: 5,
    owner: RICH,
  });
  assert.deepEqual([outOfRange.status, outOfRange.body.code], [400, "ORDER_SLOT_INVALID"]);
  const notU8 = await post("cancel-limit-order", { marketSymbol: "EUR", side: "LONG", orderId: 256, owner: RICH });
  assert.deepEqual([notU8.status, notU8.body.code], [400, "VALIDATION_FAILED"]);
  const empty = await post("cancel-limit-order", { marketSymbol: "EUR", side: "LONG", orderId: 1, owner: RICH });
  assert.deepEqual([empty.status, empty.body.code], [400, "ORDER_NOT_FOUND"]);
  const trigger = {
    marketSymbol: "BTC",
    side: "SHORT",
    triggerPriceUi: "80000",
    sizeAmountUi: "0.001",
    isStopLoss: false,
    owner: RICH,
  };
  const wrongSide = await post("place-trigger-order", { ...trigger, triggerPriceUi: "100000" });
  assert.deepEqual([wrongSide.status, wrongSide.body.code], [400, "TRIGGER_PRICE_INVALID"]);
  assert.match(wrongSide.body.error, /BTC SHORT take-profit must be below the mark price/);
  const tooBig = await post("place-trigger-order", { ...trigger, sizeAmountUi: "1000" });
  assert.deepEqual([tooBig.status, tooBig.body.code], [400, "ORDER_SIZE_INVALID"]);
  // An attached trigger on the wrong side inside a quote builder is 400 too (DECISIONS 3.3).
  const attached = await post("open-position", {
    ...usdcSolLong("11", 2),
    owner: RICH,
    takeProfit: "100",
  });
  assert.deepEqual([attached.status, attached.body.code], [400, "TRIGGER_PRICE_INVALID"]);
  // A zero price is one too, with or without an owner (nothing is quoted for it).
  const zero = await post("open-position", { ...usdcSolLong("11", 2), takeProfit: "0" });
  assert.deepEqual(zero.body, { error: "takeProfit must be greater than zero", code: "TRIGGER_PRICE_INVALID" });

  // All five take-profit slots of RICH's SOL long used (written into the store, then restored).
  const original = services.accounts.get(A.basket(RICH))!;
  const full: Basket = basketAccount.decode(original.data);
  const orders = full.orders.find((o) => o.market === solLong.market)!.order;
  orders.takeProfitOrders = Array.from({ length: 5 }, (_, i) => ({
    triggerPrice: { price: 20_000_000_000n + BigInt(i), exponent: -8 },
    triggerSize: 1n,
    receiveCustodyUid: 1,
  }));
  services.accounts.set(changed(original, { data: basketAccount.encode(full), slot: original.slot + 1 }));
  try {
    const r = await post("place-trigger-order", {
      ...trigger,
      marketSymbol: "SOL",
      side: "LONG",
      triggerPriceUi: "200",
    });
    assert.deepEqual(r.body, {
      error: "all 5 take-profit slots of the SOL LONG market are used",
      code: "ORDER_SLOTS_FULL",
    });
  } finally {
    services.accounts.set(changed(original, { slot: original.slot + 2 }));
  }
});

worldTest("failures: session fields — half missing, malformed, not the session's token", async () => {
  const { post, decode } = await world();
  const body = { marketSymbol: "NVDA", side: "SHORT", owner: RICH };
  const signer = key("another session key");
  const half = await post("cancel-all-trigger-orders", { ...body, signer });
  assert.deepEqual(half.body, {
    error: "body.sessionToken is required together with signer",
    code: "VALIDATION_FAILED",
    field: "body.sessionToken",
  });
  const otherHalf = await post("cancel-all-trigger-orders", {
    ...body,
    sessionToken: A.sessionToken(signer, RICH),
  });
  assert.deepEqual([otherHalf.status, otherHalf.body.field], [400, "body.signer"]);
  const malformed = await post("cancel-all-trigger-orders", { ...body, signer: "not-a-key", sessionToken: "x" });
  assert.deepEqual([malformed.status, malformed.body.code], [400, "INVALID_PUBKEY"]);
  const foreign = await post("cancel-all-trigger-orders", {
    ...body,
    signer,
    sessionToken: A.sessionToken(signer, LIMITS),
  });
  assert.deepEqual([foreign.status, foreign.body.code, foreign.body.field], [
    400,
    "VALIDATION_FAILED",
    "body.sessionToken",
  ]);
  const preview = await post("open-position", {
    ...usdcSolLong("11", 2),
    signer,
  });
  assert.deepEqual([preview.status, preview.body.field], [400, "body.sessionToken"]);
  const ok = await post("cancel-all-trigger-orders", {
    ...body,
    signer,
    sessionToken: A.sessionToken(signer, RICH),
  });
  assert.equal(ok.status, 200);
  decode(ok.body.transactionBase64, signer, ["cancel_all_trigger_orders_er"]);
});

worldTest("failures: an empty ER blockhash cache is 500 BLOCKHASH_UNAVAILABLE (DECISIONS 3.5)", async () => {
  const { services, post } = await world();
  const cached = services.blockhashes.er;
  services.blockhashes.er = createBlockhashCaches().er; // never fetched
  try {
    for (
      const [path, body] of [
        ["cancel-all-trigger-orders", { marketSymbol: "NVDA", side: "SHORT", owner: RICH }],
        ["open-position", {
          ...usdcSolLong("11", 2),
          owner: LIMITS,
        }],
      ] as const
    ) {
      const r = await post(path, body);
      assert.deepEqual([r.status, r.body], [500, {
        error: "blockhash fetch failed",
        code: "BLOCKHASH_UNAVAILABLE",
      }]);
    }
  } finally {
    services.blockhashes.er = cached;
  }
});

stopAfterAll();

/** The decoded arguments of an `open_position_er` (to check amounts the test takes from the quote). */
function assertDecodedOpen(ix: Parameters<typeof assertTradeInstruction>[0]) {
  const data = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
  // discriminator 8 ‖ price u64 ‖ exponent i32 ‖ collateral_amount u64 ‖ size_amount u64 ‖ privilege u8
  return { collateralAmount: data.getBigUint64(20, true), sizeAmount: data.getBigUint64(28, true) };
}
