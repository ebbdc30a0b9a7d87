/**
 * Property tests of the views and quotes (fast-check) on the hand-built deployment (tests/helpers/hand-built-deployment.ts).
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { positionsByOwner } from "../../../src/domain/views/owner.ts";
import { basketViewDto } from "../../helpers/basket-view.ts";
import { marginChange } from "../../../src/domain/quotes/collateral.ts";
import { pnlAtTrigger, triggerForNetPnl } from "../../../src/domain/quotes/tpsl.ts";
import { INFINITE_LEVERAGE, type LeverageBps } from "../../../src/domain/math/leverage.ts";
import {
  basketAccount,
  orderMeta,
  type Position,
  positionAccount,
  positionMeta,
} from "../../../src/protocol/accounts/mod.ts";
import * as pda from "../../../src/protocol/pda.ts";
import { assertMatchesContract } from "../../helpers/contract.ts";
import { arbitraryOf } from "../../protocol/_arbitrary.ts";
import {
  ALICE,
  basketOf,
  buildFixture,
  EVE,
  M,
  PROGRAM,
  solLongPosition,
} from "../../helpers/hand-built-deployment.ts";

const KNOWN_MARKETS = [M.v2.solLong, M.v2.solLongJito, M.v2.solShort, M.v2.spyLong];

/** Random decodable entries, mostly on configured markets and with oracle-like exponents. */
const marketKey = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...KNOWN_MARKETS) },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) =>
      pda.findProgramAddress(PROGRAM.v2, [b]).address
    ),
  },
);
const exponent = fc.oneof({ weight: 4, arbitrary: fc.constant(-8) }, {
  weight: 1,
  arbitrary: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
});

const decimals = fc.oneof({ weight: 4, arbitrary: fc.constant(9) }, {
  weight: 1,
  arbitrary: fc.integer({ min: 0, max: 255 }),
});

const randomPosition = fc.tuple(arbitraryOf(positionMeta.schema), marketKey, exponent, exponent, decimals).map(
  ([meta, market, e1, e2, d]) => {
    const m = meta as { market: string; position: Position };
    return {
      market,
      position: {
        ...m.position,
        sizeDecimals: market === M.v2.spyLong && d === 9 ? 8 : d,
        entryPrice: { ...m.position.entryPrice, exponent: e1 },
        referencePrice: { ...m.position.referencePrice, exponent: e2 },
      },
    };
  },
);
const randomOrder = fc.tuple(arbitraryOf(orderMeta.schema, 5), marketKey).map(([meta, market]) => ({
  ...(meta as object),
  market,
})) as fc.Arbitrary<{ market: string } & Record<string, unknown>>;

Deno.test("property: views never throw on random valid baskets, and stay within the contract", () => {
  const f = buildFixture();
  fc.assert(
    fc.property(
      fc.array(randomPosition, { maxLength: 4 }),
      fc.array(randomOrder, { maxLength: 3 }),
      (positions, orders) => {
        // deno-lint-ignore no-explicit-any
        const basket = basketOf(ALICE, positions, orders as any);
        f.put("v2", pda.basket(PROGRAM.v2, ALICE), basketAccount, basket);
        const view = basketViewDto(f.snapshot("v2"), ALICE);
        assertMatchesContract("GET", `/v2/owner/${ALICE}`, 200, "application/json", view);
        for (const key of Object.keys(view.positionMetrics)) {
          assert.ok(positions.some((p) => p.market === key && p.position.sizeAmount !== 0n));
        }
      },
    ),
    { numRuns: 150 },
  );
});

Deno.test("property: earlier listings never throw on random position accounts", () => {
  const f = buildFixture();
  fc.assert(
    fc.property(randomPosition, (p) => {
      const key = pda.position(PROGRAM.earlier, EVE, M.earlier.solLong);
      const market = p.market === M.v2.solShort ? M.earlier.solShort : M.earlier.solLong;
      f.put("earlier", key, positionAccount.earlier, {
        ...p.position,
        owner: EVE,
        market,
        migrateFlag: undefined,
        padding: new Uint8Array(8),
      });
      const rows = positionsByOwner(f.snapshot("earlier"), EVE, true);
      assertMatchesContract(
        "GET",
        `/positions/owner/${EVE}?includePnlInLeverageDisplay=true`,
        200,
        "application/json",
        rows,
      );
    }),
    { numRuns: 150 },
  );
});

/** Plausible long/short SOL positions: sizes 0.001..10 000 SOL, entry 1..1 000, collateral 2 %..100 % of size. */
const plausible = fc.record({
  long: fc.boolean(),
  sizeAmount: fc.bigInt({ min: 1_000_000n, max: 10_000_000_000_000n }),
  entry: fc.bigInt({ min: 100_000_000n, max: 100_000_000_000n }),
  collateralPct: fc.bigInt({ min: 2n, max: 100n }),
  lockedPct: fc.bigInt({ min: 100n, max: 300n }),
}).map(({ long, sizeAmount, entry, collateralPct, lockedPct }) => {
  const sizeUsd = sizeAmount * entry / 100_000_000_000n; // 9 decimals, exponent −8 → micro-USD
  const collateralUsd = sizeUsd * collateralPct / 100n + 1n;
  const market = long ? M.v2.solLong : M.v2.solShort;
  const base = solLongPosition("v2", ALICE, market);
  // Locked in the collateral token: SOL (9 decimals, 160.00) or USDC (6 decimals, 1.00).
  const lockedUsd = (sizeUsd + collateralUsd) * lockedPct / 100n;
  const lockedAmount = long ? lockedUsd * 1_000n / 160n : lockedUsd;
  const position: Position = {
    ...base,
    entryPrice: { price: entry, exponent: -8 },
    referencePrice: { price: entry, exponent: -8 },
    sizeAmount,
    sizeUsd,
    collateralUsd,
    lockedAmount,
    lockedUsd,
    lockedDecimals: long ? 9 : 6,
    collateralDecimals: long ? 9 : 6,
    cumulativeLockFeeSnapshot: long ? 1_000_000_000n : 2_000_000_000n,
  };
  return { market, position };
});

const levRank = (l: LeverageBps) => (l === INFINITE_LEVERAGE ? 2n ** 64n : l);

Deno.test("property: leverage rises as collateral is removed", () => {
  const snapshot = buildFixture().snapshot("v2");
  fc.assert(
    fc.property(
      plausible,
      fc.bigInt({ min: 0n, max: 1_000_000n }),
      fc.bigInt({ min: 0n, max: 1_000_000n }),
      (p, a, b) => {
        const market = snapshot.market(p.market)!;
        const ref = { key: "x", owner: ALICE, market, position: p.position };
        const c = p.position.collateralUsd;
        const [d1, d2] = [c * (a < b ? a : b) / 1_000_000n, c * (a < b ? b : a) / 1_000_000n];
        const l1 = marginChange(snapshot, ref, "REMOVE", d1, false).after.metrics.leverageBps;
        const l2 = marginChange(snapshot, ref, "REMOVE", d2, false).after.metrics.leverageBps;
        assert.ok(levRank(l1) <= levRank(l2), `${l1} > ${l2} after removing more (${d1} < ${d2})`);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("property: tp-sl reverse_pnl ∘ forward is exact (within one micro-dollar, here 0)", () => {
  const snapshot = buildFixture().snapshot("v2");
  const collateral = (long: boolean) => ({ price: long ? 16_000_000_000n : 100_000_000n, exponent: -8 });
  fc.assert(
    fc.property(plausible, fc.bigInt({ min: 1_000_000n, max: 200_000_000_000n }), (p, trigger) => {
      const market = snapshot.market(p.market)!;
      const long = market.side === "Long";
      const net = (t: bigint) =>
        pnlAtTrigger(market, p.position, { price: t, exponent: -8 }, collateral(long), snapshot.nowUnix).netPnlUsd;
      const target = net(trigger);
      const found = triggerForNetPnl(net, market.side, target);
      assert.notEqual(found, null);
      const back = net(found!);
      // forward(reverse(forward(T))) = forward(T), to the micro-dollar.
      assert.ok(back - target >= 0n && back - target <= 1n, `target ${target}, got ${back} at ${found}`);
      // The returned trigger is the first one reached: no further from the entry than T, and one unit closer misses.
      if (long) {
        assert.ok(found! <= trigger);
        if (found! > 1n) assert.ok(net(found! - 1n) < target);
      } else {
        assert.ok(found! >= trigger);
        assert.ok(net(found! + 1n) < target);
      }
    }),
    { numRuns: 300 },
  );
});
