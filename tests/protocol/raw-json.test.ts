import assert from "node:assert/strict";
import { decodeAccount, encodeAccount, type Market, type Position } from "../../src/protocol/accounts/mod.ts";
import { isPaddingKey, toRawJson } from "../../src/protocol/raw-json.ts";

const market: Market = {
  pool: "HfF7GCcEc76xubFCHLLXRdYcgRzwjEPdfKWqzRS8Ncog",
  targetCustody: "BjzZ33nMnbXZ7rw3Uy9Uu1W7BDCzzugqkiZoamJHRKF7",
  collateralCustody: "5N2St2e1BdgWsJiXxfetwWKkHS1BYochAp1ruPFJUfgY",
  side: "Short",
  correlation: false,
  maxPayoffBps: 10_000n,
  permissions: {
    allowOpenPosition: true,
    allowClosePosition: true,
    allowCollateralWithdrawal: true,
    allowSizeChange: false,
  },
  degenExposureUsd: 18_446_744_073_709_551_615n,
  collectivePosition: {
    openPositions: 3n,
    updateTime: -5n,
    averageEntryPrice: { price: 14_512_345_678n, exponent: -8 },
    sizeAmount: 1n,
    sizeUsd: 2n,
    lockedAmount: 3n,
    lockedUsd: 4n,
    collateralAmount: 5n,
    collateralLiabilityUsd: 6n,
    unsettledFeeUsd: 7n,
    cumulativeLockFeeSnapshot: 340_282_366_920_938_463_463_374_607_431_768_211_455n,
    sizeDecimals: 9,
    lockedDecimals: 6,
    collateralDecimals: 6,
  },
  targetCustodyUid: 1,
  padding: new Uint8Array(7).fill(9),
  collateralCustodyUid: 0,
  padding2: new Uint8Array(7),
  bump: 255,
};

Deno.test("toRawJson: bigints as decimal strings, enums as names, padding omitted", () => {
  const decoded = decodeAccount("v2", encodeAccount("v2", "Market", market));
  assert.equal(decoded?.kind, "Market");
  const json = toRawJson(decoded!.value);
  assert.deepEqual(json, {
    pool: "HfF7GCcEc76xubFCHLLXRdYcgRzwjEPdfKWqzRS8Ncog",
    targetCustody: "BjzZ33nMnbXZ7rw3Uy9Uu1W7BDCzzugqkiZoamJHRKF7",
    collateralCustody: "5N2St2e1BdgWsJiXxfetwWKkHS1BYochAp1ruPFJUfgY",
    side: "Short",
    correlation: false,
    maxPayoffBps: "10000",
    permissions: {
      allowOpenPosition: true,
      allowClosePosition: true,
      allowCollateralWithdrawal: true,
      allowSizeChange: false,
    },
    degenExposureUsd: "18446744073709551615",
    collectivePosition: {
      openPositions: "3",
      updateTime: "-5",
      averageEntryPrice: { price: "14512345678", exponent: -8 },
      sizeAmount: "1",
      sizeUsd: "2",
      lockedAmount: "3",
      lockedUsd: "4",
      collateralAmount: "5",
      collateralLiabilityUsd: "6",
      unsettledFeeUsd: "7",
      cumulativeLockFeeSnapshot: "340282366920938463463374607431768211455",
      sizeDecimals: 9,
      lockedDecimals: 6,
      collateralDecimals: 6,
    },
    targetCustodyUid: 1,
    collateralCustodyUid: 0,
    bump: 255,
  });
  // Serialisable as plain JSON.
  assert.deepEqual(JSON.parse(JSON.stringify(json)), json);
});

Deno.test("toRawJson: keeps real fields that look like padding, drops absent version fields", () => {
  assert.equal(isPaddingKey("padding"), true);
  assert.equal(isPaddingKey("padding2"), true);
  assert.equal(isPaddingKey("paddingU64"), true);
  assert.equal(isPaddingKey("reserved"), true);
  assert.equal(isPaddingKey("reservedAmount"), false);
  assert.equal(isPaddingKey("buffer"), false);
  const position = {
    isActive: true,
    buffer: [0, 1],
    reservedAmount: 5n,
    migrateFlag: undefined,
    padding: new Uint8Array(8),
  } as unknown as Position;
  assert.deepEqual(toRawJson(position), { isActive: true, buffer: [0, 1], reservedAmount: "5" });
  assert.deepEqual(toRawJson([1n, { x: null }]), ["1", { x: null }]);
});
