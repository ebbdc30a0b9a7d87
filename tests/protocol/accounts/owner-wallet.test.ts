import assert from "node:assert/strict";
import { basketAccount, orderAccount, poolAccount } from "../../../src/protocol/accounts/mod.ts";
import { walletOwning } from "../../../src/protocol/accounts/owner-wallet.ts";
import { ALICE, aliceBasket, DAVE, M, orderAccountOf, PROGRAM } from "../../helpers/hand-built-deployment.ts";

Deno.test("walletOwning reads the owner wallet of the kinds asked for, of the program asked for", () => {
  const basket = { owner: PROGRAM.v2, data: basketAccount.encode(aliceBasket()) };
  assert.equal(walletOwning(basket, PROGRAM.v2, ["Basket"]), ALICE);
  assert.equal(walletOwning(basket, PROGRAM.v2, ["Position", "Order"]), undefined, "another kind");
  assert.equal(walletOwning(basket, PROGRAM.earlier, ["Basket"]), undefined, "another program");
  const order = {
    owner: PROGRAM.earlier,
    data: orderAccount.earlier.encode(orderAccountOf("earlier", DAVE, M.earlier.solLong)),
  };
  assert.equal(walletOwning(order, PROGRAM.earlier, ["Position", "Order"]), DAVE);
  const poolData = new Uint8Array(64);
  poolData.set(poolAccount.v2.discriminator);
  const pool = { owner: PROGRAM.v2, data: poolData };
  assert.equal(walletOwning(pool, PROGRAM.v2, ["Basket", "Position", "Order"]), undefined);
  assert.equal(
    walletOwning({ owner: PROGRAM.v2, data: basket.data.subarray(0, 39) }, PROGRAM.v2, ["Basket"]),
    undefined,
  );
  assert.equal(walletOwning(null, PROGRAM.v2, ["Basket"]), undefined);
});
