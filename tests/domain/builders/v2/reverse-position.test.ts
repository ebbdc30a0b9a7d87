/**
 * reverse-position on the hand-built deployment: close (paid out in the opposite market's collateral), cleanup,
 * then the opposite leg — an increase when the owner holds that side already (ALICE), an open otherwise (FRANK).
 */
import assert from "node:assert/strict";
import { reversePositionQuote } from "../../../../src/domain/quotes/reverse.ts";
import { reversePositionTransaction } from "../../../../src/domain/builders/v2/reverse-position.ts";
import { basketAccount } from "../../../../src/protocol/accounts/mod.ts";
import * as pda from "../../../../src/protocol/pda.ts";
import { ALICE, basketOf, M, solShortPosition } from "../../../helpers/hand-built-deployment.ts";
import { ok } from "../../quotes/_helpers.ts";
import {
  custodyOf,
  dispensing,
  FRANK,
  marketBlock,
  owner,
  P,
  px,
  receiving,
  refusal,
  tradingFixture,
} from "./_helpers.ts";
import { assertTradeInstruction } from "../../../helpers/transaction-checks.ts";

Deno.test("reverse-position: ALICE's SOL long → close into USDC, cancel its triggers, increase her SOL short", () => {
  const w = tradingFixture().snapshot("v2");
  const q = ok(reversePositionQuote(w, { position: { owner: ALICE, marketSymbol: "SOL", side: "LONG" }, leverage: 2 }));
  const built = reversePositionTransaction(w, q.terms, owner(ALICE), 50n);
  assert.deepEqual(built.instructions.map((ix) => ix.accounts.length), [17, 7, 18]);
  const usdc = custodyOf("Crypto.1", "USDC");
  assertTradeInstruction(built.instructions[0], {
    program: P,
    name: "close_position_er",
    signing: { owner: ALICE, signer: ALICE },
    accounts: {
      ...marketBlock("Crypto.1", "SOL", "SOL", "long"),
      dispensing_custody: usdc.custody, // the opposite market's collateral
      dispensing_oracle_account: usdc.oracle,
    },
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
  // 98 % of the payout (USD, rounded down) in USDC at 1.00 is the new collateral, native.
  const receiveUsd = BigInt(q.dto.closeReceiveUsd.replace(".", "")) * 10_000n; // "x.yz" → micro-USD (2 digits)
  assert.ok(q.terms.collateralAmount <= (receiveUsd + 10_000n) * 98n / 100n);
  assert.ok(q.terms.collateralAmount >= receiveUsd * 98n / 100n);
  assertTradeInstruction(built.instructions[2], {
    program: P,
    name: "increase_position_size_er",
    signing: { owner: ALICE, signer: ALICE },
    accounts: {
      ...marketBlock("Crypto.1", "SOL", "USDC", "short"),
      ...receiving("Crypto.1", "USDC"),
    },
    // Short entry fill 160 − 0.16 = 159.84; bound − ⌈159.84 × 0.5 %⌉.
    args: {
      priceWithSlippage: px("159.0408"),
      sizeDelta: q.terms.sizeAmount,
      deltaCollateralAmount: q.terms.collateralAmount,
      privilege: "None",
    },
    exactRoles: true,
  });
});

Deno.test("reverse-position: FRANK's SOL short → a new SOL long on the JitoSOL market, paid out and in in JitoSOL", () => {
  const f = tradingFixture();
  f.put(
    "v2",
    pda.basket(P, FRANK),
    basketAccount,
    basketOf(FRANK, [{ market: M.v2.solShort, position: solShortPosition("v2", FRANK, M.v2.solShort) }], []),
  );
  const w = f.snapshot("v2");
  const q = ok(
    reversePositionQuote(w, { position: { owner: FRANK, marketSymbol: "SOL", side: "SHORT" }, leverage: 2 }),
  );
  const built = reversePositionTransaction(w, q.terms, owner(FRANK), 50n);
  assert.equal(built.instructions.length, 2); // no triggers on the short: no cleanup
  assertTradeInstruction(built.instructions[0], {
    program: P,
    name: "close_position_er",
    signing: { owner: FRANK, signer: FRANK },
    accounts: {
      ...marketBlock("Crypto.1", "SOL", "USDC", "short"),
      ...dispensing("Crypto.1", "JitoSOL"),
    },
    args: { priceWithSlippage: px("160.9608"), privilege: "None" },
    exactRoles: true,
  });
  assertTradeInstruction(built.instructions[1], {
    program: P,
    name: "open_position_er",
    signing: { owner: FRANK, signer: FRANK },
    accounts: {
      ...marketBlock("Crypto.1", "SOL", "JitoSOL", "long"),
      ...receiving("Crypto.1", "JitoSOL"),
    },
    args: {
      priceWithSlippage: px("160.9608"),
      collateralAmount: q.terms.collateralAmount,
      sizeAmount: q.terms.sizeAmount,
      privilege: "None",
    },
    exactRoles: true,
  });
});

Deno.test("reverse-position: the new leg must keep the minimum collateral", () => {
  const f = tradingFixture();
  // A $20 short (0.1333 SOL @150) with $10.30 collateral: its payout after the loss, the fees and the haircut is
  // below $10.
  const tiny = {
    ...solShortPosition("v2", FRANK, M.v2.solShort),
    sizeAmount: 133_333_333n,
    sizeUsd: 20_000_000n,
    collateralUsd: 10_300_000n,
  };
  f.put("v2", pda.basket(P, FRANK), basketAccount, basketOf(FRANK, [{ market: M.v2.solShort, position: tiny }], []));
  const w = f.snapshot("v2");
  const q = ok(
    reversePositionQuote(w, { position: { owner: FRANK, marketSymbol: "SOL", side: "SHORT" }, leverage: 2 }),
  );
  const r = refusal(() => reversePositionTransaction(w, q.terms, owner(FRANK), 50n));
  assert.equal(r.code, "INSUFFICIENT_COLLATERAL");
  assert.match(r.err, /the reversed position/);
});
