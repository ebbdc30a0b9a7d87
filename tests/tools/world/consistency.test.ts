/**
 * Consistency of the world: the manifest says what decoding the accounts gives; each market's collective position is
 * the sum of its positions and each custody's locked amount the sum of its positions' locks (at the start and after
 * every scripted update); positions are within their market's leverage limits at the initial prices; every basket
 * owner has a deposit ledger and never a negative available balance.
 */
import type { ProgramVersion } from "../../../src/protocol/vocabulary.ts";
import assert from "node:assert/strict";
import {
  type Basket,
  type Custody,
  decodeAccount,
  type Market,
  type Order,
  type Position,
  type UserDepositLedger,
} from "../../../src/protocol/accounts/mod.ts";
import * as pda from "../../../src/protocol/pda.ts";
import type { RecordedAccountData } from "../../../src/replay/format.ts";
import type { ManifestOwner } from "../../../tools/world/mod.ts";
import { ChainStates, defaultWorld, DELEGATION, EARLIER_PROGRAM, V2_PROGRAM } from "./_helpers.ts";

interface Decoded {
  custodies: Map<string, Custody>;
  markets: Map<string, Market>;
  baskets: Map<string, Basket>;
  ledgers: Map<string, UserDepositLedger>;
  positions: Map<string, Position>;
  orders: Map<string, Order>;
  oracles: Map<string, { price: bigint; expo: number }>;
}

/** Decodes one deployment's trading state from the chain that holds it. */
function decodeState(states: ChainStates, version: ProgramVersion): Decoded {
  const out: Decoded = {
    custodies: new Map(),
    markets: new Map(),
    baskets: new Map(),
    ledgers: new Map(),
    positions: new Map(),
    orders: new Map(),
    oracles: new Map(),
  };
  const program = version === "v2" ? V2_PROGRAM : EARLIER_PROGRAM;
  const scan = (m: Map<string, RecordedAccountData>) => {
    for (const [pubkey, a] of m) {
      if (a.owner !== program) continue;
      const d = decodeAccount(version, a.data);
      if (!d) continue;
      if (d.kind === "Custody") out.custodies.set(pubkey, d.value);
      else if (d.kind === "Market") out.markets.set(pubkey, d.value);
      else if (d.kind === "Basket") out.baskets.set(pubkey, d.value);
      else if (d.kind === "UserDepositLedger") out.ledgers.set(pubkey, d.value);
      else if (d.kind === "Position") out.positions.set(pubkey, d.value);
      else if (d.kind === "Order") out.orders.set(pubkey, d.value);
      else if (d.kind === "CustomOracle") out.oracles.set(pubkey, { price: d.value.price, expo: d.value.expo });
    }
  };
  scan(states.accounts.base);
  if (version === "v2") scan(states.accounts.er);
  return out;
}

/** Every open position of a deployment with its market key. */
function openPositions(d: Decoded): { market: string; p: Position }[] {
  const out: { market: string; p: Position }[] = [];
  for (const b of d.baskets.values()) {
    for (const pm of b.positions) if (pm.position.sizeAmount !== 0n) out.push({ market: pm.market, p: pm.position });
  }
  for (const p of d.positions.values()) if (p.sizeAmount !== 0n) out.push({ market: p.market, p });
  return out;
}

function checkAggregates(d: Decoded, where: string) {
  const positions = openPositions(d);
  for (const [key, m] of d.markets) {
    const mine = positions.filter((x) => x.market === key).map((x) => x.p);
    const sum = (f: (p: Position) => bigint) => mine.reduce((a, p) => a + f(p), 0n);
    const cp = m.collectivePosition;
    const label = `${where} market ${key}`;
    assert.equal(cp.openPositions, BigInt(mine.length), `${label}: openPositions`);
    assert.equal(cp.sizeAmount, sum((p) => p.sizeAmount), `${label}: sizeAmount`);
    assert.equal(cp.sizeUsd, sum((p) => p.sizeUsd), `${label}: sizeUsd`);
    assert.equal(cp.lockedAmount, sum((p) => p.lockedAmount), `${label}: lockedAmount`);
    assert.equal(cp.lockedUsd, sum((p) => p.lockedUsd), `${label}: lockedUsd`);
    assert.equal(cp.collateralLiabilityUsd, sum((p) => p.collateralUsd), `${label}: collateral USD`);
    assert.equal(cp.unsettledFeeUsd, sum((p) => p.unsettledFeesUsd), `${label}: unsettled fees`);
    const size = cp.sizeAmount;
    assert.equal(
      cp.averageEntryPrice.price,
      size > 0n ? sum((p) => p.entryPrice.price * p.sizeAmount) / size : 0n,
      `${label}: average entry price`,
    );
    for (const p of mine) {
      assert.equal(p.entryPrice.exponent, cp.averageEntryPrice.exponent, `${label}: entry price exponent`);
      assert.equal(p.market, key);
    }
  }
  for (const [key, c] of d.custodies) {
    const locks = positions.filter((x) => d.markets.get(x.market)?.collateralCustody === key);
    const locked = locks.reduce((a, x) => a + x.p.lockedAmount, 0n);
    assert.equal(c.assets.locked, locked, `${where} custody ${key}: locked = Σ positions' locked amounts`);
    if (c.isVirtual) assert.equal(c.assets.owned, 0n);
    else assert.ok(c.assets.owned >= c.assets.locked, `${where} custody ${key}: owned ≥ locked`);
  }
}

function checkLedgers(d: Decoded, where: string) {
  const byOwner = new Map([...d.ledgers.values()].map((l) => [l.owner, l]));
  for (const b of d.baskets.values()) {
    const l = byOwner.get(b.owner);
    assert.ok(l, `${where}: basket owner ${b.owner} has no ledger`);
    const mints = new Set([...l.deposits, ...b.debits, ...b.pendingCredits].map((x) => x.mint));
    for (const mint of mints) {
      const get = (xs: { mint: string; amount: bigint }[]) => xs.find((x) => x.mint === mint)?.amount ?? 0n;
      const available = get(l.deposits) - get(b.debits) + get(b.pendingCredits);
      assert.ok(available >= 0n, `${where}: ${b.owner} available ${mint} is negative`);
    }
  }
}

Deno.test("manifest counts equal what decoding the accounts gives", async (t) => {
  const { rec, manifest } = await defaultWorld();
  const states = new ChainStates(rec);
  const v2 = decodeState(states, "v2");
  const earlier = decodeState(states, "earlier");
  const owners = manifest.owners as ManifestOwner[];

  await t.step("per owner", () => {
    assert.equal(owners.length, 40);
    for (const o of owners) {
      const basketKey = pda.basket(V2_PROGRAM, o.owner);
      const basket = v2.baskets.get(basketKey);
      assert.equal(o.v2.basket, basket ? basketKey : null, `${o.owner}: basket`);
      const ledgerKey = pda.userDepositLedger(V2_PROGRAM, o.owner);
      assert.equal(o.v2.ledger, v2.ledgers.has(ledgerKey) ? ledgerKey : null, `${o.owner}: ledger`);
      const open = basket?.positions.filter((p) => p.position.sizeAmount !== 0n) ?? [];
      assert.equal(o.v2.positions, open.length);
      assert.equal(o.v2.positionEntries, basket?.positions.length ?? 0);
      assert.deepEqual(o.v2.positionList.map((p) => p.market), open.map((p) => p.market));
      let limits = 0;
      let triggers = 0;
      for (const om of basket?.orders ?? []) {
        limits += om.order.limitOrders.filter((x) => x.sizeAmount !== 0n).length;
        triggers += [...om.order.takeProfitOrders, ...om.order.stopLossOrders].filter((x) =>
          x.triggerSize !== 0n
        ).length;
        assert.equal(om.order.limitOrders.length, 5);
        assert.equal(om.order.activeOrders, om.order.limitOrders.filter((x) => x.sizeAmount !== 0n).length);
        const m = o.v2.orders.find((x) => x.market === om.market);
        if (!m) continue;
        assert.deepEqual(m.limit, om.order.limitOrders.flatMap((x, i) => x.sizeAmount !== 0n ? [i] : []));
        assert.deepEqual(m.takeProfit, om.order.takeProfitOrders.flatMap((x, i) => x.triggerSize !== 0n ? [i] : []));
        assert.deepEqual(m.stopLoss, om.order.stopLossOrders.flatMap((x, i) => x.triggerSize !== 0n ? [i] : []));
      }
      assert.equal(o.v2.limitOrders, limits, `${o.owner}: v2 limit orders`);
      assert.equal(o.v2.triggerOrders, triggers, `${o.owner}: v2 trigger orders`);

      const positions = [...earlier.positions.entries()].filter(([, p]) => p.owner === o.owner && p.sizeAmount !== 0n);
      assert.equal(o.earlier.positions, positions.length, `${o.owner}: earlier positions`);
      for (const [key, p] of positions) {
        assert.equal(key, pda.position(EARLIER_PROGRAM, o.owner, p.market));
        assert.ok(o.earlier.positionList.some((x) => x.position === key));
      }
      const orders = [...earlier.orders.entries()].filter(([, x]) => x.owner === o.owner);
      let el = 0;
      let et = 0;
      for (const [key, x] of orders) {
        assert.equal(key, pda.order(EARLIER_PROGRAM, o.owner, x.market));
        el += x.limitOrders.filter((s) => s.sizeAmount !== 0n).length;
        et += [...x.takeProfitOrders, ...x.stopLossOrders].filter((s) => s.triggerSize !== 0n).length;
      }
      assert.equal(o.earlier.limitOrders, el, `${o.owner}: earlier limit orders`);
      assert.equal(o.earlier.triggerOrders, et, `${o.owner}: earlier trigger orders`);
      assert.equal(o.earlier.orders.length, orders.length);
    }
  });

  await t.step("totals and cases", () => {
    const counts = manifest.counts as { v2: Record<string, number>; earlier: Record<string, number> };
    assert.equal(counts.v2.withBasket, v2.baskets.size);
    assert.equal(counts.v2.withLedger, v2.ledgers.size);
    assert.equal(counts.v2.positions, owners.reduce((a, o) => a + o.v2.positions, 0));
    assert.equal(counts.earlier.positions, [...earlier.positions.values()].filter((p) => p.sizeAmount !== 0n).length);
    assert.equal(counts.earlier.orderAccounts, earlier.orders.size);
    const cases = manifest.cases as Record<
      string,
      Record<string, { owner: string; stableDuringReplay: boolean } | null>
    >;
    const byKey = new Map(owners.map((o) => [o.owner, o]));
    const rich = byKey.get(cases.v2.manyPositionsAndLimitOrder!.owner)!;
    assert.ok(rich.v2.positions >= 3 && rich.v2.limitOrders >= 1);
    assert.equal(cases.v2.manyPositionsAndLimitOrder!.stableDuringReplay, true);
    assert.equal(byKey.get(cases.v2.withoutBasket!.owner)!.v2.basket, null);
    assert.ok(byKey.get(cases.v2.sparseOrderIds!.owner)!.v2.orders.some((x) =>
      x.limit.some((s, i) => s !== i) ||
      x.takeProfit.some((s, i) => s !== i) || x.stopLoss.some((s, i) => s !== i)
    ));
    for (const iface of ["v2", "earlier"]) {
      for (const [name, c] of Object.entries(cases[iface])) assert.ok(c, `case ${iface}.${name} missing`);
    }
    // At least a few owners without a basket, tens with one.
    assert.ok(counts.v2.withoutBasket >= 2 && counts.v2.withBasket >= 30);
  });

  await t.step("recording span and counts", () => {
    const r = manifest.recording as {
      durationMs: number;
      startedAtMs: number;
      initialAccounts: Record<string, number>;
      updates: Record<string, number>;
      blockhashes: Record<string, number>;
      oracle: { frames: number };
      events: { atMs: number; interface: string; kind: string }[];
    };
    assert.equal(r.durationMs, rec.meta.durationMs);
    assert.equal(r.startedAtMs, rec.meta.startedAtMs);
    for (const chain of ["base", "er"] as const) {
      assert.equal(r.initialAccounts[chain], rec.chains[chain].initialAccounts.size);
      assert.equal(r.updates[chain], rec.chains[chain].updates.length);
      assert.equal(r.blockhashes[chain], rec.chains[chain].blockhashes.length);
    }
    assert.equal(r.oracle.frames, rec.oracle.length);
    for (const iface of ["v2", "earlier"]) {
      for (
        const kind of [
          "open",
          "increase",
          "decrease",
          "close",
          "placeLimit",
          "cancelLimit",
          "placeTrigger",
          "cancelTrigger",
          "liquidity",
        ]
      ) {
        assert.ok(r.events.some((e) => e.interface === iface && e.kind === kind), `no ${iface} ${kind} event`);
      }
    }
  });

  await t.step("owners flagged stable do not change during the replay", () => {
    const changed = new Set([...rec.chains.er.updates, ...rec.chains.base.updates].map((u) => u.pubkey));
    for (const o of owners) {
      if (!o.activeInReplay.v2 && o.v2.basket) assert.ok(!changed.has(o.v2.basket), `${o.owner} basket changes`);
      if (!o.activeInReplay.earlier) {
        for (const p of o.earlier.positionList) assert.ok(!changed.has(p.position), `${o.owner} position changes`);
      }
    }
  });
});

Deno.test("markets, custodies and ledgers are consistent before and after the scripted updates", async (t) => {
  const { rec } = await defaultWorld();
  const states = new ChainStates(rec);
  await t.step("initial state", () => {
    for (const version of ["v2", "earlier"] as const) {
      const d = decodeState(states, version);
      checkAggregates(d, `${version} initial`);
      if (version === "v2") checkLedgers(d, "v2 initial");
    }
  });
  await t.step("after every update", () => {
    states.applyAll(rec);
    for (const version of ["v2", "earlier"] as const) {
      const d = decodeState(states, version);
      checkAggregates(d, `${version} final`);
      if (version === "v2") checkLedgers(d, "v2 final");
    }
    // The base copies of delegated accounts caught up at the commits (owner stays the delegation program).
    for (const [pubkey, a] of states.accounts.base) {
      if (a.owner !== DELEGATION || a.data[0] === 100) continue;
      assert.ok(states.accounts.er.has(pubkey));
    }
  });
});

Deno.test("every position is within its market's leverage limits at the initial prices", async () => {
  const { rec } = await defaultWorld();
  const states = new ChainStates(rec);
  const nowUnix = BigInt(Math.floor(rec.meta.startedAtMs / 1000));
  let checked = 0;
  for (const version of ["v2", "earlier"] as const) {
    const d = decodeState(states, version);
    for (const { market, p } of openPositions(d)) {
      const m = d.markets.get(market)!;
      const target = d.custodies.get(m.targetCustody)!;
      const coll = d.custodies.get(m.collateralCustody)!;
      const oracle = d.oracles.get(target.oracle.intOracleAccount)!;
      assert.equal(oracle.expo, p.entryPrice.exponent);
      // Exit price through the spread for the position's size (PROTOCOL-v2 §5.4).
      const { tradeSpreadMin: lo, tradeSpreadMax: hi, maxPositionSizeUsd: maxPos } = target.pricing;
      const spread = hi === lo ? 0n : lo + ((((hi - lo) * 10n ** 13n) / maxPos) * p.sizeUsd) / 10n ** 13n;
      const d6 = (oracle.price * spread) / 1_000_000n;
      const exit = m.side === "Long" ? oracle.price - d6 : oracle.price + d6;
      const diff = m.side === "Long" ? exit - p.entryPrice.price : p.entryPrice.price - exit;
      // usd(amount, d, price) with k = e − d + 6
      const k = p.entryPrice.exponent - p.sizeDecimals + 6;
      const abs = diff < 0n ? -diff : diff;
      const pnlAbs = k >= 0 ? p.sizeAmount * abs * 10n ** BigInt(k) : (p.sizeAmount * abs) / 10n ** BigInt(-k);
      const pnl = diff < 0n ? -pnlAbs : pnlAbs;
      const exitFee = (p.sizeUsd * target.fees.closePosition) / 1_000_000_000n;
      const st = coll.borrowRateState;
      const cum = st.cumulativeLockFee +
        (nowUnix > st.lastUpdate ? ((nowUnix - st.lastUpdate) * st.currentRate) / 3600n : 0n);
      assert.ok(p.cumulativeLockFeeSnapshot <= cum, "snapshot is not ahead of the custody's index");
      const borrow = ((cum - p.cumulativeLockFeeSnapshot) * p.sizeUsd) / 1_000_000_000n + p.unsettledFeesUsd;
      const margin = p.collateralUsd + pnl - exitFee - borrow;
      assert.ok(margin > 0n, `${version} position in ${market}: margin ${margin}`);
      const leverage = (p.sizeUsd * 10_000n) / margin;
      assert.ok(
        leverage <= BigInt(target.pricing.maxLeverage),
        `leverage ${leverage} > max ${target.pricing.maxLeverage}`,
      );
      const plain = (p.sizeUsd * 10_000n) / p.collateralUsd;
      assert.ok(plain >= 10_000n && plain <= BigInt(target.pricing.maxInitLeverage), `initial leverage ${plain}`);
      assert.ok(p.collateralUsd >= BigInt(target.pricing.minCollateralUsd), "collateral ≥ the minimum");
      assert.equal(p.sizeDecimals, target.decimals);
      assert.equal(p.collateralDecimals, coll.decimals);
      assert.ok(p.openTime <= p.updateTime && p.updateTime <= nowUnix);
      checked++;
    }
  }
  assert.ok(checked > 80, `only ${checked} positions checked`);
});
