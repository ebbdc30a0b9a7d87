/**
 * Position choice (DECISIONS 5.21) over HTTP on a hand-made deployment: ALICE holds SOL longs on both the SOL- and
 * the JitoSOL-collateral market (10 SOL and 4 SOL), with the same orders on each. Every v2 request that addresses a
 * position by (owner, marketSymbol, side) takes an optional `collateralSymbol` choosing the market; without it the
 * market where the position exists is used, the first configured (SOL-collateral) when both hold one. Each built
 * transaction is decoded to read the market it addresses; previews show it in their figures.
 */
import assert from "node:assert/strict";
import * as pda from "../../src/protocol/pda.ts";
import { basketAccount } from "../../src/protocol/accounts/mod.ts";
import { userDepositLedgerAccount } from "../../src/protocol/accounts/user-deposit-ledger.ts";
import { call } from "../helpers/contract.ts";
import { decodeProgramInstruction } from "../helpers/instructions.ts";
import { checkedTransaction } from "../helpers/transaction-checks.ts";
import {
  ALICE,
  aliceBasket,
  basketOrderOf,
  buildFixture,
  FIXTURE_BLOCKHASH,
  fixtureApp,
  M,
  MINT,
  PROGRAM,
  solLongOrders,
  solLongPosition,
} from "../helpers/hand-built-deployment.ts";

/** ALICE's basket with a second SOL long (4 SOL) on the JitoSOL-collateral market and its own orders. */
function twoLongs(onSolMarket = true) {
  const f = buildFixture();
  const basket = aliceBasket();
  const jito = solLongPosition("v2", ALICE, M.v2.solLongJito);
  basket.positions[1].position = { ...jito, sizeAmount: 4_000_000_000n, sizeUsd: 600_000_000n };
  if (!onSolMarket) basket.positions[0].position = { ...basket.positions[0].position, sizeAmount: 0n, sizeUsd: 0n };
  basket.orders.push({ market: M.v2.solLongJito, order: basketOrderOf(solLongOrders()) });
  f.put("v2", pda.basket(PROGRAM.v2, ALICE), basketAccount, basket);
  f.put("v2", pda.userDepositLedger(PROGRAM.v2, ALICE), userDepositLedgerAccount, {
    bump: 255,
    padding: new Uint8Array(7),
    owner: ALICE,
    deposits: [{ mint: MINT.USDC, amount: 10_000_000_000n }, { mint: MINT.SOL, amount: 100_000_000_000n }],
  });
  return fixtureApp(f);
}

/** The market the first program instruction of a built v2 transaction addresses (an account, or an argument). */
function marketOf(transactionBase64: string): string {
  const { program } = checkedTransaction(transactionBase64, {
    chain: "er",
    feePayer: ALICE,
    blockhash: FIXTURE_BLOCKHASH,
  });
  const decoded = decodeProgramInstruction("v2", program.find((ix) => ix.programAddress === PROGRAM.v2)!);
  return decoded.accounts.market ?? (decoded.args.market as string);
}

const position = { owner: ALICE, marketSymbol: "SOL", side: "LONG" };

/** Every v2 builder that addresses a position (or its orders) by owner, marketSymbol and side. */
const BUILDERS: [string, Record<string, unknown>][] = [
  ["close-position", { inputUsdUi: "0", withdrawTokenSymbol: "SOL" }],
  ["close-position", { inputUsdUi: "100", withdrawTokenSymbol: "SOL" }],
  ["decrease-position", { sizeAmountUi: "1" }],
  ["increase-position", { sizeAmountUi: "0.1", collateralAmountUi: "10", collateralTokenSymbol: "USDC" }],
  ["add-collateral", { depositAmountUi: "10", depositTokenSymbol: "USDC" }],
  ["remove-collateral", { withdrawAmountUsdUi: "10", withdrawTokenSymbol: "SOL" }],
  ["reverse-position", { leverage: 2 }],
  ["place-trigger-order", { triggerPriceUi: "200", sizeAmountUi: "1", isStopLoss: false }],
  ["place-tp-sl", { sizeAmountUi: "1", takeProfitUi: "200" }],
  ["edit-trigger-order", { orderId: 0, isStopLoss: false, triggerPriceUi: "190", sizeAmountUi: "1" }],
  ["cancel-trigger-order", { orderId: 0, isStopLoss: false }],
  ["cancel-all-trigger-orders", {}],
  ["edit-limit-order", { orderId: 1, takeProfitUi: "175" }],
  ["cancel-limit-order", { orderId: 1 }],
];

Deno.test("collateralSymbol picks the market of every v2 builder that addresses a position", async (t) => {
  const app = twoLongs();
  const build = (path: string, body: Record<string, unknown>) =>
    call(app, "POST", `/v2/transaction-builder/${path}`, { ...position, ...body });
  for (const [path, body] of BUILDERS) {
    await t.step(path, async () => {
      for (
        const [collateralSymbol, market] of [["JitoSOL", M.v2.solLongJito], ["SOL", M.v2.solLong], [
          undefined,
          M.v2.solLong,
        ]] as const
      ) {
        const r = await build(path, collateralSymbol === undefined ? body : { ...body, collateralSymbol });
        assert.equal(r.status, 200, `${path} ${collateralSymbol}: ${r.text}`);
        assert.ok(r.body.transactionBase64, `${path} ${collateralSymbol}: ${r.text}`);
        assert.equal(marketOf(r.body.transactionBase64), market, `${path} with ${collateralSymbol}`);
      }
      // No SOL LONG market with USDC collateral.
      const none = await build(path, { ...body, collateralSymbol: "USDC" });
      assert.equal(none.body.code, "UNKNOWN_MARKET", `${path}: ${none.text}`);
    });
  }
});

Deno.test("without collateralSymbol: the market where the position exists", async () => {
  const app = twoLongs(false);
  const r = await call(app, "POST", "/v2/transaction-builder/close-position", {
    ...position,
    inputUsdUi: "0",
    withdrawTokenSymbol: "SOL",
  });
  assert.equal(marketOf(r.body.transactionBase64), M.v2.solLongJito);
});

Deno.test("collateralSymbol picks the position the v2 previews price", async () => {
  const app = twoLongs();
  const previews: [string, Record<string, unknown>][] = [
    ["exit-fee", { closeAmountUsdUi: "0" }],
    ["margin", { marginDeltaUsdUi: "10", action: "ADD" }],
    ["tp-sl", { mode: "forward", triggerPriceUi: "200" }],
  ];
  for (const [path, body] of previews) {
    const answer = async (collateralSymbol?: string) => {
      const r = await call(app, "POST", `/v2/preview/${path}`, { ...position, ...body, collateralSymbol });
      assert.equal(r.status, 200, r.text);
      return r.body;
    };
    const [jito, sol, plain] = [await answer("JitoSOL"), await answer("SOL"), await answer()];
    assert.notDeepEqual(jito, sol, `${path}: the two positions differ`);
    assert.deepEqual(plain, sol, `${path}: without collateralSymbol, the first configured market`);
  }
});
