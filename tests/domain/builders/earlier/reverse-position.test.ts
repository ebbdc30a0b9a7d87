/**
 * Earlier reverse-position builder on the hand-built deployment: DAVE holds SOL long (SOL collateral, live triggers)
 * and SOL short (USDC collateral), so each reverse increases the opposite position and swaps the close payout into
 * the opposite market's collateral (close_and_swap), which the open then spends from the same token account.
 */
import assert from "node:assert/strict";
import { reversePositionTransaction } from "../../../../src/domain/builders/earlier/reverse-position.ts";
import { reversePositionQuote } from "../../../../src/domain/quotes/reverse.ts";
import { type Custody, custodyAccount } from "../../../../src/protocol/accounts/mod.ts";
import { formatUsd } from "../../../../src/domain/format/ui.ts";
import { tradePrices } from "../../../../src/domain/quotes/market-lookup.ts";
import { positionFigures } from "../../../../src/domain/views/position-metrics.ts";
import { DAVE, EVE, MINT } from "../../../helpers/hand-built-deployment.ts";
import { A, builderFixture } from "../../../helpers/earlier-builder-deployment.ts";
import { decodeProgramInstruction } from "../../../helpers/instructions.ts";
import { ok } from "../../quotes/_helpers.ts";
import { ata, ATA_PROGRAM, SYSTEM_PROGRAM, SYSVAR_INSTRUCTIONS, TOKEN } from "../../../helpers/expected-accounts.ts";
import { assertEarlierInstruction } from "../../../helpers/transaction-checks.ts";
import { custody, P, POOL, SOL_LONG, SOL_SHORT } from "./_helpers.ts";

Deno.test("long → short: cancel triggers, close_and_swap into USDC, open_position on the short from that account", () => {
  const s = builderFixture().snapshot("earlier");
  const { dto, plan } = ok(
    reversePositionTransaction(s, { positionKey: A.position(DAVE, SOL_LONG), owner: DAVE, leverage: 3 }),
  );
  assert.equal(dto.newSide, "Short");
  assert.equal(plan.feePayer, DAVE);
  const programs = plan.instructions.map((i) => i.programAddress);
  assert.deepEqual(programs, [P, ATA_PROGRAM, ATA_PROGRAM, P, P]);
  const [cancel, , , close, open] = plan.instructions.map((
    i,
    n,
  ) => (programs[n] === P ? decodeProgramInstruction("earlier", i) : undefined));
  assert.equal(cancel?.name, "cancel_all_trigger_orders");
  assert.equal(close?.name, "close_and_swap");
  assert.equal(close?.accounts.receivingAccount, ata(DAVE, MINT.USDC));
  assert.equal(close?.accounts.collateralAccount, ata(DAVE, MINT.SOL));
  assert.equal(close?.accounts.dispensingCustody, custody("USDC"));
  assert.equal(close?.accounts.position, A.position(DAVE, SOL_LONG));
  assert.ok(open);
  // USDC at 1.00: the new collateral in native units is the haircut payout in micro-USD.
  assert.equal(formatUsd(open.args.collateralAmount as bigint), dto.newCollateralUsd);
  assertEarlierInstruction(plan.instructions[4], P, {
    name: "open_position",
    accounts: {
      owner: DAVE,
      feePayer: DAVE,
      fundingAccount: ata(DAVE, MINT.USDC),
      transferAuthority: A.transferAuthority,
      perpetuals: A.perpetuals,
      pool: POOL,
      position: A.position(DAVE, SOL_SHORT),
      market: SOL_SHORT,
      targetCustody: custody("SOL"),
      targetOracleAccount: A.oracle(MINT.SOL),
      collateralCustody: custody("USDC"),
      collateralOracleAccount: A.oracle(MINT.USDC),
      collateralCustodyTokenAccount: A.custodyTokenAccount(POOL, MINT.USDC),
      systemProgram: SYSTEM_PROGRAM,
      fundingTokenProgram: TOKEN,
      eventAuthority: A.eventAuthority,
      program: P,
      ixSysvar: SYSVAR_INSTRUCTIONS,
      fundingMint: MINT.USDC,
    },
    // Short entry 160 − 0.16 = 159.84; bound 15 984 000 000 − ⌈15 984 000 000 × 50 / 10⁴⌉.
    args: {
      priceWithSlippage: { price: 15_984_000_000n - 79_920_000n, exponent: -8 },
      collateralAmount: open.args.collateralAmount,
      sizeAmount: open.args.sizeAmount,
      privilege: "None",
    },
  });
});

Deno.test("short → long: the payout stays wrapped in the SOL account the open spends (no unwrap)", () => {
  const s = builderFixture().snapshot("earlier");
  const { plan } = ok(
    reversePositionTransaction(s, { positionKey: A.position(DAVE, SOL_SHORT), owner: DAVE, leverage: 2 }),
  );
  const programs = plan.instructions.map((i) => i.programAddress);
  assert.deepEqual(programs, [ATA_PROGRAM, ATA_PROGRAM, P, P]); // no triggers on the short, no token-program close
  const open = decodeProgramInstruction("earlier", plan.instructions[3]);
  assert.equal(open.accounts.fundingAccount, ata(DAVE, MINT.SOL));
  assert.equal(open.accounts.market, SOL_LONG);
});

Deno.test("leverage defaults to the position's current leverage; the owner must own the position", () => {
  const s = builderFixture().snapshot("earlier");
  const key = A.position(DAVE, SOL_SHORT);
  const ref = s.accounts.get("Position", key);
  const market = s.market(SOL_SHORT);
  assert.ok(ref && market);
  const prices = tradePrices(s, market, true);
  const current = positionFigures(market, ref, prices.target.price, prices.collateral.price, s.nowUnix).metrics;
  const implicit = ok(reversePositionTransaction(s, { positionKey: key, owner: DAVE }));
  const explicit = ok(
    reversePositionTransaction(s, { positionKey: key, owner: DAVE, leverage: Number(current.leverageBps) / 1e4 }),
  );
  assert.deepEqual(implicit.dto, explicit.dto);
  assert.deepEqual(reversePositionTransaction(s, { positionKey: key, owner: EVE }), {
    ok: false,
    code: "POSITION_NOT_FOUND",
    err: `position ${key} is not owned by ${EVE}`,
  });
});

Deno.test("the new leg passes what an open passes: the minimum collateral after fees and the liquidity", async (t) => {
  const key = A.position(DAVE, SOL_LONG);
  const request = { positionKey: key, owner: DAVE, leverage: 3 };
  /** The fixture with the SOL custody's (the short's target) or the USDC custody's (its collateral) account changed. */
  const changed = (symbol: "SOL" | "USDC", change: (c: Custody) => Custody) => {
    const f = builderFixture();
    const account = f.snapshot("earlier").accounts.get("Custody", custody(symbol));
    assert.ok(account);
    f.put("earlier", custody(symbol), custodyAccount.earlier, change(account));
    return f.snapshot("earlier");
  };
  // The increased short's collateral after the new leg's entry fee (USD-6), as the quote computes it (the program keeps
  // the minimum as a u32 of USD-6).
  const quoted = ok(reversePositionQuote(builderFixture().snapshot("earlier"), {
    position: { positionKey: key },
    leverage: 3,
    privilege: "STAKE", // what the build grants DAVE, who stakes (the discount changes the fee)
  }));
  const after = quoted.terms.newPosition.collateralUsd;
  const minimum = (usd: bigint) => (c: Custody) => ({ ...c, pricing: { ...c.pricing, minCollateralUsd: Number(usd) } });
  await t.step("a market minimum one micro-USD above it is refused; at it, built", () => {
    const r = reversePositionTransaction(changed("SOL", minimum(after + 1n)), request);
    assert.deepEqual(r, {
      ok: false,
      code: "INSUFFICIENT_COLLATERAL",
      err: `collateral after fees of $${formatUsd(after)} is below the market minimum of $${formatUsd(after + 1n)}`,
    });
    assert.equal(reversePositionTransaction(changed("SOL", minimum(after)), request).ok, true);
  });
  await t.step("a USDC custody with nothing free cannot take the lock", () => {
    const r = reversePositionTransaction(
      changed("USDC", (c) => ({ ...c, assets: { ...c.assets, owned: c.assets.locked } })),
      request,
    );
    assert.equal(!r.ok && r.code, "COMPUTE_FAILED");
    assert.match(
      !r.ok ? r.err : "",
      /^insufficient liquidity: the market can take \$0\.00, the trade needs \$[\d,.]+$/,
    );
  });
});
