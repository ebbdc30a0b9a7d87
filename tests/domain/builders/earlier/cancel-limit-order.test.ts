/**
 * Earlier cancel-limit-order builder (DECISIONS 5.19) on the hand-built deployment: DAVE's order account on the SOL
 * long market holds a limit order in slot 1 reserving 1 SOL.
 */
import assert from "node:assert/strict";
import { PublicKey } from "@solana/web3.js";
import { createCloseAccountInstruction } from "@solana/spl-token";
import { cancelLimitOrderTransaction } from "../../../../src/domain/builders/earlier/cancel-limit-order.ts";
import { orderAccount } from "../../../../src/protocol/accounts/mod.ts";
import { DAVE, EVE, MINT, orderAccountOf } from "../../../helpers/hand-built-deployment.ts";
import { A, builderFixture } from "../../../helpers/earlier-builder-deployment.ts";
import { fromWeb3 } from "../../../helpers/instructions.ts";
import { expectCreateAta } from "../../../helpers/expected-instructions.ts";
import { ata, TOKEN } from "../../../helpers/expected-accounts.ts";
import { assertEarlierInstruction } from "../../../helpers/transaction-checks.ts";
import { ok } from "../../quotes/_helpers.ts";
import { custody, P, POOL, SOL_LONG } from "./_helpers.ts";

const dave = new PublicKey(DAVE);

Deno.test("cancel_limit_order: the reserve comes back into the owner's account of the reserve token", () => {
  const s = builderFixture().snapshot("earlier");
  const b = ok(cancelLimitOrderTransaction(s, { owner: DAVE, marketSymbol: "SOL", side: "LONG", orderId: 1 }));
  assert.equal(b.feePayer, DAVE);
  assert.equal(b.chain, "base");
  assert.equal(b.instructions.length, 3);
  assert.deepEqual(b.instructions[0], expectCreateAta(DAVE, DAVE, { mint: MINT.SOL, token2022: false }).external);
  assertEarlierInstruction(b.instructions[1], P, {
    name: "cancel_limit_order",
    accounts: {
      owner: DAVE,
      receivingAccount: ata(DAVE, MINT.SOL),
      transferAuthority: A.transferAuthority,
      perpetuals: A.perpetuals,
      pool: POOL,
      order: A.order(DAVE, SOL_LONG),
      targetCustody: custody("SOL"),
      collateralCustody: custody("SOL"),
      reserveCustody: custody("SOL"),
      reserveCustodyTokenAccount: A.custodyTokenAccount(POOL, MINT.SOL),
      reserveTokenProgram: TOKEN,
      eventAuthority: A.eventAuthority,
      program: P,
      reserveMint: MINT.SOL,
    },
    args: { orderId: 1 },
  });
  // A SOL reserve is unwrapped to the wallet, as every SOL payout of this interface.
  assert.deepEqual(
    b.instructions[2],
    fromWeb3(createCloseAccountInstruction(new PublicKey(ata(DAVE, MINT.SOL)), dave, dave)),
  );
});

Deno.test("cancel-limit-order refusals: an empty slot, no order account, an unknown market", () => {
  const s = builderFixture().snapshot("earlier");
  assert.deepEqual(cancelLimitOrderTransaction(s, { owner: DAVE, marketSymbol: "SOL", side: "LONG", orderId: 0 }), {
    ok: false,
    code: "ORDER_NOT_FOUND",
    err: "no limit order in slot 0",
  });
  const none = cancelLimitOrderTransaction(s, { owner: EVE, marketSymbol: "SOL", side: "LONG", orderId: 1 });
  assert.equal(!none.ok && none.code, "NOT_FOUND");
  assert.match(!none.ok ? none.err : "", /^order account \w+ not found$/);
  const unknown = cancelLimitOrderTransaction(s, { owner: DAVE, marketSymbol: "DOGE", side: "LONG", orderId: 1 });
  assert.equal(unknown.ok, false);
});

Deno.test("cancel-limit-order picks the market where the owner's order account is", () => {
  const f = builderFixture();
  const jito = A.market(custody("SOL"), custody("JitoSOL"), "Long");
  f.put("earlier", A.order(EVE, jito), orderAccount.earlier, orderAccountOf("earlier", EVE, jito));
  const b = ok(
    cancelLimitOrderTransaction(f.snapshot("earlier"), { owner: EVE, marketSymbol: "SOL", side: "LONG", orderId: 1 }),
  );
  const cancel = b.instructions.find((ix) => ix.programAddress === P)!;
  assert.equal(cancel.accounts[5].address, A.order(EVE, jito));
  assert.equal(cancel.accounts[7].address, custody("JitoSOL"));
});
