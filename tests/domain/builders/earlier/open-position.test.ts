/**
 * Earlier open-position builder on the hand-built deployment (tests/helpers/earlier-builder-deployment.ts): SOL 160.00, USDC
 * 1.00, flat spread 0.1 %, open fee 0.1 %, swap spread 10 BPS, swap fees 0.01/0.02/0.06 % at ratios 0/50/100 %.
 * Every instruction is decoded and every account compared with an address derived here with web3.js / spl-token.
 */
import assert from "node:assert/strict";
import { PublicKey } from "@solana/web3.js";
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createCloseAccountInstruction,
  NATIVE_MINT,
} from "@solana/spl-token";
import {
  type EarlierOpenPositionRequest,
  minAmountOutWithSlippage,
  openPositionTransaction,
} from "../../../../src/domain/builders/earlier/open-position.ts";
import { orderAccount } from "../../../../src/protocol/accounts/mod.ts";
import { AccountRole, type Instruction } from "../../../../src/protocol/instructions/instruction.ts";
import { DAVE, EVE, MINT } from "../../../helpers/hand-built-deployment.ts";
import { A, builderFixture, FRANK, GRACE } from "../../../helpers/earlier-builder-deployment.ts";
import { fromWeb3 } from "../../../helpers/instructions.ts";
import { ok } from "../../quotes/_helpers.ts";
import { ata, SYSTEM_PROGRAM, SYSVAR_INSTRUCTIONS, TOKEN } from "../../../helpers/expected-accounts.ts";
import { assertEarlierInstruction } from "../../../helpers/transaction-checks.ts";
import { custody, P, POOL, px, SOL_LONG, SOL_SHORT } from "./_helpers.ts";
import { expectWrapSol } from "../../../helpers/expected-instructions.ts";

/** The slots shared by the SOL long market's instructions (target = collateral = SOL). */
function solLongSlots(owner: string) {
  return {
    perpetuals: A.perpetuals,
    pool: POOL,
    position: A.position(owner, SOL_LONG),
    market: SOL_LONG,
    targetCustody: custody("SOL"),
    targetOracleAccount: A.oracle(MINT.SOL),
    collateralCustody: custody("SOL"),
    collateralOracleAccount: A.oracle(MINT.SOL),
    eventAuthority: A.eventAuthority,
    program: P,
    ixSysvar: SYSVAR_INSTRUCTIONS,
  };
}

/** `lamports` wrapped into the owner's wrapped-SOL account, as spl-token and web3.js build it. */
const wrapped = (owner: string, lamports: bigint): Instruction[] =>
  expectWrapSol(owner, lamports).map((w) => w.external);

function build(req: EarlierOpenPositionRequest) {
  return ok(openPositionTransaction(builderFixture().snapshot("earlier"), req));
}

const long1Sol: EarlierOpenPositionRequest = {
  inputTokenSymbol: "SOL",
  outputTokenSymbol: "SOL",
  inputAmountUi: "1",
  leverage: 5,
  tradeType: "LONG",
};

Deno.test("MARKET paid in native SOL: wrap, open_position, then one trigger order per TP / SL", () => {
  const { dto, plan: b } = build({ ...long1Sol, owner: EVE, takeProfit: "200", stopLoss: "140" });
  assert.ok(b);
  assert.equal(b.feePayer, EVE);
  assert.deepEqual(b.lookupTableAddresses, []); // the hand-built pool lists none
  assert.equal(dto.outputAmount, "4945549500"); // tests/domain/quotes/open.test.ts works it out by hand
  assert.equal(b.instructions.length, 6);
  assert.deepEqual(b.instructions.slice(0, 3), wrapped(EVE, 1_000_000_000n));
  const slots = solLongSlots(EVE);
  assertEarlierInstruction(b.instructions[3], P, {
    name: "open_position",
    accounts: {
      ...slots,
      owner: EVE,
      feePayer: EVE,
      fundingAccount: ata(EVE, MINT.SOL),
      transferAuthority: A.transferAuthority,
      collateralCustodyTokenAccount: A.custodyTokenAccount(POOL, MINT.SOL),
      systemProgram: SYSTEM_PROGRAM,
      fundingTokenProgram: TOKEN,
      fundingMint: MINT.SOL,
    },
    // Fill 160.16; bound = 160.16 + ⌈16 016 000 000 × 50 / 10⁴⌉ = 16 096 080 000 (0.5 % default slippage).
    args: {
      priceWithSlippage: px(16_096_080_000n),
      collateralAmount: 1_000_000_000n,
      sizeAmount: 4_945_549_500n,
      privilege: "None",
    },
  });
  for (const [i, price, isStopLoss] of [[4, 20_000_000_000n, false], [5, 14_000_000_000n, true]] as const) {
    const { position: _p, ...rest } = slots;
    assertEarlierInstruction(b.instructions[i], P, {
      name: "place_trigger_order",
      accounts: {
        ...rest,
        owner: EVE,
        feePayer: EVE,
        position: A.position(EVE, SOL_LONG),
        order: A.order(EVE, SOL_LONG),
        receiveCustody: custody("SOL"),
        systemProgram: SYSTEM_PROGRAM,
      },
      args: { triggerPrice: px(price), deltaSizeAmount: 4_945_549_500n, isStopLoss },
    });
  }
});

Deno.test("MARKET paid in WSOL: the wrapped-SOL account as it is, no wrap", () => {
  const { plan: b } = build({ ...long1Sol, inputTokenSymbol: "WSOL", owner: EVE });
  assert.ok(b);
  assert.equal(b.instructions.length, 1);
  const decoded = b.instructions[0];
  assert.equal(decoded.accounts[2].address, ata(EVE, MINT.SOL));
});

Deno.test("MARKET paid in USDC on SOL long: swap_and_open from the USDC account, size from the swap's output", () => {
  const { dto, plan: b } = build({ ...long1Sol, inputTokenSymbol: "USDC", inputAmountUi: "100", owner: EVE });
  assert.ok(b);
  // Swap 100 USDC → SOL worked out by hand (see the SWAP test): guaranteed 624 152 197 lamports = $99.864351.
  // Size: C = 99 864 351, L = 50 000, den = 1e17 + 2·1e6·1e4·L; amount = ⌊C·L·1e13·1e17 / (den·1e6·16 016 000 000)⌋.
  const C = 99_864_351n, L = 50_000n;
  const den = 10n ** 17n + 2n * 1_000_000n * 10_000n * L;
  const size = (C * L * 10n ** 13n * 10n ** 17n) / (den * 10n ** 6n * 16_016_000_000n);
  assert.equal(dto.outputAmount, String(size));
  assert.equal(dto.swapFeeUsdUi, "0.03"); // 17 194 USDC units + 115 447 lamports at 160 = $0.035665
  assert.equal(b.instructions.length, 1);
  const { position: _p, ...slots } = solLongSlots(EVE);
  assertEarlierInstruction(b.instructions[0], P, {
    name: "swap_and_open",
    accounts: {
      ...slots,
      owner: EVE,
      feePayer: EVE,
      fundingAccount: ata(EVE, MINT.USDC),
      transferAuthority: A.transferAuthority,
      receivingCustody: custody("USDC"),
      receivingCustodyOracleAccount: A.oracle(MINT.USDC),
      receivingCustodyTokenAccount: A.custodyTokenAccount(POOL, MINT.USDC),
      position: A.position(EVE, SOL_LONG),
      collateralCustodyTokenAccount: A.custodyTokenAccount(POOL, MINT.SOL),
      systemProgram: SYSTEM_PROGRAM,
      fundingTokenProgram: TOKEN,
      fundingMint: MINT.USDC,
      collateralMint: MINT.SOL,
      collateralTokenProgram: TOKEN,
    },
    args: { priceWithSlippage: px(16_096_080_000n), amountIn: 100_000_000n, sizeAmount: size, privilege: "None" },
  });
});

Deno.test("LIMIT: place_limit_order reserving the input in its custody, TP/SL on the order (0 = none)", async (t) => {
  const short = {
    ...long1Sol,
    inputTokenSymbol: "USDC",
    inputAmountUi: "100",
    tradeType: "SHORT" as const,
    orderType: "LIMIT" as const,
    limitPrice: "170",
    owner: EVE,
  };
  await t.step("short at 170 with a stop-loss at 180", () => {
    const { dto, plan: b } = build({ ...short, stopLoss: "180" });
    assert.ok(b);
    assert.equal(b.instructions.length, 1);
    assertEarlierInstruction(b.instructions[0], P, {
      name: "place_limit_order",
      accounts: {
        owner: EVE,
        feePayer: EVE,
        fundingAccount: ata(EVE, MINT.USDC),
        perpetuals: A.perpetuals,
        pool: POOL,
        position: A.position(EVE, SOL_SHORT),
        order: A.order(EVE, SOL_SHORT),
        market: SOL_SHORT,
        targetCustody: custody("SOL"),
        targetOracleAccount: A.oracle(MINT.SOL),
        reserveCustody: custody("USDC"),
        reserveOracleAccount: A.oracle(MINT.USDC),
        reserveCustodyTokenAccount: A.custodyTokenAccount(POOL, MINT.USDC),
        receiveCustody: custody("USDC"),
        systemProgram: SYSTEM_PROGRAM,
        fundingTokenProgram: TOKEN,
        eventAuthority: A.eventAuthority,
        program: P,
        ixSysvar: SYSVAR_INSTRUCTIONS,
        fundingMint: MINT.USDC,
      },
      args: {
        limitPrice: px(17_000_000_000n),
        reserveAmount: 100_000_000n,
        sizeAmount: BigInt(dto.outputAmount),
        stopLossPrice: px(18_000_000_000n),
        takeProfitPrice: px(0n),
      },
    });
  });
  await t.step("a short's take-profit above the limit price is refused", () => {
    const r = openPositionTransaction(builderFixture().snapshot("earlier"), { ...short, takeProfit: "175" });
    assert.deepEqual(r, {
      ok: false,
      code: "TRIGGER_PRICE_INVALID",
      err: "take-profit price must be below the limit price for a short position",
    });
  });
  await t.step("a limit price on the wrong side of the current price (160.00): refused; one unit inside: built", () => {
    const refused = {
      ok: false,
      code: "TRIGGER_PRICE_INVALID",
      err: "limit price must be above the current price for a short limit order",
    };
    const s = () => builderFixture().snapshot("earlier");
    assert.deepEqual(openPositionTransaction(s(), { ...short, limitPrice: "150" }), refused);
    assert.deepEqual(openPositionTransaction(s(), { ...short, limitPrice: "160" }), refused); // it would fill at once
    assert.equal(openPositionTransaction(s(), { ...short, limitPrice: "160.00000001" }).ok, true);
    const long = { ...short, tradeType: "LONG" as const, limitPrice: "160" };
    assert.deepEqual(openPositionTransaction(s(), long), {
      ok: false,
      code: "TRIGGER_PRICE_INVALID",
      err: "limit price must be below the current price for a long limit order",
    });
    assert.equal(openPositionTransaction(s(), { ...long, limitPrice: "159.99999999" }).ok, true);
    // Preview-only: the quote's numbers, nothing is submitted.
    assert.equal(openPositionTransaction(s(), { ...short, limitPrice: "150", owner: undefined }).ok, true);
  });
});

Deno.test("SWAP: swap with the pool's custodies and oracles, payout created first and unwrapped after", async (t) => {
  const usdcToSol = {
    ...long1Sol,
    inputTokenSymbol: "USDC",
    inputAmountUi: "100",
    tradeType: "SWAP" as const,
  };
  const poolAccounts = (whitelist?: string) =>
    [
      ...["SOL", "USDC", "JitoSOL"].map((s) => [custody(s as keyof typeof MINT), AccountRole.READONLY]),
      ...["SOL", "USDC", "JitoSOL"].map((s) => [A.oracle(MINT[s as keyof typeof MINT]), AccountRole.READONLY]),
      ...(whitelist ? [[whitelist, AccountRole.READONLY]] : []),
    ] as [string, AccountRole][];
  const swapAccounts = (owner: string) => ({
    owner,
    fundingAccount: ata(owner, MINT.USDC),
    receivingAccount: ata(owner, MINT.SOL),
    transferAuthority: A.transferAuthority,
    perpetuals: A.perpetuals,
    pool: POOL,
    receivingCustody: custody("USDC"),
    receivingCustodyOracleAccount: A.oracle(MINT.USDC),
    receivingCustodyTokenAccount: A.custodyTokenAccount(POOL, MINT.USDC),
    dispensingCustody: custody("SOL"),
    dispensingCustodyOracleAccount: A.oracle(MINT.SOL),
    dispensingCustodyTokenAccount: A.custodyTokenAccount(POOL, MINT.SOL),
    eventAuthority: A.eventAuthority,
    program: P,
    ixSysvar: SYSVAR_INSTRUCTIONS,
    fundingMint: MINT.USDC,
    fundingTokenProgram: TOKEN,
    receivingMint: MINT.SOL,
    receivingTokenProgram: TOKEN,
  });
  await t.step("with fees: the hand-computed output less 0.5 %", () => {
    // pair = ⌊1e8·1e8/16e9⌋ = 625 000; less the 10 BPS spread: 624 375; gross 624 375 000 lamports.
    // fee in: ratio ⌊(1e12 + 1e8)·1e4/(2.78e12 + 1e8)⌋ = 3 597 → rate 100 000 + ⌊3 597·100 000/5 000⌋ = 171 940,
    //   ⌈1e8·171 940/1e9⌉ = 17 194 USDC units; fee out: ratio 5 755 → rate 184 900, ⌈624 375 000·184 900/1e9⌉ =
    //   115 447; out = ⌊99 982 806·624 375/1e5⌋ − 115 447 = 624 152 197.
    const { dto, plan: b } = build({ ...usdcToSol, owner: EVE });
    assert.ok(b);
    assert.equal(dto.outputAmount, "624152197");
    assert.equal(dto.entryFee, "0.03");
    const o = new PublicKey(EVE);
    const sol = new PublicKey(ata(EVE, MINT.SOL));
    assert.deepEqual(
      b.instructions[0],
      fromWeb3(createAssociatedTokenAccountIdempotentInstruction(o, sol, o, NATIVE_MINT)),
    );
    assert.deepEqual(b.instructions[2], fromWeb3(createCloseAccountInstruction(sol, o, o)));
    assertEarlierInstruction(b.instructions[1], P, {
      name: "swap",
      accounts: swapAccounts(EVE),
      args: { amountIn: 100_000_000n, minAmountOut: (624_152_197n * 9_950n) / 10_000n },
      remaining: poolAccounts(),
    });
  });
  await t.step("a swap-fee-exempt whitelist: no fees, and the whitelist rides along", () => {
    const { dto, plan: b } = build({ ...usdcToSol, owner: GRACE, userWhitelistAccount: A.whitelist(GRACE) });
    assert.ok(b);
    assert.equal(dto.outputAmount, "624375000");
    assert.equal(dto.swapFeeUsdUi, "0.00");
    assertEarlierInstruction(b.instructions[1], P, {
      name: "swap",
      accounts: swapAccounts(GRACE),
      args: { amountIn: 100_000_000n, minAmountOut: minAmountOutWithSlippage(624_375_000n, 50n) },
      remaining: poolAccounts(A.whitelist(GRACE)),
    });
  });
  await t.step("someone else's whitelist is ignored (fees, no remaining whitelist)", () => {
    const { dto, plan: b } = build({ ...usdcToSol, owner: EVE, userWhitelistAccount: A.whitelist(GRACE) });
    assert.equal(dto.outputAmount, "624152197");
    assert.equal(b?.instructions[1].accounts.length, 19 + 6);
  });
  assert.equal(minAmountOutWithSlippage(1_000n, 10_000n), 0n);
  assert.equal(minAmountOutWithSlippage(1_000n, 0n), 1_000n);
});

Deno.test("privileges: STAKE and REFERRAL ride with their accounts; without them the trade is NONE", async (t) => {
  const shortIncrease = {
    ...long1Sol,
    inputTokenSymbol: "USDC",
    inputAmountUi: "100",
    tradeType: "SHORT" as const,
    tradingFeeDiscountPercent: 10,
  };
  const openOf = (b: ReturnType<typeof build>["plan"]) => {
    const ix = b?.instructions.find((i) => i.programAddress === P);
    assert.ok(ix);
    return ix;
  };
  await t.step("STAKE: [own referral PDA (read-only), own stake (writable)], privilege Stake", () => {
    const { dto, plan: b } = build({ ...shortIncrease, owner: DAVE, privilege: "STAKE" });
    const ix = openOf(b);
    assert.equal(dto.discountPercentage, "10");
    assert.equal(ix.data[ix.data.length - 1], 1); // Privilege::Stake
    assert.deepEqual(ix.accounts.slice(19).map((m) => [m.address, m.role]), [
      [A.referral(DAVE), AccountRole.READONLY],
      [A.tokenStake(DAVE), AccountRole.WRITABLE],
    ]);
  });
  await t.step("REFERRAL: [own referral (writable), the referrer's stake (writable)], privilege Referral", () => {
    const { plan: b } = build({ ...shortIncrease, owner: DAVE, userReferralAccount: A.referral(DAVE) });
    const ix = openOf(b);
    assert.equal(ix.data[ix.data.length - 1], 2);
    assert.deepEqual(ix.accounts.slice(19).map((m) => [m.address, m.role]), [
      [A.referral(DAVE), AccountRole.WRITABLE],
      [A.tokenStake(FRANK), AccountRole.WRITABLE],
    ]);
  });
  await t.step("STAKE without a stake account: None, no remaining accounts, no discount", () => {
    const { dto, plan: b } = build({ ...shortIncrease, owner: EVE, privilege: "STAKE" });
    const ix = openOf(b);
    assert.equal(ix.data[ix.data.length - 1], 0);
    assert.equal(ix.accounts.length, 19);
    assert.equal(dto.discountPercentage, "0");
    assert.equal(dto.entryFee, dto.entryFeeBeforeDiscount);
  });
});

Deno.test("refusals of a build (200 err): TP/SL side, slots, minimum collateral; preview-only still quotes", async (t) => {
  const s = () => builderFixture().snapshot("earlier");
  await t.step("a long's take-profit below the current price", () => {
    assert.deepEqual(openPositionTransaction(s(), { ...long1Sol, owner: EVE, takeProfit: "150" }), {
      ok: false,
      code: "TRIGGER_PRICE_INVALID",
      err: "take-profit price must be above the current price for a long position",
    });
    assert.equal(openPositionTransaction(s(), { ...long1Sol, owner: EVE, stopLoss: "161" }).ok, false);
  });
  await t.step("all five take-profit slots taken", () => {
    const f = builderFixture();
    const key = A.order(DAVE, SOL_LONG);
    const order = f.snapshot("earlier").accounts.get("Order", key);
    assert.ok(order);
    const full = order.takeProfitOrders.map(() => ({ ...order.takeProfitOrders[0] }));
    f.put("earlier", key, orderAccount.earlier, { ...order, takeProfitOrders: full });
    const r = openPositionTransaction(f.snapshot("earlier"), { ...long1Sol, owner: DAVE, takeProfit: "200" });
    assert.equal(!r.ok && r.code, "ORDER_SLOTS_FULL");
    // The stop-loss list still has room.
    assert.equal(
      openPositionTransaction(f.snapshot("earlier"), { ...long1Sol, owner: DAVE, stopLoss: "100" }).ok,
      true,
    );
  });
  await t.step("below the minimum collateral: numbers without an owner, a refusal with one", () => {
    const small = { ...long1Sol, inputAmountUi: "0.05", leverage: 2 }; // $8 < $10 minimum
    const preview = ok(openPositionTransaction(s(), small));
    assert.equal(preview.plan, undefined);
    assert.equal(preview.dto.youPayUsdUi, "8.00");
    const r = openPositionTransaction(s(), { ...small, owner: EVE });
    assert.equal(!r.ok && r.code, "INSUFFICIENT_COLLATERAL");
  });
  await t.step("an amount below one native unit builds nothing (it would be a zero-amount instruction)", () => {
    const dust = { inputAmountUi: "0.0000001", owner: EVE }; // USDC has 6 decimals
    const err = "inputAmountUi is less than one native unit of USDC: nothing to build a transaction for";
    for (
      const req of [
        { ...long1Sol, ...dust, inputTokenSymbol: "USDC" }, // swap-and-open
        { ...long1Sol, ...dust, inputTokenSymbol: "USDC", tradeType: "SHORT" as const }, // open_position
        { ...long1Sol, ...dust, inputTokenSymbol: "USDC", orderType: "LIMIT" as const, limitPrice: "150" },
      ]
    ) assert.deepEqual(openPositionTransaction(s(), req), { ok: false, code: "INSUFFICIENT_COLLATERAL", err });
    const swap = { ...long1Sol, ...dust, inputTokenSymbol: "USDC", tradeType: "SWAP" as const };
    assert.deepEqual(openPositionTransaction(s(), swap), { ok: false, code: "ORDER_SIZE_INVALID", err });
    // One native unit is an amount: the swap of 0.000001 USDC is built.
    assert.equal(openPositionTransaction(s(), { ...swap, inputAmountUi: "0.000001" }).ok, true);
  });
});
