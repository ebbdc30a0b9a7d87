/** Slot helpers shared by the earlier builders. */
import assert from "node:assert/strict";
import {
  custodySlots,
  dispensingSlots,
  marketSlots,
  ownerSlots,
  poolPlan,
  privilegeArgs,
  requireCustody,
  requirePositionOwner,
  unsetPrice,
} from "../../../../src/domain/builders/earlier/common.ts";
import { QuoteError } from "../../../../src/domain/quotes/result.ts";
import { AccountRole } from "../../../../src/protocol/instructions/instruction.ts";
import { DAVE, EVE, MINT } from "../../../helpers/hand-built-deployment.ts";
import { A, builderFixture } from "../../../helpers/earlier-builder-deployment.ts";
import { TOKEN } from "../../../helpers/expected-accounts.ts";
import { POOL } from "./_helpers.ts";

const SOL = A.custody(POOL, MINT.SOL);
const USDC = A.custody(POOL, MINT.USDC);
const SOL_SHORT = A.market(SOL, USDC, "Short");

Deno.test("custody, market and owner slots come from the custody accounts and the PDAs", () => {
  const s = builderFixture().snapshot("earlier");
  const market = s.market(SOL_SHORT);
  assert.ok(market);
  assert.deepEqual(custodySlots(market.collateral), {
    custody: USDC,
    oracle: A.oracle(MINT.USDC),
    tokenAccount: A.custodyTokenAccount(POOL, MINT.USDC),
    mint: MINT.USDC,
    tokenProgram: TOKEN,
  });
  assert.deepEqual(marketSlots(market), {
    pool: POOL,
    market: SOL_SHORT,
    targetCustody: SOL,
    targetOracleAccount: A.oracle(MINT.SOL),
    collateralCustody: USDC,
    collateralOracleAccount: A.oracle(MINT.USDC),
    collateralCustodyTokenAccount: A.custodyTokenAccount(POOL, MINT.USDC),
    collateralMint: MINT.USDC,
    collateralTokenProgram: TOKEN,
  });
  assert.deepEqual(ownerSlots(s, DAVE, market), {
    owner: DAVE,
    position: A.position(DAVE, SOL_SHORT),
    order: A.order(DAVE, SOL_SHORT),
  });
  assert.deepEqual(dispensingSlots(market.target), {
    dispensingCustody: SOL,
    dispensingOracleAccount: A.oracle(MINT.SOL),
    dispensingCustodyTokenAccount: A.custodyTokenAccount(POOL, MINT.SOL),
    receivingTokenProgram: TOKEN,
    receivingMint: MINT.SOL,
  });
  assert.equal(requireCustody(s, SOL).pubkey, SOL);
  assert.throws(() => requireCustody(s, A.custody(POOL, MINT.SPY)), QuoteError);
});

Deno.test("privilege arguments, unset prices", () => {
  assert.deepEqual(privilegeArgs({ requested: "STAKE", privilege: "NONE" }), { privilege: "None", remaining: [] });
  const accounts = { referral: A.referral(DAVE), tokenStake: A.tokenStake(DAVE) };
  assert.deepEqual(privilegeArgs({ requested: "STAKE", privilege: "STAKE", accounts }), {
    privilege: "Stake",
    remaining: [
      { address: accounts.referral, role: AccountRole.READONLY },
      { address: accounts.tokenStake, role: AccountRole.WRITABLE },
    ],
  });
  // A grant without accounts (preview-only) builds nothing privileged.
  assert.deepEqual(privilegeArgs({ requested: "REFERRAL", privilege: "REFERRAL" }), {
    privilege: "None",
    remaining: [],
  });
  assert.deepEqual(unsetPrice(-8), { price: 0n, exponent: -8 });
});

Deno.test("poolPlan: a base-chain transaction the owner pays, offering the pool's lookup tables", () => {
  const tables = [A.pool("table one"), A.pool("table two")];
  assert.deepEqual(poolPlan(DAVE, { addressLookupTableAddresses: tables }, []), {
    chain: "base",
    feePayer: DAVE,
    instructions: [],
    lookupTableAddresses: tables,
  });
});

Deno.test("requirePositionOwner refuses another owner, leaves an unknown position to the quote", () => {
  const s = builderFixture().snapshot("earlier");
  const key = A.position(DAVE, SOL_SHORT);
  requirePositionOwner(s, key, DAVE);
  requirePositionOwner(s, A.position(EVE, SOL_SHORT), EVE);
  assert.throws(
    () => requirePositionOwner(s, key, EVE),
    (e) => e instanceof QuoteError && e.code === "POSITION_NOT_FOUND",
  );
});
