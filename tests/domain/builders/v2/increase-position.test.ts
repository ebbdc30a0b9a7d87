/**
 * increase-position (ext) on the hand-built deployment: ALICE's SOL long (10 SOL @150, $300 collateral) grows by a
 * size in SOL, with collateral in the market's token or in another one (USDC), held to the program's limits.
 */
import assert from "node:assert/strict";
import {
  type IncreasePositionRequest,
  increasePositionTransaction,
} from "../../../../src/domain/builders/v2/increase-position.ts";
import { ALICE, BOB, CAROL } from "../../../helpers/hand-built-deployment.ts";
import { FRANK, marketBlock, owner, P, px, receiving, refusal, tradingFixture } from "./_helpers.ts";
import { assertTradeInstruction } from "../../../helpers/transaction-checks.ts";

const long = { owner: ALICE, marketSymbol: "SOL", side: "LONG" } as const;

Deno.test("increase-position: size and USDC collateral onto the SOL long (receiving = USDC custody)", () => {
  const w = tradingFixture().snapshot("v2");
  const req: IncreasePositionRequest = {
    position: long,
    sizeAmountUi: "1",
    collateralAmountUi: "10",
    collateralTokenSymbol: "USDC",
  };
  const built = increasePositionTransaction(w, req, owner(ALICE), 50n);
  assert.equal(built.feePayer, ALICE);
  assertTradeInstruction(built.instructions[0], {
    program: P,
    name: "increase_position_size_er",
    signing: { owner: ALICE, signer: ALICE },
    accounts: {
      ...marketBlock("Crypto.1", "SOL", "SOL", "long"),
      ...receiving("Crypto.1", "USDC"),
    },
    // Entry fill 160.16 (flat spread), bound + 0.5 %: 160.9608.
    args: {
      priceWithSlippage: px("160.9608"),
      sizeDelta: 1_000_000_000n,
      deltaCollateralAmount: 10_000_000n,
      privilege: "None",
    },
    exactRoles: true,
  });
});

Deno.test("increase-position: without a collateral token the market's collateral is received, 0 allowed", () => {
  const w = tradingFixture().snapshot("v2");
  const built = increasePositionTransaction(
    w,
    { position: long, sizeAmountUi: "1", collateralAmountUi: "0" },
    owner(ALICE),
    100n,
  );
  assertTradeInstruction(built.instructions[0], {
    program: P,
    name: "increase_position_size_er",
    signing: { owner: ALICE, signer: ALICE },
    accounts: {
      ...marketBlock("Crypto.1", "SOL", "SOL", "long"),
      ...receiving("Crypto.1", "SOL"),
    },
    // 1 % slippage: 160.16 + ⌈1.6016⌉ → 161.7616.
    args: {
      priceWithSlippage: px("161.7616"),
      sizeDelta: 1_000_000_000n,
      deltaCollateralAmount: 0n,
      privilege: "None",
    },
    exactRoles: true,
  });
});

Deno.test("increase-position: refusals", () => {
  const w = tradingFixture().snapshot("v2");
  const run = (req: Partial<IncreasePositionRequest>, o = ALICE) =>
    refusal(() =>
      increasePositionTransaction(
        w,
        { position: { ...long, owner: o }, sizeAmountUi: "1", collateralAmountUi: "0", ...req },
        owner(o),
        50n,
      )
    );
  assert.equal(run({ sizeAmountUi: "0" }).code, "ORDER_SIZE_INVALID");
  assert.equal(run({}, BOB).code, "BASKET_NOT_FOUND");
  assert.equal(run({}, FRANK).code, "POSITION_NOT_FOUND");
  assert.equal(run({ collateralTokenSymbol: "XYZ" }).code, "UNKNOWN_SYMBOL");
  assert.equal(
    run({ position: { owner: CAROL, marketSymbol: "SPY", side: "LONG" } } as never, CAROL).code,
    "MARKET_CLOSED",
  );
  // 1 000 SOL more on $300 of collateral: far beyond 100x.
  assert.match(run({ sizeAmountUi: "1000" }).err, /leverage .* would be above the market maximum of 100.00x/);
  // 10 000 SOL ($1.6M) with 200 SOL of collateral: within 100x, beyond the SOL custody's free $1.44M.
  const liquidity = run({ sizeAmountUi: "10000", collateralAmountUi: "200" });
  assert.equal(liquidity.code, "COMPUTE_FAILED");
  assert.match(liquidity.err, /insufficient liquidity/);
  // 8 900 SOL ($1.424M) is within the free $1.44M, but the position locks its size and its collateral (§5.11):
  // about $1.456M, beyond what the SOL custody holds free.
  const lock = run({ sizeAmountUi: "8900", collateralAmountUi: "200" });
  assert.equal(lock.code, "COMPUTE_FAILED");
  assert.match(
    lock.err,
    /^insufficient liquidity: the trade would lock \$1455878\.57 of the SOL custody, which has \$1440000\.00 free$/,
  );
  // 200 SOL with 20 000 USDC: fine for the market, more than ALICE's 10 000 USDC deposited.
  const balance = run({ sizeAmountUi: "200", collateralAmountUi: "20000", collateralTokenSymbol: "USDC" });
  assert.equal(balance.code, "INSUFFICIENT_COLLATERAL");
  assert.match(balance.err, /20000.00 USDC but the owner's available deposited balance is 10000.00 USDC/);
});
