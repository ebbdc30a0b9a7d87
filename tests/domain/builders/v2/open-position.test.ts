/**
 * open-position with an owner on the hand-built deployment: the quote's terms → instructions, every account and
 * argument checked against independently derived addresses and hand-computed figures (see _helpers.ts).
 */
import assert from "node:assert/strict";
import { openPositionQuote } from "../../../../src/domain/quotes/open.ts";
import type { OpenPositionRequest } from "../../../../src/domain/quotes/open-contract.ts";
import { openPositionTransaction } from "../../../../src/domain/builders/v2/open-position.ts";
import type { TradeSigner } from "../../../../src/domain/builders/v2/trade-accounts.ts";
import { basketAccount, marketAccount } from "../../../../src/protocol/accounts/mod.ts";
import * as pda from "../../../../src/protocol/pda.ts";
import type { DeploymentSnapshot } from "../../../../src/domain/deployment-snapshot.ts";
import { ALICE, aliceBasket, BOB, M } from "../../../helpers/hand-built-deployment.ts";
import { ok } from "../../quotes/_helpers.ts";
import {
  custodyOf,
  FRANK,
  marketBlock,
  owner,
  P,
  px,
  receiving,
  refusal,
  session,
  tradingFixture,
} from "./_helpers.ts";
import { assertTradeInstruction } from "../../../helpers/transaction-checks.ts";

const SLIPPAGE_BPS = 50n; // "0.5"

function build(snapshot: DeploymentSnapshot, req: OpenPositionRequest, signer: TradeSigner) {
  const q = ok(openPositionQuote(snapshot, req));
  return { q, built: openPositionTransaction(snapshot, q.terms, signer, SLIPPAGE_BPS) };
}

const usdcLong = (o: string, amount: string): OpenPositionRequest => ({
  inputTokenSymbol: "USDC",
  outputTokenSymbol: "SOL",
  inputAmountUi: amount,
  leverage: 5,
  tradeType: "LONG",
  owner: o,
});

Deno.test("open-position: a new SOL long paid in USDC opens on the JitoSOL market, USDC received", () => {
  const w = tradingFixture().snapshot("v2");
  const { q, built } = build(w, usdcLong(FRANK, "11"), owner(FRANK));
  assert.equal(built.feePayer, FRANK);
  assert.equal(built.instructions.length, 1);
  assertTradeInstruction(built.instructions[0], {
    program: P,
    name: "open_position_er",
    signing: { owner: FRANK, signer: FRANK },
    accounts: {
      ...marketBlock("Crypto.1", "SOL", "JitoSOL", "long"),
      ...receiving("Crypto.1", "USDC"),
    },
    args: {
      // Fill 160.16 (oracle 160.00 + 0.1 % spread); bound + ⌈160.16 × 0.5 %⌉ = 160.9608.
      priceWithSlippage: px("160.9608"),
      collateralAmount: 11_000_000n, // 11 USDC, native
      sizeAmount: 340_006_528n, // the quote's outputAmount (open.test.ts: ⌊54.4554… / 160.16 × 1e9⌋)
      privilege: "None",
    },
    exactRoles: true,
  });
  assert.equal(q.dto.outputAmount, "340006528");
});

Deno.test("open-position: onto ALICE's SOL long → increase on its own market, TP and SL over the whole position", () => {
  const w = tradingFixture().snapshot("v2");
  const req = { ...usdcLong(ALICE, "100"), leverage: 2, takeProfit: "200", stopLoss: "140" };
  const { q, built } = build(w, req, owner(ALICE));
  // 100 USDC at 2x: S = 200 / 1.004; size = ⌊S / 160.16 × 1e9⌋ = 1 243 776 144.
  assert.equal(q.terms.sizeAmount, 1_243_776_144n);
  const total = 10_000_000_000n + 1_243_776_144n; // the position after the trade
  const usdc = custodyOf("Crypto.1", "USDC");
  const block = marketBlock("Crypto.1", "SOL", "SOL", "long");
  assert.equal(block.market, M.v2.solLong);
  const [increase, tp, sl] = built.instructions;
  assert.equal(built.instructions.length, 3);
  assertTradeInstruction(increase, {
    program: P,
    name: "increase_position_size_er",
    signing: { owner: ALICE, signer: ALICE },
    accounts: { ...block, receiving_custody: usdc.custody, receiving_oracle_account: usdc.oracle },
    args: {
      priceWithSlippage: px("160.9608"),
      sizeDelta: 1_243_776_144n,
      deltaCollateralAmount: 100_000_000n,
      privilege: "None",
    },
    exactRoles: true,
  });
  for (const [ix, price, isStopLoss] of [[tp, "200", false], [sl, "140", true]] as const) {
    assertTradeInstruction(ix, {
      program: P,
      name: "place_trigger_order_er",
      signing: { owner: ALICE, signer: ALICE },
      // The attached triggers receive in the market's collateral custody whatever was paid in (DECISIONS 5.18),
      // as place-trigger-order does: SOL here, not the USDC paid.
      accounts: { ...block, receive_custody: custodyOf("Crypto.1", "SOL").custody },
      args: { triggerPrice: px(price), deltaSizeAmount: total, isStopLoss },
      exactRoles: true,
    });
  }
});

Deno.test("open-position: LIMIT → place_limit_order_er with TP/SL inside; none given → price 0", () => {
  const w = tradingFixture().snapshot("v2");
  const short = {
    ...usdcLong(ALICE, "100"),
    leverage: 3,
    tradeType: "SHORT" as const,
    orderType: "LIMIT" as const,
    limitPrice: "170",
  };
  const { built } = build(w, { ...short, takeProfit: "150", stopLoss: "175" }, owner(ALICE));
  const usdc = custodyOf("Crypto.1", "USDC");
  const accounts = {
    ...marketBlock("Crypto.1", "SOL", "USDC", "short"),
    reserve_custody: usdc.custody,
    receive_custody: usdc.custody,
    reserve_oracle_account: usdc.oracle,
  };
  // 100 USDC at 3x filled at 170 − 0.17: size = ⌊(300 / 1.006) / 169.83 × 1e9⌋ = 1 755 936 734.
  assertTradeInstruction(built.instructions[0], {
    program: P,
    name: "place_limit_order_er",
    signing: { owner: ALICE, signer: ALICE },
    accounts,
    args: {
      limitPrice: px("170"),
      reserveAmount: 100_000_000n,
      sizeAmount: 1_755_936_734n,
      stopLossPrice: px("175"),
      takeProfitPrice: px("150"),
    },
    exactRoles: true,
  });
  const plain = build(w, short, owner(ALICE)).built.instructions;
  assert.equal(plain.length, 1);
  assertTradeInstruction(plain[0], {
    program: P,
    name: "place_limit_order_er",
    signing: { owner: ALICE, signer: ALICE },
    accounts,
    args: {
      limitPrice: px("170"),
      reserveAmount: 100_000_000n,
      sizeAmount: 1_755_936_734n,
      stopLossPrice: { price: 0n, exponent: -8 },
      takeProfitPrice: { price: 0n, exponent: -8 },
    },
    exactRoles: true,
  });
});

Deno.test("open-position: a session key signs and pays; its token fills the session slot", () => {
  const w = tradingFixture().snapshot("v2");
  const s = session(FRANK);
  const { built } = build(w, usdcLong(FRANK, "11"), s);
  assert.equal(built.feePayer, s.signer);
  assertTradeInstruction(built.instructions[0], {
    program: P,
    name: "open_position_er",
    signing: { owner: FRANK, signer: s.signer, sessionToken: s.sessionToken },
    accounts: {
      ...marketBlock("Crypto.1", "SOL", "JitoSOL", "long"),
      ...receiving("Crypto.1", "USDC"),
    },
    args: {
      priceWithSlippage: px("160.9608"),
      collateralAmount: 11_000_000n,
      sizeAmount: 340_006_528n,
      privilege: "None",
    },
    exactRoles: true,
  });
});

Deno.test("open-position: what the program would refuse is refused", async (t) => {
  const f = tradingFixture();
  // A fresh snapshot per request: the steps below change accounts.
  const refuse = (req: OpenPositionRequest, signer = owner(req.owner ?? ALICE)) => {
    const w = f.snapshot("v2");
    const q = ok(openPositionQuote(w, req));
    return refusal(() => openPositionTransaction(w, q.terms, signer, SLIPPAGE_BPS));
  };
  await t.step("no basket", () => {
    const w = f.snapshot("v2");
    const q = ok(openPositionQuote(w, usdcLong(BOB, "11")));
    assert.equal(refusal(() => openPositionTransaction(w, q.terms, owner(BOB), SLIPPAGE_BPS)).code, "BASKET_NOT_FOUND");
  });
  await t.step("more than the deposited balance (FRANK has 50 USDC)", () => {
    const r = refuse(usdcLong(FRANK, "60"));
    assert.equal(r.code, "INSUFFICIENT_COLLATERAL");
    assert.match(r.err, /takes 60.00 USDC but the owner's available deposited balance is 50.00 USDC/);
  });
  await t.step("an attached trigger on the wrong side of the mark (160.00)", () => {
    const tp = refuse({ ...usdcLong(ALICE, "100"), takeProfit: "150" });
    assert.equal(tp.code, "TRIGGER_PRICE_INVALID");
    assert.match(tp.err, /SOL LONG take-profit must be above the mark price 160.00/);
    assert.equal(refuse({ ...usdcLong(ALICE, "100"), stopLoss: "161" }).code, "TRIGGER_PRICE_INVALID");
  });
  await t.step("a limit order on the wrong side of the mark", () => {
    const limit = { ...usdcLong(ALICE, "100"), orderType: "LIMIT" as const, limitPrice: "165" };
    const r = refuse(limit);
    assert.equal(r.code, "TRIGGER_PRICE_INVALID");
    assert.match(r.err, /limit order must be below the mark price/);
    assert.equal(refuse({ ...limit, limitPrice: "150", takeProfit: "155" }).code, "TRIGGER_PRICE_INVALID");
  });
  await t.step("all five take-profit (or limit) slots used", () => {
    const full = aliceBasket();
    const orders = full.orders[0].order;
    orders.takeProfitOrders = orders.takeProfitOrders.map((_, i) => ({
      triggerPrice: px(`${200 + i}`),
      triggerSize: 1n,
      receiveCustodyUid: 0,
    }));
    orders.limitOrders = orders.limitOrders.map((o) => ({ ...o, sizeAmount: 1n }));
    f.put("v2", pda.basket(P, ALICE), basketAccount, full);
    const wf = f.snapshot("v2");
    const q = ok(openPositionQuote(wf, { ...usdcLong(ALICE, "100"), takeProfit: "200" }));
    const r = refusal(() => openPositionTransaction(wf, q.terms, owner(ALICE), SLIPPAGE_BPS));
    assert.equal(r.code, "ORDER_SLOTS_FULL");
    assert.match(r.err, /all 5 take-profit slots of the SOL LONG market are used/);
    // The limit slots of the SOL/SOL market are full too, but a new limit order rests on the JitoSOL market.
    const limit = ok(openPositionQuote(wf, { ...usdcLong(ALICE, "100"), orderType: "LIMIT", limitPrice: "150" }));
    assert.equal(limit.terms.market?.pubkey, M.v2.solLongJito);
    f.put("v2", pda.basket(P, ALICE), basketAccount, aliceBasket());
  });
  await t.step("opening disabled on the market", () => {
    const market = f.accounts.v2.get("Market", M.v2.solLongJito)!;
    f.put("v2", M.v2.solLongJito, marketAccount, {
      ...market,
      permissions: { ...market.permissions, allowOpenPosition: false },
    });
    const r = refuse(usdcLong(FRANK, "11"));
    assert.deepEqual(r, { code: "MARKET_CLOSED", err: "opening positions is disabled on the SOL LONG market" });
    f.put("v2", M.v2.solLongJito, marketAccount, market);
  });
  await t.step("an amount of 0 buys nothing to build", () => {
    assert.equal(refuse(usdcLong(FRANK, "0")).code, "INSUFFICIENT_COLLATERAL");
  });
});
