/** decrease-position (ext) on the hand-built deployment: ALICE's SOL long (10 SOL) loses part of its size. */
import assert from "node:assert/strict";
import {
  type DecreasePositionRequest,
  decreasePositionTransaction,
} from "../../../../src/domain/builders/v2/decrease-position.ts";
import { basketAccount } from "../../../../src/protocol/accounts/mod.ts";
import * as pda from "../../../../src/protocol/pda.ts";
import { ALICE, aliceBasket, M, solLongPosition } from "../../../helpers/hand-built-deployment.ts";
import { dispensing, marketBlock, owner, P, px, refusal, session, tradingFixture } from "./_helpers.ts";
import { assertTradeInstruction } from "../../../helpers/transaction-checks.ts";

const long = { owner: ALICE, marketSymbol: "SOL", side: "LONG" } as const;

Deno.test("decrease-position: 2 of 10 SOL, paid out in the custody asked for (DECISIONS 5.17); a session key signs", () => {
  const w = tradingFixture().snapshot("v2");
  const s = session(ALICE);
  const built = decreasePositionTransaction(
    w,
    { position: long, sizeAmountUi: "2", withdrawTokenSymbol: "USDC" },
    s,
    50n,
  );
  assert.equal(built.feePayer, s.signer);
  assertTradeInstruction(built.instructions[0], {
    program: P,
    name: "decrease_position_size_er",
    signing: { owner: ALICE, signer: s.signer, sessionToken: s.sessionToken },
    accounts: {
      ...marketBlock("Crypto.1", "SOL", "SOL", "long"),
      ...dispensing("Crypto.1", "USDC"),
    },
    // Exit fill 159.84, bound − ⌈159.84 × 0.5 %⌉ = 159.0408.
    args: { priceWithSlippage: px("159.0408"), sizeDelta: 2_000_000_000n, privilege: "None" },
    exactRoles: true,
  });
});

Deno.test("decrease-position: refusals", () => {
  const f = tradingFixture();
  const run = (req: Partial<DecreasePositionRequest>) => {
    const w = f.snapshot("v2");
    return refusal(() =>
      decreasePositionTransaction(w, { position: long, sizeAmountUi: "1", ...req }, owner(ALICE), 50n)
    );
  };
  assert.equal(run({ sizeAmountUi: "0" }).code, "ORDER_SIZE_INVALID");
  assert.match(run({ sizeAmountUi: "10" }).err, /smaller than the position \(close-position closes it all\)/);
  assert.equal(run({ sizeAmountUi: "11" }).code, "ORDER_SIZE_INVALID");
  assert.equal(run({ withdrawTokenSymbol: "XYZ" }).code, "UNKNOWN_SYMBOL");
  assert.deepEqual(run({ withdrawTokenSymbol: "SPY" }), {
    code: "VALIDATION_FAILED",
    field: "body.withdrawTokenSymbol",
    err:
      "body.withdrawTokenSymbol names SPY, which the program cannot pay out in on the SOL LONG market: it is not a " +
      "token of pool Crypto.1",
  });
  // Without a payout token: the market's collateral.
  const plain = decreasePositionTransaction(f.snapshot("v2"), { position: long, sizeAmountUi: "1" }, owner(ALICE), 50n);
  assert.equal(plain.instructions[0].accounts[8].address, dispensing("Crypto.1", "SOL").dispensing_custody);
  const basket = aliceBasket();
  basket.positions[0].position = { ...solLongPosition("v2", ALICE, M.v2.solLong), collateralUsd: 100_000_000n };
  f.put("v2", pda.basket(P, ALICE), basketAccount, basket);
  // 9.6 of 10 SOL: $4 of the $100 collateral stays.
  assert.equal(run({ sizeAmountUi: "9.6" }).code, "INSUFFICIENT_COLLATERAL");
});
