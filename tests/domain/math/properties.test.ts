/**
 * Property tests over random valid positions and prices (fast-check).
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { pow10 } from "../../../src/domain/math/bigint.ts";
import { borrowFeeUsd } from "../../../src/domain/math/borrow.ts";
import { splitPosition } from "../../../src/domain/math/close.ts";
import { parseDecimal } from "../../../src/domain/math/decimal.ts";
import { entryFee, exitFee } from "../../../src/domain/math/fees.ts";
import { displayLeverageBps, type LeverageBps } from "../../../src/domain/math/leverage.ts";
import { liquidationPrice } from "../../../src/domain/math/liquidation.ts";
import { positionMetrics } from "../../../src/domain/math/metrics.ts";
import { tokenAmount, usdValue } from "../../../src/domain/math/oracle.ts";
import { pnlWithFeeUsd, pnlWithoutFeeUsd, positionPnl } from "../../../src/domain/math/pnl.ts";
import { swapQuote } from "../../../src/domain/math/swap.ts";
import { sizeAtUsdDecimals, triggerPnl, triggerPriceForPnl } from "../../../src/domain/math/tpsl.ts";
import { formatDecimal, formatKmb, formatUsd } from "../../../src/domain/format/ui.ts";
import { makeCustody, makePosition, px } from "../_helpers.ts";

const RUNS = { numRuns: 400 };
const NOW = 1_700_010_000n;

/** A random valid position on a random market, with prices. */
const scenario = fc
  .record({
    side: fc.constantFrom("Long" as const, "Short" as const),
    sizeDecimals: fc.constantFrom(5, 6, 8, 9),
    exponent: fc.constantFrom(-6, -8, -10),
    entryUsdCents: fc.bigInt({ min: 1n, max: 10_000_000n }), // $0.01 … $100 000
    priceMovePermille: fc.integer({ min: -900, max: 3_000 }),
    sizeTokensMilli: fc.bigInt({ min: 1n, max: 100_000_000n }), // 0.001 … 100 000 tokens
    leverageTenths: fc.bigInt({ min: 11n, max: 990n }), // 1.1× … 99×
    spreadMin: fc.bigInt({ min: 0n, max: 5_000n }),
    spreadExtra: fc.bigInt({ min: 0n, max: 20_000n }),
    closeRate: fc.bigInt({ min: 0n, max: 2_000_000n }),
    openRate: fc.bigInt({ min: 0n, max: 2_000_000n }),
    borrowRate: fc.bigInt({ min: 0n, max: 100_000n }),
    elapsed: fc.bigInt({ min: 0n, max: 10_000_000n }),
    unsettled: fc.bigInt({ min: 0n, max: 10_000_000n }),
    delay: fc.bigInt({ min: 0n, max: 120n }),
    sinceUpdate: fc.bigInt({ min: 0n, max: 600n }),
    payoffBps: fc.bigInt({ min: 1_000n, max: 100_000n }),
    correlated: fc.boolean(),
  })
  .map((s) => {
    const unit = pow10(-s.exponent);
    const entry = (s.entryUsdCents * unit) / 100n + 1n;
    const price = (entry * BigInt(1_000 + s.priceMovePermille)) / 1_000n + 1n;
    const sizeAmount = (s.sizeTokensMilli * pow10(s.sizeDecimals)) / 1_000n + 1n;
    const sizeUsd = usdValue(sizeAmount, s.sizeDecimals, { price: entry, exponent: s.exponent });
    const collateralUsd = (sizeUsd * 10n) / s.leverageTenths + 1n;
    const lockedUsd = ((sizeUsd + collateralUsd) * s.payoffBps) / 10_000n;
    const target = makeCustody({
      decimals: s.sizeDecimals,
      pricing: {
        tradeSpreadMin: s.spreadMin,
        tradeSpreadMax: s.spreadMin + s.spreadExtra,
        maxPositionSizeUsd: sizeUsd * 10n + 1_000_000n,
        delaySeconds: s.delay,
      },
      fees: { closePosition: s.closeRate, openPosition: s.openRate },
    });
    const collateral = makeCustody({
      decimals: 6,
      isStable: true,
      borrowRateState: { currentRate: s.borrowRate, cumulativeLockFee: 5_000_000n, lastUpdate: NOW - s.elapsed },
    });
    const position = makePosition({
      entryPrice: { price: entry, exponent: s.exponent },
      referencePrice: { price: entry, exponent: s.exponent },
      sizeAmount,
      sizeUsd,
      sizeDecimals: s.sizeDecimals,
      collateralUsd,
      lockedAmount: lockedUsd,
      lockedUsd,
      unsettledFeesUsd: s.unsettled,
      cumulativeLockFeeSnapshot: 5_000_000n,
      updateTime: NOW - s.sinceUpdate,
    });
    return { ...s, entry, price: { price: price, exponent: s.exponent }, target, collateral, position };
  });

const USDC = px(100_000_000n);

Deno.test("property: fees are never negative", () => {
  fc.assert(
    fc.property(scenario, fc.bigInt({ min: 0n, max: 10_000n }), (s, discount) => {
      assert.ok(exitFee(s.position.sizeUsd, s.target.fees.closePosition, discount).feeUsd >= 0n);
      const e = entryFee(s.position.sizeUsd, s.target.fees.openPosition, discount);
      assert.ok(e.feeUsd >= 0n && e.feeUsd <= e.feeUsdBeforeDiscount);
      assert.ok(borrowFeeUsd(s.position, s.collateral.borrowRateState, NOW) >= 0n);
      const m = positionMetrics({
        position: s.position,
        side: s.side,
        targetPrice: s.price,
        targetCustody: s.target,
        collateralPrice: USDC,
        collateralCustody: s.collateral,
        nowUnix: NOW,
      });
      assert.ok(m.exitFeeUsd >= 0n && m.borrowFeeUsd >= 0n && m.exitFeeAmount >= 0n && m.borrowFeeAmount >= 0n);
    }),
    RUNS,
  );
  // Swap fees as well.
  fc.assert(
    fc.property(
      fc.bigInt({ min: 1n, max: 10n ** 15n }),
      fc.bigInt({ min: 1n, max: 10n ** 15n }),
      fc.bigInt({ min: 1n, max: 10n ** 13n }),
      fc.bigInt({ min: 0n, max: 10_000n }),
      fc.bigInt({ min: 0n, max: 10_000n }),
      (amount, owned, aum, a, b) => {
        const [min, max] = a < b ? [a, b] : [b, a];
        const ratios = { min, target: (min + max) / 2n, max };
        const q = swapQuote({
          amountIn: amount,
          amountOut: 0n,
          input: makeCustody({ decimals: 9, assets: { owned } }),
          inputRatios: ratios,
          inputPrice: px(15_000_000_000n),
          output: makeCustody({ decimals: 6, isStable: true, assets: { owned } }),
          outputRatios: ratios,
          outputPrice: USDC,
          poolAumUsd: aum,
        });
        assert.ok(q.feeIn >= 0n && q.feeOut >= 0n && q.minAmountOut >= 0n);
      },
    ),
    RUNS,
  );
});

Deno.test("property: a long's liquidation price is below entry and a short's above (solvent positions)", () => {
  let strict = 0;
  fc.assert(
    fc.property(scenario, (s) => {
      const input = {
        side: s.side,
        entryPrice: s.position.entryPrice,
        sizeAmount: s.position.sizeAmount,
        sizeDecimals: s.position.sizeDecimals,
        sizeUsd: s.position.sizeUsd,
        collateralUsd: s.position.collateralUsd,
        closePositionRate: s.target.fees.closePosition,
        maxLeverage: s.target.pricing.maxLeverage,
        borrowFeeUsd: 0n,
      };
      const liabilities = s.position.sizeUsd / 100n + exitFee(s.position.sizeUsd, s.target.fees.closePosition).feeUsd;
      fc.pre(s.position.collateralUsd > liabilities);
      const liq = liquidationPrice(input);
      const entry = s.position.entryPrice.price;
      if (s.side === "Long") assert.ok(liq.price <= entry, `long liq ${liq.price} > entry ${entry}`);
      else assert.ok(liq.price >= entry, `short liq ${liq.price} < entry ${entry}`);
      // Strict as soon as the distance is at least one price unit.
      const gap = ((s.position.collateralUsd - liabilities) * pow10(s.position.sizeDecimals + 3)) /
        s.position.sizeAmount;
      const oneUnit = s.exponent >= -9 ? pow10(s.exponent + 9) : 1n;
      if (gap >= oneUnit * 2n) {
        assert.notEqual(liq.price, entry);
        strict++;
      }
    }),
    RUNS,
  );
  assert.ok(strict > 200, `only ${strict} strict cases`);
});

const levNum = (l: LeverageBps) => (l === "Infinity" ? Number.POSITIVE_INFINITY : Number(l));

Deno.test("property: leverage rises as collateral is removed", () => {
  fc.assert(
    fc.property(scenario, fc.bigInt({ min: 0n, max: 10n ** 4n }), fc.bigInt({ min: 0n, max: 10n ** 4n }), (s, a, b) => {
      const [r1, r2] = a < b ? [a, b] : [b, a];
      const pnl = positionPnl({
        position: s.position,
        side: s.side,
        targetPrice: s.price,
        targetPricing: s.target.pricing,
        collateralPrice: USDC,
        collateralCustody: s.collateral,
        nowUnix: NOW,
      });
      const fee = exitFee(s.position.sizeUsd, s.target.fees.closePosition).feeUsd;
      const borrow = borrowFeeUsd(s.position, s.collateral.borrowRateState, NOW);
      const at = (removedPermyriad: bigint, includePnl: boolean) =>
        displayLeverageBps(s.position.sizeUsd, {
          collateralUsd: s.position.collateralUsd - (s.position.collateralUsd * removedPermyriad) / 10_000n,
          profitUsd: pnl.profitUsd,
          lossUsd: pnl.lossUsd,
          exitFeeUsd: fee,
          borrowFeeUsd: borrow,
        }, includePnl);
      for (const include of [true, false]) {
        assert.ok(levNum(at(r2, include)) >= levNum(at(r1, include)), `removing more lowered leverage`);
      }
    }),
    RUNS,
  );
});

Deno.test("property: PnL with fees ≤ PnL without fees", () => {
  fc.assert(
    fc.property(scenario, (s) => {
      const m = positionMetrics({
        position: s.position,
        side: s.side,
        targetPrice: s.price,
        targetCustody: s.target,
        collateralPrice: USDC,
        collateralCustody: s.collateral,
        nowUnix: NOW,
      });
      assert.ok(m.pnlWithFeeUsd <= m.pnlWithoutFeeUsd);
      assert.ok(m.pnlPercentWithFeeBps <= m.pnlPercentWithoutFeeBps);
      assert.equal(m.pnlWithoutFeeUsd, pnlWithoutFeeUsd(m.pnl));
      assert.equal(m.pnlWithFeeUsd, pnlWithFeeUsd(m.pnl, m.exitFeeUsd, m.borrowFeeUsd));
      assert.ok(m.pnl.profitUsd >= 0n && m.pnl.lossUsd >= 0n);
      assert.ok(m.pnl.profitUsd === 0n || m.pnl.lossUsd === 0n);
    }),
    RUNS,
  );
});

Deno.test("property: TP/SL reverse is the inverse of forward within one native unit", () => {
  const branches = [0, 0];
  const forward = triggerPnl;
  fc.assert(
    fc.property(scenario, fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), (s, targetPnl) => {
      // Sizes whose extra decimals are zero, so the 6-decimal size of the reverse formula is exact.
      const d = s.position.sizeDecimals;
      const aligned = d > 6 ? (s.position.sizeAmount / pow10(d - 6)) * pow10(d - 6) : s.position.sizeAmount;
      // no payout cap, delay window elapsed
      const position = { ...s.position, sizeAmount: aligned, lockedAmount: 10n ** 30n, updateTime: 0n };
      const base = {
        position,
        side: s.side,
        targetPricing: s.target.pricing,
        collateralPrice: USDC,
        collateralCustody: { decimals: 6, tokenAmountMultiplier: 0n },
        nowUnix: NOW,
        closePositionRate: s.target.fees.closePosition,
        applyExitSpread: false,
      };
      const fee = exitFee(position.sizeUsd, s.target.fees.closePosition).feeUsd;
      const a6 = sizeAtUsdDecimals(position.sizeAmount, position.sizeDecimals);
      fc.pre(a6 > 0n);
      const tick = pow10(-s.exponent);
      const rest = {
        exitFeeUsd: fee,
        sizeAmount: position.sizeAmount,
        sizeDecimals: position.sizeDecimals,
        entryPrice: position.entryPrice,
        side: s.side,
      };
      branches[a6 <= tick ? 0 : 1]++;
      if (a6 <= tick) {
        // PnL → trigger → PnL: back within one micro-dollar.
        const trigger = triggerPriceForPnl({ ...rest, targetPnlUsd: targetPnl });
        fc.pre(trigger !== null);
        const net = forward({ ...base, triggerPrice: trigger! }).netPnlUsd;
        // Truncation toward zero: a profit target comes back ≤ 1 µ$ short, a loss target ≤ 1 µ$ smaller.
        const diff = net - targetPnl;
        assert.ok(diff >= -1n && diff <= 1n, `target ${targetPnl}, forward ${net}`);
      } else {
        // trigger → PnL → trigger: back within one price unit.
        const net = forward({ ...base, triggerPrice: s.price }).netPnlUsd;
        const back = triggerPriceForPnl({ ...rest, targetPnlUsd: net });
        fc.pre(back !== null);
        const diff = back!.price - s.price.price;
        assert.ok(diff >= -1n && diff <= 1n, `trigger ${s.price.price}, back ${back!.price}`);
      }
    }),
    { numRuns: 1_000 },
  );
  // Both directions were exercised (sizes below and above one price tick's worth of micro-units).
  assert.ok(branches[0] > 50 && branches[1] > 50, `branches ${branches}`);
});

Deno.test("property: conversions and splits never create value", () => {
  fc.assert(
    fc.property(
      fc.bigInt({ min: 0n, max: 10n ** 20n }),
      fc.constantFrom(0, 5, 6, 8, 9),
      fc.bigInt({ min: 1n, max: 10n ** 14n }),
      fc.constantFrom(-10, -8, -6, -5),
      fc.constantFrom(0n, 1_050_000_000n, 987_654_321n),
      (amount, decimals, mantissa, exponent, multiplier) => {
        const p = { price: mantissa, exponent };
        const usd = usdValue(amount, decimals, p, multiplier);
        assert.ok(tokenAmount(usd, decimals, p, multiplier) <= amount);
        assert.ok(usdValue(tokenAmount(amount, decimals, p, multiplier), decimals, p, multiplier) <= amount);
      },
    ),
    RUNS,
  );
  fc.assert(
    fc.property(scenario, fc.bigInt({ min: 0n, max: 10n ** 20n }), (s, delta) => {
      const { closed, remaining } = splitPosition(s.position, delta % (s.position.sizeAmount + 1n));
      for (const k of ["sizeAmount", "sizeUsd", "collateralUsd", "lockedAmount", "unsettledFeesUsd"] as const) {
        assert.equal(closed[k] + remaining[k], s.position[k]);
        assert.ok(closed[k] >= 0n && remaining[k] >= 0n);
      }
    }),
    RUNS,
  );
});

Deno.test("property: format round trips", () => {
  fc.assert(
    fc.property(fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), fc.integer({ min: 0, max: 12 }), (x, d) => {
      // Full precision is lossless.
      assert.equal(parseDecimal(formatDecimal(x, d, d), d, { allowNegative: true }), x);
      // USD strings truncate toward zero by less than a cent.
      const back = parseDecimal(formatUsd(x), 6, { allowNegative: true });
      const abs = (v: bigint) => (v < 0n ? -v : v);
      assert.ok(abs(back) <= abs(x) && abs(x) - abs(back) < 10_000n);
      assert.ok(back === 0n || (back < 0n) === (x < 0n));
      // Kmb: the printed value times its unit is within one last digit of the value, toward zero.
      const k = formatKmb(x, d);
      const unit = k.endsWith("B") ? 9 : k.endsWith("M") ? 6 : k.endsWith("K") ? 3 : 0;
      const digits = unit === 0 ? k : k.slice(0, -1);
      const scaled = parseDecimal(digits, d + unit, { allowNegative: true });
      const step = pow10(d + unit) / 100n;
      assert.ok(abs(scaled) <= abs(x) && abs(x) - abs(scaled) < (step > 0n ? step : 1n) + 0n);
      if (unit > 0) assert.ok(abs(x) >= pow10(d + unit));
    }),
    RUNS,
  );
});
