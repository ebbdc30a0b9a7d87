/**
 * Fee privileges of the earlier interface (src/domain/quotes/privilege.ts): which privilege a request gets, the
 * accounts it rides with, the fallback to NONE, and the fee each combination of privilege and discount quotes,
 * worked out here from the formulas (PROTOCOL-v1 §5.4–5.6, §5.14) on the hand-built deployment: SOL 160.00, flat
 * spread 0.1 %, open/close fee rate 1e6 (0.1 %), borrow index +10 000 per hour on SOL.
 */
import assert from "node:assert/strict";
import { grantPrivilege, requestedPrivilege, swapFeeExemption } from "../../../src/domain/quotes/privilege.ts";
import { openPositionQuote } from "../../../src/domain/quotes/open.ts";
import { closePositionQuote } from "../../../src/domain/quotes/close.ts";
import { formatUsd } from "../../../src/domain/format/ui.ts";
import { whitelistAccount } from "../../../src/protocol/accounts/mod.ts";
import { DAVE, EVE, M } from "../../helpers/hand-built-deployment.ts";
import { A, builderFixture, FRANK, GRACE } from "../../helpers/earlier-builder-deployment.ts";
import { ok } from "./_helpers.ts";

Deno.test("requested privilege: explicit, else REFERRAL with a referral account, else STAKE with a stake account", () => {
  assert.equal(requestedPrivilege({}), "NONE");
  assert.equal(requestedPrivilege({ tokenStakeTokenAccount: A.tokenStake(DAVE) }), "STAKE");
  assert.equal(
    requestedPrivilege({ userReferralAccount: A.referral(DAVE), tokenStakeTokenAccount: A.tokenStake(DAVE) }),
    "REFERRAL",
  );
  assert.equal(requestedPrivilege({ privilege: "NONE", userReferralAccount: A.referral(DAVE) }), "NONE");
});

Deno.test("grant: the accounts a privilege needs must exist, else NONE", async (t) => {
  const s = builderFixture().snapshot("earlier");
  await t.step("STAKE: the owner's stake account (derived when not sent); the referral slot is the owner's PDA", () => {
    const expected = {
      requested: "STAKE",
      privilege: "STAKE",
      accounts: { referral: A.referral(DAVE), tokenStake: A.tokenStake(DAVE) },
    };
    assert.deepEqual(grantPrivilege(s, DAVE, { privilege: "STAKE" }), expected);
    assert.deepEqual(grantPrivilege(s, DAVE, { tokenStakeTokenAccount: A.tokenStake(DAVE) }), expected);
  });
  await t.step("STAKE without a stake account, or with someone else's: NONE", () => {
    assert.deepEqual(grantPrivilege(s, EVE, { privilege: "STAKE" }), { requested: "STAKE", privilege: "NONE" });
    assert.deepEqual(
      grantPrivilege(s, EVE, { tokenStakeTokenAccount: A.tokenStake(DAVE) }),
      { requested: "STAKE", privilege: "NONE" },
    );
  });
  await t.step("REFERRAL: the owner's referral and the referrer's stake account read from it", () => {
    assert.deepEqual(grantPrivilege(s, DAVE, { userReferralAccount: A.referral(DAVE) }), {
      requested: "REFERRAL",
      privilege: "REFERRAL",
      accounts: { referral: A.referral(DAVE), tokenStake: A.tokenStake(FRANK) },
    });
    // The stake account sent with it is not the referrer's: the referral account decides.
    const withOwnStake = grantPrivilege(s, DAVE, { privilege: "REFERRAL", tokenStakeTokenAccount: A.tokenStake(DAVE) });
    assert.equal(withOwnStake.accounts?.tokenStake, A.tokenStake(FRANK));
  });
  await t.step("REFERRAL without a referral account, or another owner's: NONE", () => {
    assert.equal(grantPrivilege(s, EVE, { privilege: "REFERRAL" }).privilege, "NONE");
    assert.equal(grantPrivilege(s, EVE, { userReferralAccount: A.referral(DAVE) }).privilege, "NONE");
  });
  await t.step("preview-only (no owner): the accounts sent are checked, none are derived or returned", () => {
    assert.deepEqual(
      grantPrivilege(s, undefined, { tokenStakeTokenAccount: A.tokenStake(DAVE) }),
      { requested: "STAKE", privilege: "STAKE" },
    );
    assert.equal(grantPrivilege(s, undefined, { privilege: "STAKE" }).privilege, "NONE");
    assert.equal(grantPrivilege(s, undefined, { userReferralAccount: A.referral(DAVE) }).privilege, "REFERRAL");
  });
});

Deno.test("whitelist: only an existing, swap-fee-exempt whitelist of the owner for the pool exempts", () => {
  const f = builderFixture();
  const s = f.snapshot("earlier");
  const pool = s.input.config.pools[0].poolAddress;
  assert.equal(swapFeeExemption(s, GRACE, A.whitelist(GRACE), pool), A.whitelist(GRACE));
  assert.equal(swapFeeExemption(s, undefined, A.whitelist(GRACE), pool), A.whitelist(GRACE));
  assert.equal(swapFeeExemption(s, DAVE, A.whitelist(GRACE), pool), undefined);
  assert.equal(swapFeeExemption(s, GRACE, undefined, pool), undefined);
  assert.equal(swapFeeExemption(s, DAVE, A.whitelist(DAVE), pool), undefined);
  const g = s.accounts.get("Whitelist", A.whitelist(GRACE));
  if (!g) throw new Error("fixture");
  f.put("earlier", A.whitelist(GRACE), whitelistAccount, { ...g, pool: A.pool("Other.1") });
  assert.equal(swapFeeExemption(f.snapshot("earlier"), GRACE, A.whitelist(GRACE), pool), undefined);
  f.put("earlier", A.whitelist(GRACE), whitelistAccount, { ...g, isSwapFeeExempt: false });
  assert.equal(swapFeeExemption(f.snapshot("earlier"), GRACE, A.whitelist(GRACE), pool), undefined);
});

/**
 * The open fee of 100 SOL at 5× on SOL/SOL long, from the formulas:
 *   C = 16 000 000 000 (USD-6), L = 50 000 BPS, rate = 1e6, D = discount BPS;
 *   den = 1e17 + 2·rate·(1e4 − D)·L;  amount = ⌊C·L·1e13·1e9·1e8 / (den·1e6·entry)⌋, entry = 16 016 000 000;
 *   size at fill = ⌊amount·entry / 1e11⌋;  fee before = ⌈size·rate / 1e9⌉;  fee = before − ⌊before·D / 1e4⌋.
 */
function openFee(discountBps: bigint) {
  const C = 16_000_000_000n, L = 50_000n, rate = 1_000_000n, entry = 16_016_000_000n;
  const den = 10n ** 17n + 2n * rate * (10_000n - discountBps) * L;
  const amount = (C * L * 10n ** 13n * 10n ** 9n * 10n ** 8n) / (den * 10n ** 6n * entry);
  const size = (amount * entry) / 10n ** 11n;
  const before = (size * rate + 10n ** 9n - 1n) / 10n ** 9n;
  return { amount, before, fee: before - (before * discountBps) / 10_000n };
}

Deno.test("privilege × discount: the open fee is exactly the formula's", async (t) => {
  const s = builderFixture().snapshot("earlier");
  const base = {
    inputTokenSymbol: "SOL",
    outputTokenSymbol: "SOL",
    inputAmountUi: "100",
    leverage: 5,
    tradeType: "LONG" as const,
    tradingFeeDiscountPercent: 12.5,
  };
  const cases = [
    { name: "NONE: the discount is not applied", req: { owner: EVE }, discount: 0n, shown: "0" },
    {
      name: "STAKE granted: 12.5 %",
      req: { owner: DAVE, privilege: "STAKE" as const },
      discount: 1_250n,
      shown: "12.5",
    },
    {
      name: "STAKE not granted (no stake account): as NONE",
      req: { owner: EVE, privilege: "STAKE" as const },
      discount: 0n,
      shown: "0",
    },
    {
      name: "REFERRAL granted: 12.5 %",
      req: { owner: DAVE, userReferralAccount: A.referral(DAVE) },
      discount: 1_250n,
      shown: "12.5",
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => {
      const q = ok(openPositionQuote(s, { ...base, ...c.req }));
      const expected = openFee(c.discount);
      assert.equal(q.terms.market?.pubkey, M.earlier.solLong);
      assert.equal(q.terms.sizeAmount, expected.amount);
      assert.equal(q.dto.discountPercentage, c.shown);
      assert.equal(q.dto.entryFeeBeforeDiscount, formatUsd(expected.before));
      assert.equal(q.dto.entryFee, formatUsd(expected.fee));
      assert.equal(q.terms.discountBps, c.discount);
    });
  }
});

Deno.test("privilege × discount: the close fee is exactly the formula's (full close, fee at the exit price)", async (t) => {
  const s = builderFixture().snapshot("earlier");
  const positionKey = A.position(DAVE, M.earlier.solLong);
  // Long exit at 160.00 with spread 0.1 %: 160 − ⌊160e8·1000/1e6⌋ = 159.84; 10 SOL → $1 598.40.
  // Exit fee before discount ⌈1 598 400 000·1e6/1e9⌉ = 1 598 400; borrow fee (1 h at 10 000) on $1 500: 15 000.
  const exitBefore = 1_598_400n, borrow = 15_000n;
  for (const [privilege, percent, discount] of [["NONE", 25, 0n], ["STAKE", 25, 2_500n], ["STAKE", 0, 0n]] as const) {
    await t.step(`${privilege} with ${percent} %`, () => {
      const q = ok(closePositionQuote(s, {
        position: { positionKey },
        inputUsdUi: "0",
        withdrawTokenSymbol: "SOL",
        privilege: grantPrivilege(s, DAVE, { privilege }).privilege,
        tradingFeeDiscountPercent: percent,
      }));
      const exit = exitBefore - (exitBefore * discount) / 10_000n;
      assert.equal(q.dto.feesBeforeDiscount, formatUsd(exitBefore + borrow));
      assert.equal(q.dto.fees, formatUsd(exit + borrow));
      assert.equal(q.terms.discountBps, discount);
    });
  }
});
