// Generates tests/domain/sdk/vectors.jsonl: synthetic accounts and prices, and what the vendor's public v1 SDK
// (npm flash-sdk 15.17.2) computes for them. Run with Node (not Deno: see sdk_crosscheck.test.ts), e.g.
//   mkdir /tmp/fsdk && cd /tmp/fsdk && npm init -y && npm pkg set overrides.fs=file:./fakefs \
//     && mkdir fakefs && echo '{"name":"fs","version":"0.0.1-security"}' > fakefs/package.json \
//     && echo 'module.exports = require("node:fs");' > fakefs/index.js && npm install flash-sdk@15.17.2
//   FLASH_SDK_DIR=/tmp/fsdk node tests/domain/sdk/generate-vectors.mjs
// The output is deterministic (seeded PRNG). Only the SDK's synchronous math is called; nothing touches a network.
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const sdkDir = process.env.FLASH_SDK_DIR;
if (!sdkDir) throw new Error("set FLASH_SDK_DIR to a folder whose node_modules holds flash-sdk@15.17.2");
const require = createRequire(join(sdkDir, "package.json"));
const sdk = require("flash-sdk");
const { AnchorProvider, Wallet, BN } = require("@coral-xyz/anchor");
const { Connection, Keypair, PublicKey } = require("@solana/web3.js");
const sdkVersion = require("flash-sdk/package.json").version;

// --- deterministic randomness (mulberry32 + bigint helpers) ---
let seed = 0x5eed1234;
function rnd() {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
function big(lo, hi) {
  const span = BigInt(hi) - BigInt(lo) + 1n;
  let r = 0n;
  for (let i = 0; i < 4; i++) r = (r << 32n) + BigInt(Math.floor(rnd() * 4294967296));
  return BigInt(lo) + (r % span);
}
const pick = (xs) => xs[int(0, xs.length - 1)];
const bn = (x) => new BN(x.toString());
const s = (x) => x.toString();

const conn = new Connection("http://127.0.0.1:9");
const provider = new AnchorProvider(conn, new Wallet(Keypair.generate()), {});
const programId = new PublicKey("FLASH6Lo6h3iasJKWDs2F8TkW2UKf3s15C8PMGuVfgBn");
const client = new sdk.PerpetualsClient(provider, programId, programId, programId, programId, {});

function oracle(price, exponent) {
  return sdk.OraclePrice.from({
    price: bn(price),
    exponent: new BN(exponent),
    confidence: new BN(0),
    timestamp: new BN(0),
  });
}
const toSdkCustody = (c, pk) => {
  const ratioFees = (r) => ({ minFee: bn(r.minFee), targetFee: bn(r.targetFee), maxFee: bn(r.maxFee) });
  return sdk.CustodyAccount.from(pk, {
    decimals: c.decimals,
    isStable: c.isStable,
    isVirtual: false,
    depegAdjustment: false,
    tokenAmountMultiplier: bn(c.tokenAmountMultiplier),
    oracle: {
      maxDivergenceBps: bn(c.oracle.maxDivergenceBps),
      maxConfBps: bn(c.oracle.maxConfBps),
      maxPriceAgeSec: 30,
    },
    pricing: {
      tradeSpreadMin: bn(c.pricing.tradeSpreadMin),
      tradeSpreadMax: bn(c.pricing.tradeSpreadMax),
      swapSpread: bn(c.pricing.swapSpread),
      minInitLeverage: Number(c.pricing.minInitLeverage),
      minInitDegenLeverage: Number(c.pricing.minInitDegenLeverage),
      maxInitLeverage: Number(c.pricing.maxInitLeverage),
      maxInitDegenLeverage: Number(c.pricing.maxInitDegenLeverage),
      maxLeverage: Number(c.pricing.maxLeverage),
      maxDegenLeverage: Number(c.pricing.maxDegenLeverage),
      minCollateralUsd: Number(c.pricing.minCollateralUsd),
      minDegenCollateralUsd: Number(c.pricing.minDegenCollateralUsd),
      delaySeconds: bn(c.pricing.delaySeconds),
      maxUtilization: Number(c.pricing.maxUtilization),
      maxPositionSizeUsd: bn(c.pricing.maxPositionSizeUsd),
      maxExposureUsd: bn(c.pricing.maxExposureUsd),
    },
    fees: {
      mode: { linear: {} },
      swapIn: ratioFees(c.fees.swapIn),
      swapOut: ratioFees(c.fees.swapOut),
      stableSwapIn: ratioFees(c.fees.swapIn),
      stableSwapOut: ratioFees(c.fees.swapOut),
      addLiquidity: ratioFees(c.fees.swapIn),
      removeLiquidity: ratioFees(c.fees.swapOut),
      openPosition: bn(c.fees.openPosition),
      closePosition: bn(c.fees.closePosition),
      volatility: bn(c.fees.volatility),
    },
    borrowRate: {
      baseRate: bn(0),
      slope1: bn(c.borrowRate.slope1),
      slope2: bn(c.borrowRate.slope2),
      optimalUtilization: bn(c.borrowRate.optimalUtilization),
    },
    borrowRateState: {
      currentRate: bn(c.borrowRateState.currentRate),
      cumulativeLockFee: bn(c.borrowRateState.cumulativeLockFee),
      lastUpdate: bn(c.borrowRateState.lastUpdate),
    },
    assets: { collateral: bn(0), owned: bn(c.assets.owned), locked: bn(c.assets.locked) },
  });
};

// Aligned draws make every rounding choice coincide with the SDK (see sdk_crosscheck.test.ts).
function randomCustody(aligned, { decimals, exponent, isStable, price }) {
  const spreadMin = big(0, 3000);
  const fee = () => (aligned ? big(0, 10) * 100_000n : big(0, 1_500_000));
  const maxLev = big(50, 200) * 10_000n;
  return {
    decimals,
    exponent,
    isStable,
    price,
    tokenAmountMultiplier: rnd() < 0.25 ? big(900_000_000, 1_200_000_000) : 0n,
    oracle: { maxDivergenceBps: 500n, maxConfBps: 100n },
    pricing: {
      tradeSpreadMin: spreadMin,
      tradeSpreadMax: spreadMin + big(1, 20_000),
      swapSpread: big(0, 30),
      minInitLeverage: 11_000n,
      minInitDegenLeverage: 11_000n,
      maxInitLeverage: (maxLev * 8n) / 10n,
      maxInitDegenLeverage: maxLev * 3n,
      maxLeverage: maxLev,
      maxDegenLeverage: maxLev * 4n,
      minCollateralUsd: big(1, 20) * 1_000_000n,
      minDegenCollateralUsd: big(1, 20) * 1_000_000n,
      delaySeconds: big(0, 120),
      maxUtilization: big(800_000_000, 1_000_000_000),
      maxPositionSizeUsd: big(1_000_000_000n, 10_000_000_000_000n),
      maxExposureUsd: big(1_000_000_000n, 10_000_000_000_000n),
    },
    fees: {
      swapIn: { minFee: big(0, 200_000), targetFee: big(200_000, 500_000), maxFee: big(500_000, 2_000_000) },
      swapOut: { minFee: big(0, 200_000), targetFee: big(200_000, 500_000), maxFee: big(500_000, 2_000_000) },
      openPosition: fee(),
      closePosition: fee(),
      volatility: fee(),
    },
    borrowRate: {
      slope1: big(1_000, 40_000),
      slope2: big(1_000, 60_000),
      optimalUtilization: big(300_000_000, 900_000_000),
    },
    borrowRateState: {
      currentRate: big(0, 60_000),
      cumulativeLockFee: big(60_000_000, 50_000_000_000n),
      lastUpdate: 1_750_000_000n,
    },
    assets: { owned: big(1, 10n ** 15n), locked: 0n },
  };
}

function usdOf(amount, decimals, price, exponent, mult = 0n) {
  const p = mult === 0n ? price : (price * mult) / 1_000_000_000n;
  const k = exponent - decimals + 6;
  return k >= 0 ? amount * p * 10n ** BigInt(k) : (amount * p) / 10n ** BigInt(-k);
}

function positionCase(i) {
  const aligned = i % 2 === 0;
  const side = pick(["long", "short"]);
  const correlated = side === "long" && rnd() < 0.3;
  const tDec = pick([9, 8, 6, 5]);
  const tExp = pick([-8, -8, -8, -10, -6]);
  const unit = 10n ** BigInt(-tExp);
  let tPrice = big(unit / 100n, unit * 100_000n);
  if (aligned && tExp <= -6) tPrice = (tPrice / 1_000_000n + 1n) * 1_000_000n;
  const target = randomCustody(aligned, { decimals: tDec, exponent: tExp, isStable: false, price: tPrice });
  const collateral = correlated ? target : randomCustody(aligned, {
    decimals: pick([6, 9, 8]),
    exponent: -8,
    isStable: side === "short",
    price: side === "short" ? big(99_000_000, 101_000_000) : big(1_000_000, 10_000_000_000_000n),
  });
  if (!correlated && side === "short") collateral.tokenAmountMultiplier = 0n;
  const maxPayoffBps = pick([10_000n, 5_000n, 20_000n, 100_000n]);
  const now = 1_750_000_000n + (aligned ? big(0, 500) * 3600n : big(0, 2_000_000));

  const entry = (tPrice * big(80, 120)) / 100n;
  const sizeAmount = aligned ? big(1, 5_000) * 10n ** BigInt(tDec) : big(1, 10n ** BigInt(tDec + 5));
  let sizeUsd = usdOf(sizeAmount, tDec, entry, tExp) + big(0, 1000);
  if (aligned) sizeUsd = (sizeUsd / 10_000n + 1n) * 10_000n;
  // Keep trades below max_position_size_usd: beyond it the unclamped spread exceeds 100 % and the SDK returns
  // negative prices (the core saturates at 0, like the program).
  const sizeDelta = aligned ? big(1, 50) * 10n ** BigInt(tDec) : big(1, 10n ** BigInt(tDec + 3));
  const deltaUsd = usdOf(sizeDelta, tDec, tPrice, tExp);
  target.pricing.maxPositionSizeUsd = (sizeUsd > deltaUsd ? sizeUsd : deltaUsd) * big(2, 50) +
    big(1_000_000, 10n ** 12n);
  const lev = big(11, 1500); // tenths of ×
  const collateralUsd = (sizeUsd * 10n) / lev + 1n;
  const payoff = correlated || side === "short" ? (maxPayoffBps < 10_000n ? maxPayoffBps : 10_000n) : maxPayoffBps;
  const lockedUsd = ((sizeUsd + collateralUsd) * payoff) / 10_000n;
  const cp = collateral.price;
  const cm = collateral.tokenAmountMultiplier;
  const cpe = cm === 0n ? cp : (cp * cm) / 1_000_000_000n;
  const lockedAmount = (lockedUsd * 10n ** BigInt(collateral.decimals + 8)) / (cpe * 1_000_000n);
  const position = {
    entryPrice: { price: entry, exponent: tExp },
    sizeAmount,
    sizeUsd,
    collateralUsd,
    lockedAmount,
    lockedUsd,
    priceImpactUsd: 0n,
    unsettledFeesUsd: big(0, 3) === 0n ? big(0, 5_000_000) : 0n,
    cumulativeLockFeeSnapshot: collateral.borrowRateState.cumulativeLockFee - big(0, 60_000_000),
    degenSizeUsd: 0n,
    referencePrice: { price: (tPrice * big(90, 110)) / 100n + 1n, exponent: tExp },
    sizeDecimals: tDec,
    lockedDecimals: collateral.decimals,
    collateralDecimals: collateral.decimals,
    openTime: now - big(0, 1000),
    updateTime: now - big(0, 240),
  };

  const marketPk = Keypair.generate().publicKey;
  const sideObj = side === "long" ? sdk.Side.Long : sdk.Side.Short;
  const poolConfig = { getMarketConfigByPk: () => ({ side: sideObj }) };
  const tPk = Keypair.generate().publicKey;
  const cPk = correlated ? tPk : Keypair.generate().publicKey;
  const tC = toSdkCustody(target, tPk);
  const cC = correlated ? tC : toSdkCustody(collateral, cPk);
  const toSdkPosition = (p) =>
    sdk.PositionAccount.from(Keypair.generate().publicKey, {
      owner: PublicKey.default,
      market: marketPk,
      delegate: PublicKey.default,
      openTime: bn(p.openTime),
      updateTime: bn(p.updateTime),
      entryPrice: { price: bn(p.entryPrice.price), exponent: p.entryPrice.exponent },
      sizeAmount: bn(p.sizeAmount),
      sizeUsd: bn(p.sizeUsd),
      lockedAmount: bn(p.lockedAmount),
      lockedUsd: bn(p.lockedUsd),
      priceImpactUsd: bn(p.priceImpactUsd),
      collateralUsd: bn(p.collateralUsd),
      unsettledValueUsd: bn(0),
      unsettledFeesUsd: bn(p.unsettledFeesUsd),
      cumulativeLockFeeSnapshot: bn(p.cumulativeLockFeeSnapshot),
      degenSizeUsd: bn(p.degenSizeUsd),
      referencePrice: { price: bn(p.referencePrice.price), exponent: p.referencePrice.exponent },
      sizeDecimals: p.sizeDecimals,
      lockedDecimals: p.lockedDecimals,
      collateralDecimals: p.collateralDecimals,
    });
  const pos = toSdkPosition(position);
  const tP = () => oracle(tPrice, tExp);
  const cP = () => oracle(collateral.price, collateral.exponent);
  const nowBn = bn(now);

  const pnl = client.getPnlSync(pos, tP(), tP(), tC, cP(), cP(), cC, nowBn, tC.pricing.delaySeconds, poolConfig);
  const metrics = client.getPositionMetrics(pos, tP(), tP(), tC, cP(), cP(), cC, nowBn, poolConfig);
  const levInitial = client.getLeverageSync(
    pos,
    pos.collateralUsd,
    pos.sizeUsd,
    tP(),
    tP(),
    tC,
    cP(),
    cP(),
    cC,
    nowBn,
    true,
    poolConfig,
  );
  const exitPrice = client.getExitOraclePriceSync(sideObj, tP(), tP(), tC, pos.sizeUsd);
  const lockFee = client.getLockFeeAndUnsettledUsdForPosition(pos, cC, nowBn);
  const maxAdd = client.getMaxAddableCollateralSync(pos, tC, cC, cP(), cP());
  const maxWithdraw = client.getMaxWithdrawableAmountSync(pos, tP(), tP(), tC, cP(), cP(), cC, nowBn, poolConfig);
  const targetPnl = big(-(collateralUsd / 2n), collateralUsd * 3n);
  const exitFeeForTrigger = big(0, 5_000_000);
  const trigger = client.getTriggerPriceFromPnlSync(
    bn(targetPnl),
    bn(exitFeeForTrigger),
    pos.sizeAmount,
    tDec,
    tP().constructor.from({ price: bn(entry), exponent: new BN(tExp), confidence: new BN(0) }),
    sideObj,
  );
  const roi = big(-90, 300);
  const triggerRoi = client.getTriggerPriceFromRoiSync(
    bn(roi),
    pos.collateralUsd,
    bn(exitFeeForTrigger),
    pos.sizeAmount,
    tDec,
    sdk.OraclePrice.from({ price: bn(entry), exponent: new BN(tExp), confidence: new BN(0) }),
    sideObj,
  );
  const maxProfit = client.getMaxProfitPriceSync(
    sdk.OraclePrice.from({ price: bn(entry), exponent: new BN(tExp), confidence: new BN(0) }),
    correlated,
    sideObj,
    cP(),
    collateral.decimals,
    pos,
    bn(collateral.tokenAmountMultiplier),
  );
  const slippageBps = big(0, 500);
  const slipEntry = client.getPriceAfterSlippage(true, bn(slippageBps), tP(), sideObj);
  const slipExit = client.getPriceAfterSlippage(false, bn(slippageBps), tP(), sideObj);
  const utilization = big(0, 1_000_000_000);
  const borrowRate = client.getBorrowRateSync(cC, bn(utilization));
  const cumulative = client.getCumulativeLockFeeSync(cC, nowBn);
  const liqWithFee = client.getLiquidationPriceContractHelper(
    sdk.OraclePrice.from({ price: bn(entry), exponent: new BN(tExp), confidence: new BN(0), timestamp: new BN(0) }),
    lockFee,
    sideObj,
    tC,
    pos,
  );

  // Open a new position / increase this one.
  const collateralDelta = big(1, 10n ** BigInt(collateral.decimals + 4));
  const discountBps = pick([0n, 0n, 500n, 1000n, 2500n]);
  const open = client.getEntryPriceAndFeeSyncV2(
    null,
    correlated,
    bn(collateralDelta),
    bn(sizeDelta),
    sideObj,
    tP(),
    tP(),
    tC,
    cP(),
    cP(),
    cC,
    nowBn,
    bn(discountBps),
  );
  const increase = client.getEntryPriceAndFeeSyncV2(
    pos,
    correlated,
    bn(0),
    bn(sizeDelta),
    sideObj,
    tP(),
    tP(),
    tC,
    cP(),
    cP(),
    cC,
    nowBn,
    bn(0),
  );
  const leverageUi = pick([1.5, 2, 3, 5, 10, 20, 50]);
  const sizeFromLev = client.getSizeAmountFromLeverageAndCollateral(
    bn(collateralDelta),
    String(leverageUi),
    { decimals: tDec },
    { decimals: collateral.decimals },
    sideObj,
    tP(),
    tP(),
    tC,
    cP(),
    cP(),
    cC,
    bn(discountBps),
  );

  const stringify = (c) => JSON.parse(JSON.stringify(c, (_k, v) => (typeof v === "bigint" ? v.toString() : v)));
  const price = (p) => ({ price: s(p.price), exponent: Number(p.exponent.toString()) });
  return {
    id: `position-${i}`,
    aligned,
    side: side === "long" ? "Long" : "Short",
    correlated,
    maxPayoffBps: s(maxPayoffBps),
    target: stringify(target),
    collateral: stringify(collateral),
    position: stringify(position),
    now: s(now),
    args: {
      targetPnl: s(targetPnl),
      exitFeeForTrigger: s(exitFeeForTrigger),
      roi: s(roi),
      slippageBps: s(slippageBps),
      utilization: s(utilization),
      sizeDelta: s(sizeDelta),
      collateralDelta: s(collateralDelta),
      discountBps: s(discountBps),
      leverage: leverageUi,
    },
    sdk: {
      tradeSpread: s(client.getTradeSpread(tC, pos.sizeUsd)),
      exitPrice: price(exitPrice),
      profitUsd: s(pnl.profitUsd),
      lossUsd: s(pnl.lossUsd),
      metricsLeverage: s(metrics.leverage),
      metricsLiquidationPrice: price(metrics.liquidationPrice),
      exitFeeUsd: s(metrics.fees.exitFeeUsd),
      exitFeeAmount: s(metrics.fees.exitFeeAmount),
      lockAndUnsettledFeeUsd: s(metrics.fees.lockAndUnsettledFeeUsd),
      leverageInitial: s(levInitial),
      lockFeeUsd: s(lockFee),
      cumulativeLockFee: s(cumulative),
      liquidationWithFee: price(liqWithFee),
      maxAddableUsd: s(maxAdd.maxAddableAmountUsd),
      maxAddableAmount: s(maxAdd.maxAddableAmount),
      maxWithdrawableUsd: s(maxWithdraw.maxWithdrawableAmountUsd),
      maxWithdrawableAmount: s(maxWithdraw.maxWithdrawableAmount),
      triggerFromPnl: price(trigger),
      triggerFromRoi: price(triggerRoi),
      maxProfitPrice: price(maxProfit),
      lockedUsd: s(client.getLockedUsd(pos.sizeUsd, pos.collateralUsd, sideObj, correlated, bn(maxPayoffBps))),
      slippageEntry: { price: s(slipEntry.price), exponent: slipEntry.exponent },
      slippageExit: { price: s(slipExit.price), exponent: slipExit.exponent },
      borrowRate: s(borrowRate),
      open: {
        entryPrice: price(open.entryDeltaOraclePrice),
        feeUsd: s(open.feeUsd),
        feeAmount: s(open.feeAmount),
        feeUsdAfterDiscount: s(open.feeUsdAfterDiscount),
        feeAmountAfterDiscount: s(open.feeAmountAfterDiscount),
        liquidationPrice: price(open.liquidationPrice),
      },
      increase: {
        entryAvgPrice: price(increase.entryAvgOraclePrice),
        feeUsd: s(increase.feeUsd),
        liquidationPrice: price(increase.liquidationPrice),
      },
      sizeFromLeverage: s(sizeFromLev),
    },
  };
}

function swapCase(i) {
  const aligned = i % 2 === 0;
  const mk = (isStable) =>
    randomCustody(aligned, {
      decimals: pick([6, 9, 8, 5]),
      exponent: pick([-8, -8, -6]),
      isStable,
      price: isStable ? big(99_000_000, 101_000_000) : big(1_000_000, 10_000_000_000_000n),
    });
  const input = mk(rnd() < 0.3);
  const output = mk(rnd() < 0.5);
  if (input.isStable) input.exponent = -8;
  if (output.isStable) output.exponent = -8;
  const ratios = () => {
    const min = pick([0n, big(0, 3000)]);
    const target = min + big(0, 4000);
    return { min, target, max: pick([10_000n, target + big(0, 4000)]) };
  };
  const inputRatios = ratios();
  const outputRatios = ratios();
  const inOwnedUsd = usdOf(
    input.assets.owned,
    input.decimals,
    input.price,
    input.exponent,
    input.tokenAmountMultiplier,
  );
  const outOwnedUsd = usdOf(
    output.assets.owned,
    output.decimals,
    output.price,
    output.exponent,
    output.tokenAmountMultiplier,
  );
  const aum = inOwnedUsd + outOwnedUsd + big(1, 10n ** 12n);
  const inPk = Keypair.generate().publicKey;
  const outPk = Keypair.generate().publicKey;
  const pool = {
    publicKey: Keypair.generate().publicKey,
    custodies: [inPk, outPk],
    ratios: [
      { min: bn(inputRatios.min), target: bn(inputRatios.target), max: bn(inputRatios.max) },
      { min: bn(outputRatios.min), target: bn(outputRatios.target), max: bn(outputRatios.max) },
    ],
  };
  const inC = toSdkCustody(input, inPk);
  const outC = toSdkCustody(output, outPk);
  const amountIn = big(1, 10n ** BigInt(input.decimals + 4));
  const inP = () => oracle(input.price, input.exponent);
  const outP = () => oracle(output.price, output.exponent);
  const exactIn = client.getSwapAmountAndFeesSync(
    bn(amountIn),
    bn(0),
    pool,
    inP(),
    inP(),
    inC,
    outP(),
    outP(),
    outC,
    bn(aum),
    null,
  );
  const amountOut = big(1, 10n ** BigInt(output.decimals + 3));
  const exactOut = client.getSwapAmountAndFeesSync(
    bn(0),
    bn(amountOut),
    pool,
    inP(),
    inP(),
    inC,
    outP(),
    outP(),
    outC,
    bn(aum),
    null,
  );
  const stringify = (c) => JSON.parse(JSON.stringify(c, (_k, v) => (typeof v === "bigint" ? v.toString() : v)));
  return {
    id: `swap-${i}`,
    input: stringify(input),
    output: stringify(output),
    inputRatios: stringify(inputRatios),
    outputRatios: stringify(outputRatios),
    aum: s(aum),
    amountIn: s(amountIn),
    amountOut: s(amountOut),
    sdk: {
      minAmountOut: s(exactIn.minAmountOut),
      exactInFeeIn: s(exactIn.feeIn),
      exactInFeeOut: s(exactIn.feeOut),
      minAmountIn: s(exactOut.minAmountIn),
      exactOutFeeIn: s(exactOut.feeIn),
      exactOutFeeOut: s(exactOut.feeOut),
    },
  };
}

function poolCase(i) {
  const n = int(1, 5);
  const custodies = [];
  for (let k = 0; k < n; k++) {
    const isStable = rnd() < 0.3;
    const decimals = pick([6, 9, 8, 5]);
    const price = isStable ? big(99_000_000, 101_000_000) : big(1_000_000, 10_000_000_000_000n);
    const owned = big(0, 10n ** BigInt(decimals + 8));
    const min = pick([0n, big(0, 3000)]);
    const target = min + big(0, 4000);
    custodies.push({
      symbol: `T${k}`,
      decimals,
      usdPrecision: pick([2, 4, 6, 8]),
      isStable,
      price: s(price),
      exponent: -8,
      tokenAmountMultiplier: s(rnd() < 0.2 ? big(900_000_000, 1_200_000_000) : 0n),
      owned: s(owned),
      locked: s(big(0, owned)),
      ratios: { min: s(min), target: s(target), max: s(pick([10_000n, target + big(0, 4000)])) },
    });
  }
  const supply = pick([0n, big(1, 10n ** 15n)]);
  const mints = custodies.map(() => Keypair.generate().publicKey);
  const poolConfig = {
    lpDecimals: 6,
    custodies: custodies.map((c, k) => ({
      symbol: c.symbol,
      mintKey: mints[k],
      decimals: c.decimals,
      usdPrecision: c.usdPrecision,
      isVirtual: false,
    })),
  };
  const pool = {
    ratios: custodies.map((c) => ({ min: bn(c.ratios.min), target: bn(c.ratios.target), max: bn(c.ratios.max) })),
  };
  const accounts = custodies.map((c, k) => ({
    mint: mints[k],
    isStable: c.isStable,
    tokenAmountMultiplier: bn(c.tokenAmountMultiplier),
    assets: { owned: bn(c.owned), locked: bn(c.locked) },
  }));
  const prices = new Map(
    custodies.map((c) => [c.symbol, { price: oracle(BigInt(c.price), -8), emaPrice: oracle(BigInt(c.price), -8) }]),
  );
  const dataClient = new sdk.PoolDataClient(poolConfig, pool, { supply: bn(supply) }, accounts);
  let lp = null;
  let stats = null;
  try {
    lp = dataClient.getLpStats(prices);
    stats = dataClient.getCustodyStats(prices);
  } catch (e) {
    return { id: `pool-${i}`, custodies, supply: s(supply), sdkError: String(e) };
  }
  return {
    id: `pool-${i}`,
    custodies,
    supply: s(supply),
    sdk: {
      totalPoolValueUsd: s(lp.totalPoolValueUsd),
      totalPoolValueUsdUi: lp.totalPoolValueUsdUi,
      lpPrice: s(lp.price),
      lpPriceUi: lp.priceUi,
      stableCoinPercentage: lp.stableCoinPercentage,
      custodyStats: stats.map((c) => ({
        symbol: c.symbol,
        priceUi: c.priceUi,
        minRatioUi: c.minRatioUi,
        maxRatioUi: c.maxRatioUi,
        targetRatioUi: c.targetRatioUi,
        currentRatioUi: c.currentRatioUi,
        utilizationUi: c.utilizationUi,
        lockedAmountUi: c.lockedAmountUi,
        assetsOwnedAmountUi: c.assetsOwnedAmountUi,
        totalUsdOwnedAmountUi: c.totalUsdOwnedAmountUi,
        availableToAddAmountUi: c.availableToAddAmountUi,
        availableToAddUsdUi: c.availableToAddUsdUi,
        availableToRemoveAmountUi: c.availableToRemoveAmountUi,
        availableToRemoveUsdUi: c.availableToRemoveUsdUi,
        minCapacityAmountUi: c.minCapacityAmountUi,
        maxCapacityAmountUi: c.maxCapacityAmountUi,
      })),
    },
  };
}

const out = {
  generator: "tests/domain/sdk/generate-vectors.mjs",
  sdk: `flash-sdk@${sdkVersion}`,
  positions: Array.from({ length: 240 }, (_, i) => positionCase(i)),
  swaps: Array.from({ length: 120 }, (_, i) => swapCase(i)),
  pools: Array.from({ length: 60 }, (_, i) => poolCase(i)),
};
const here = dirname(fileURLToPath(import.meta.url));
const lines = [
  JSON.stringify({ kind: "meta", generator: out.generator, sdk: out.sdk }),
  ...out.positions.map((v) => JSON.stringify({ kind: "position", ...v })),
  ...out.swaps.map((v) => JSON.stringify({ kind: "swap", ...v })),
  ...out.pools.map((v) => JSON.stringify({ kind: "pool", ...v })),
];
// JSON Lines: one vector per line (and a format deno fmt leaves alone).
writeFileSync(join(here, "vectors.jsonl"), lines.join("\n") + "\n");
console.log(`wrote ${out.positions.length} position, ${out.swaps.length} swap and ${out.pools.length} pool vectors`);
