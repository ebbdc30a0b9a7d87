/**
 * Earlier place-trigger-order builder on the hand-built deployment: DAVE's SOL long (10 SOL; order account with TP
 * slot 0 and SL slot 2), SOL at 160.00.
 */
import assert from "node:assert/strict";
import { placeTriggerOrderTransaction } from "../../../../src/domain/builders/earlier/place-trigger-order.ts";
import { orderAccount } from "../../../../src/protocol/accounts/mod.ts";
import { DAVE, EVE, MINT } from "../../../helpers/hand-built-deployment.ts";
import { A, builderFixture } from "../../../helpers/earlier-builder-deployment.ts";
import { ok } from "../../quotes/_helpers.ts";
import { SYSTEM_PROGRAM, SYSVAR_INSTRUCTIONS } from "../../../helpers/expected-accounts.ts";
import { assertEarlierInstruction } from "../../../helpers/transaction-checks.ts";
import { custody, P, POOL, SOL_LONG } from "./_helpers.ts";

const KEY = A.position(DAVE, SOL_LONG);
const tp = { triggerPriceUi: "200", sizeAmountUi: "2.5", isStopLoss: false };

Deno.test("a take-profit by positionKey or by owner + market + side: the same place_trigger_order", () => {
  const s = builderFixture().snapshot("earlier");
  const byKey = ok(placeTriggerOrderTransaction(s, { positionKey: KEY, ...tp }));
  const byOwner = ok(placeTriggerOrderTransaction(s, { owner: DAVE, marketSymbol: "SOL", side: "LONG", ...tp }));
  assert.deepEqual(byOwner, byKey);
  assert.equal(byKey.feePayer, DAVE);
  assert.equal(byKey.instructions.length, 1);
  assertEarlierInstruction(byKey.instructions[0], P, {
    name: "place_trigger_order",
    accounts: {
      owner: DAVE,
      feePayer: DAVE,
      perpetuals: A.perpetuals,
      pool: POOL,
      position: KEY,
      order: A.order(DAVE, SOL_LONG),
      market: SOL_LONG,
      targetCustody: custody("SOL"),
      targetOracleAccount: A.oracle(MINT.SOL),
      collateralCustody: custody("SOL"),
      collateralOracleAccount: A.oracle(MINT.SOL),
      receiveCustody: custody("SOL"),
      systemProgram: SYSTEM_PROGRAM,
      eventAuthority: A.eventAuthority,
      program: P,
      ixSysvar: SYSVAR_INSTRUCTIONS,
    },
    args: {
      triggerPrice: { price: 20_000_000_000n, exponent: -8 },
      deltaSizeAmount: 2_500_000_000n,
      isStopLoss: false,
    },
  });
  const usdc = ok(placeTriggerOrderTransaction(s, { positionKey: KEY, ...tp, receiveTokenSymbol: "USDC" }));
  assert.equal(usdc.instructions[0].accounts[11].address, custody("USDC"));
});

Deno.test("refusals with their codes", async (t) => {
  const s = builderFixture().snapshot("earlier");
  const refused = (req: Parameters<typeof placeTriggerOrderTransaction>[1], code: string, err?: string) => {
    const r = placeTriggerOrderTransaction(s, req);
    assert.equal(r.ok, false);
    if (r.ok) return;
    assert.equal(r.code, code);
    if (err) assert.equal(r.err, err);
  };
  await t.step("wrong side of the mark (160)", () => {
    refused(
      { positionKey: KEY, ...tp, triggerPriceUi: "150" },
      "TRIGGER_PRICE_INVALID",
      "take-profit price must be above the current price for a long position",
    );
    refused(
      { positionKey: KEY, ...tp, triggerPriceUi: "165", isStopLoss: true },
      "TRIGGER_PRICE_INVALID",
      "stop-loss price must be below the current price for a long position",
    );
    refused({ positionKey: KEY, ...tp, triggerPriceUi: "160" }, "TRIGGER_PRICE_INVALID");
    refused({ positionKey: KEY, ...tp, triggerPriceUi: "0" }, "TRIGGER_PRICE_INVALID");
    const short = A.position(DAVE, A.market(custody("SOL"), custody("USDC"), "Short"));
    refused(
      { positionKey: short, ...tp, triggerPriceUi: "170" },
      "TRIGGER_PRICE_INVALID",
      "take-profit price must be below the current price for a short position",
    );
    assert.equal(placeTriggerOrderTransaction(s, { positionKey: short, ...tp, triggerPriceUi: "150" }).ok, true);
  });
  await t.step("size zero or above the position (10 SOL)", () => {
    refused({ positionKey: KEY, ...tp, sizeAmountUi: "0" }, "ORDER_SIZE_INVALID");
    refused(
      { positionKey: KEY, ...tp, sizeAmountUi: "10.000000001" },
      "ORDER_SIZE_INVALID",
      "sizeAmountUi is larger than the position size",
    );
    assert.equal(placeTriggerOrderTransaction(s, { positionKey: KEY, ...tp, sizeAmountUi: "10" }).ok, true);
  });
  await t.step("unknown position, owner without a position, unknown symbols", () => {
    const unknown = A.position(EVE, SOL_LONG);
    refused({ positionKey: unknown, ...tp }, "NOT_FOUND", `position account ${unknown} not found`);
    refused(
      { owner: EVE, marketSymbol: "SOL", side: "LONG", ...tp },
      "NOT_FOUND",
      `position account ${unknown} not found`,
    );
    refused({ owner: DAVE, marketSymbol: "DOGE", side: "LONG", ...tp }, "UNKNOWN_SYMBOL");
    refused({ positionKey: KEY, ...tp, receiveTokenSymbol: "DOGE" }, "UNKNOWN_SYMBOL");
  });
  await t.step("all five take-profit slots taken", () => {
    const f = builderFixture();
    const key = A.order(DAVE, SOL_LONG);
    const order = f.snapshot("earlier").accounts.get("Order", key);
    assert.ok(order);
    f.put("earlier", key, orderAccount.earlier, {
      ...order,
      takeProfitOrders: order.takeProfitOrders.map(() => ({ ...order.takeProfitOrders[0] })),
    });
    const r = placeTriggerOrderTransaction(f.snapshot("earlier"), { positionKey: KEY, ...tp });
    assert.equal(!r.ok && r.code, "ORDER_SLOTS_FULL");
  });
  await t.step("no usable price for the mark", () => {
    const r = placeTriggerOrderTransaction(builderFixture({ prices: { SOL: null } }).snapshot("earlier"), {
      positionKey: KEY,
      ...tp,
    });
    assert.equal(!r.ok && r.code, "PRICE_UNAVAILABLE");
  });
});
