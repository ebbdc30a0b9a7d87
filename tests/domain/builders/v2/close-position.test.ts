/**
 * close-position with an owner on the hand-built deployment (ALICE: SOL long 10 @150 with a TP and an SL, SOL short
 * 4 @150 without triggers; SOL 160.00, flat spread 0.1 %): full close with and without the trigger cleanup, partial
 * close, and the refusals.
 */
import assert from "node:assert/strict";
import { closePositionQuote, type ClosePositionRequest } from "../../../../src/domain/quotes/close.ts";
import { closePositionTransaction } from "../../../../src/domain/builders/v2/close-position.ts";
import type { TradeSigner } from "../../../../src/domain/builders/v2/trade-accounts.ts";
import { basketAccount, marketAccount } from "../../../../src/protocol/accounts/mod.ts";
import * as pda from "../../../../src/protocol/pda.ts";
import { ALICE, aliceBasket, M, solLongPosition } from "../../../helpers/hand-built-deployment.ts";
import { ok } from "../../quotes/_helpers.ts";
import { dispensing, marketBlock, owner, P, px, refusal, session, tradingFixture } from "./_helpers.ts";
import { assertTradeInstruction } from "../../../helpers/transaction-checks.ts";

const long = { owner: ALICE, marketSymbol: "SOL", side: "LONG" } as const;
const short = { owner: ALICE, marketSymbol: "SOL", side: "SHORT" } as const;

function close(f: ReturnType<typeof tradingFixture>, req: ClosePositionRequest, signer: TradeSigner = owner(ALICE)) {
  const w = f.snapshot("v2");
  const q = ok(closePositionQuote(w, req));
  return { q, run: () => closePositionTransaction(w, q.terms, signer, 50n, req.withdrawTokenSymbol) };
}

Deno.test("close-position: full close of the SOL long, then one cancel-all of its market's triggers", () => {
  const { run } = close(tradingFixture(), { position: long, inputUsdUi: "0", withdrawTokenSymbol: "USDC" });
  const built = run();
  assert.equal(built.feePayer, ALICE);
  assert.equal(built.instructions.length, 2);
  assertTradeInstruction(built.instructions[0], {
    program: P,
    name: "close_position_er",
    signing: { owner: ALICE, signer: ALICE },
    // Paid out in the token asked for (DECISIONS 5.17): dispensing = the USDC custody, writable.
    accounts: {
      ...marketBlock("Crypto.1", "SOL", "SOL", "long"),
      ...dispensing("Crypto.1", "USDC"),
    },
    // Exit fill 160.00 − 0.16 = 159.84; bound − ⌈159.84 × 0.5 %⌉ = 159.0408.
    args: { priceWithSlippage: px("159.0408"), privilege: "None" },
    exactRoles: true,
  });
  assertTradeInstruction(built.instructions[1], {
    program: P,
    name: "cancel_all_trigger_orders_er",
    signing: { owner: ALICE, signer: ALICE },
    accounts: {},
    args: { market: M.v2.solLong },
    exactRoles: true,
  });
});

Deno.test("close-position: 97 % or closeAll is full; a market without triggers gets no cleanup", () => {
  const f = tradingFixture();
  // SOL short $600: 582 = 97 % → full; the short's order lists are all empty.
  for (const req of [{ inputUsdUi: "582" }, { inputUsdUi: "1", closeAll: true }]) {
    const built = close(f, { position: short, withdrawTokenSymbol: "USDC", ...req }).run();
    assert.equal(built.instructions.length, 1);
    assertTradeInstruction(built.instructions[0], {
      program: P,
      name: "close_position_er",
      signing: { owner: ALICE, signer: ALICE },
      accounts: {
        ...marketBlock("Crypto.1", "SOL", "USDC", "short"),
        ...dispensing("Crypto.1", "USDC"),
      },
      // Short exit fill 160.16; bound + ⌈160.16 × 0.5 %⌉ = 160.9608.
      args: { priceWithSlippage: px("160.9608"), privilege: "None" },
      exactRoles: true,
    });
  }
});

Deno.test("close-position: a partial close decreases the quoted size delta; a session key signs", () => {
  const s = session(ALICE);
  const built = close(tradingFixture(), { position: long, inputUsdUi: "500", withdrawTokenSymbol: "SOL" }, s).run();
  assert.equal(built.feePayer, s.signer);
  assertTradeInstruction(built.instructions[0], {
    program: P,
    name: "decrease_position_size_er",
    signing: { owner: ALICE, signer: s.signer, sessionToken: s.sessionToken },
    accounts: {
      ...marketBlock("Crypto.1", "SOL", "SOL", "long"),
      ...dispensing("Crypto.1", "SOL"),
    },
    // $500 of $1 500: ⌊1e10 × 500 / 1500⌋ (close quote test); the same exit fill (flat spread).
    args: { priceWithSlippage: px("159.0408"), sizeDelta: 3_333_333_333n, privilege: "None" },
    exactRoles: true,
  });
});

Deno.test("close-position: without withdrawTokenSymbol the payout is the market's collateral", () => {
  const built = close(tradingFixture(), { position: long, inputUsdUi: "0" }).run();
  assertTradeInstruction(built.instructions[0], {
    program: P,
    name: "close_position_er",
    signing: { owner: ALICE, signer: ALICE },
    accounts: { ...marketBlock("Crypto.1", "SOL", "SOL", "long"), ...dispensing("Crypto.1", "SOL") },
    args: { priceWithSlippage: px("159.0408"), privilege: "None" },
    exactRoles: true,
  });
});

Deno.test("close-position: a partial close pays out in the token asked for (DECISIONS 5.17)", () => {
  const built = close(tradingFixture(), { position: long, inputUsdUi: "500", withdrawTokenSymbol: "JitoSOL" }).run();
  assertTradeInstruction(built.instructions[0], {
    program: P,
    name: "decrease_position_size_er",
    signing: { owner: ALICE, signer: ALICE },
    accounts: { ...marketBlock("Crypto.1", "SOL", "SOL", "long"), ...dispensing("Crypto.1", "JitoSOL") },
    args: { priceWithSlippage: px("159.0408"), sizeDelta: 3_333_333_333n, privilege: "None" },
    exactRoles: true,
  });
});

Deno.test("close-position: refusals", async (t) => {
  const f = tradingFixture();
  await t.step("a payout token the program cannot pay out in (not of the market's pool): 400", () => {
    const r = refusal(close(f, { position: long, inputUsdUi: "0", withdrawTokenSymbol: "SPY" }).run);
    assert.equal(r.code, "VALIDATION_FAILED");
    assert.equal(r.field, "body.withdrawTokenSymbol");
  });
  await t.step("a partial close leaving less than the minimum collateral", () => {
    const basket = aliceBasket();
    basket.positions[0].position = { ...solLongPosition("v2", ALICE, M.v2.solLong), collateralUsd: 100_000_000n };
    f.put("v2", pda.basket(P, ALICE), basketAccount, basket);
    // 95 % of the size: $5 of the $100 collateral stays.
    const r = refusal(close(f, { position: long, inputUsdUi: "1425", withdrawTokenSymbol: "SOL" }).run);
    assert.equal(r.code, "INSUFFICIENT_COLLATERAL");
    assert.match(r.err, /the position left open: collateral after fees of \$5.00 is below the market minimum/);
    f.put("v2", pda.basket(P, ALICE), basketAccount, aliceBasket());
  });
  await t.step("a partial close of less than one native unit", () => {
    // 100 native units worth $1 500: $1 is ⌊100 × 1 / 1500⌋ = 0 units.
    const basket = aliceBasket();
    basket.positions[0].position = { ...solLongPosition("v2", ALICE, M.v2.solLong), sizeAmount: 100n };
    f.put("v2", pda.basket(P, ALICE), basketAccount, basket);
    const r = refusal(close(f, { position: long, inputUsdUi: "1", withdrawTokenSymbol: "SOL" }).run);
    assert.equal(r.code, "ORDER_SIZE_INVALID");
    f.put("v2", pda.basket(P, ALICE), basketAccount, aliceBasket());
  });
  await t.step('a non-zero amount below one micro-USD is not "0" (no full close)', () => {
    const r = refusal(close(f, { position: long, inputUsdUi: "0.0000009", withdrawTokenSymbol: "SOL" }).run);
    assert.deepEqual(r, { code: "ORDER_SIZE_INVALID", err: "inputUsdUi closes less than one unit of size" });
  });
  await t.step("closing disabled on the market", () => {
    const market = f.accounts.v2.get("Market", M.v2.solShort)!;
    f.put("v2", M.v2.solShort, marketAccount, {
      ...market,
      permissions: { ...market.permissions, allowClosePosition: false },
    });
    const r = refusal(close(f, { position: short, inputUsdUi: "0", withdrawTokenSymbol: "USDC" }).run);
    assert.deepEqual(r, { code: "MARKET_CLOSED", err: "closing positions is disabled on the SOL SHORT market" });
    f.put("v2", M.v2.solShort, marketAccount, market);
  });
});
