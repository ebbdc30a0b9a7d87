/** Earlier remove-collateral builder on the hand-built deployment (DAVE's SOL short, USDC collateral). */
import assert from "node:assert/strict";
import { PublicKey } from "@solana/web3.js";
import { createCloseAccountInstruction } from "@solana/spl-token";
import { removeCollateralTransaction } from "../../../../src/domain/builders/earlier/remove-collateral.ts";
import { DAVE, EVE, MINT } from "../../../helpers/hand-built-deployment.ts";
import { A, builderFixture } from "../../../helpers/earlier-builder-deployment.ts";
import { fromWeb3 } from "../../../helpers/instructions.ts";
import { ok } from "../../quotes/_helpers.ts";
import { ata, SYSVAR_INSTRUCTIONS, TOKEN } from "../../../helpers/expected-accounts.ts";
import { assertEarlierInstruction } from "../../../helpers/transaction-checks.ts";
import { custody, P, POOL, SOL_SHORT } from "./_helpers.ts";
import { expectCreateAta } from "../../../helpers/expected-instructions.ts";

const KEY = A.position(DAVE, SOL_SHORT);
const dave = new PublicKey(DAVE);
/** DAVE's token account of `mint` created idempotently, as spl-token builds it. */
const createAta = (mint: string) => expectCreateAta(DAVE, DAVE, { mint, token2022: false }).external;

const common = {
  owner: DAVE,
  transferAuthority: A.transferAuthority,
  perpetuals: A.perpetuals,
  pool: POOL,
  position: KEY,
  market: SOL_SHORT,
  targetCustody: custody("SOL"),
  targetOracleAccount: A.oracle(MINT.SOL),
  collateralCustody: custody("USDC"),
  collateralOracleAccount: A.oracle(MINT.USDC),
  collateralCustodyTokenAccount: A.custodyTokenAccount(POOL, MINT.USDC),
  eventAuthority: A.eventAuthority,
  program: P,
  ixSysvar: SYSVAR_INSTRUCTIONS,
};

Deno.test("in the collateral token: create the payout account, remove_collateral of the USD amount", () => {
  const s = builderFixture().snapshot("earlier");
  const { dto, plan } = ok(
    removeCollateralTransaction(s, {
      positionKey: KEY,
      withdrawAmountUsdUi: "10",
      withdrawTokenSymbol: "USDC",
      owner: DAVE,
    }),
  );
  assert.equal(dto.receiveAmountUsdUi, "10.00");
  assert.deepEqual(plan.instructions[0], createAta(MINT.USDC));
  assertEarlierInstruction(plan.instructions[1], P, {
    name: "remove_collateral",
    accounts: {
      ...common,
      receivingAccount: ata(DAVE, MINT.USDC),
      receivingTokenProgram: TOKEN,
      receivingMint: MINT.USDC,
    },
    args: { collateralDeltaUsd: 10_000_000n },
  });
  assert.equal(plan.instructions.length, 2);
});

Deno.test("in SOL: remove_collateral_and_swap into the wrapped-SOL account, then unwrap", () => {
  const s = builderFixture().snapshot("earlier");
  const { plan } = ok(
    removeCollateralTransaction(s, {
      positionKey: KEY,
      withdrawAmountUsdUi: "10",
      withdrawTokenSymbol: "SOL",
      owner: DAVE,
    }),
  );
  assert.equal(plan.instructions.length, 4);
  assert.deepEqual(plan.instructions[0], createAta(MINT.SOL));
  assert.deepEqual(plan.instructions[1], createAta(MINT.USDC));
  assertEarlierInstruction(plan.instructions[2], P, {
    name: "remove_collateral_and_swap",
    accounts: {
      ...common,
      feePayer: DAVE,
      receivingAccount: ata(DAVE, MINT.SOL),
      collateralAccount: ata(DAVE, MINT.USDC),
      dispensingCustody: custody("SOL"),
      dispensingOracleAccount: A.oracle(MINT.SOL),
      dispensingCustodyTokenAccount: A.custodyTokenAccount(POOL, MINT.SOL),
      receivingTokenProgram: TOKEN,
      receivingMint: MINT.SOL,
      collateralMint: MINT.USDC,
      collateralTokenProgram: TOKEN,
    },
    args: { collateralDeltaUsd: 10_000_000n },
  });
  assert.deepEqual(
    plan.instructions[3],
    fromWeb3(createCloseAccountInstruction(new PublicKey(ata(DAVE, MINT.SOL)), dave, dave)),
  );
});

Deno.test("refusals: another owner, more than the withdrawable amount", () => {
  const s = builderFixture().snapshot("earlier");
  const req = { positionKey: KEY, withdrawAmountUsdUi: "10", withdrawTokenSymbol: "USDC", owner: EVE };
  assert.equal(removeCollateralTransaction(s, req).ok, false);
  const r = removeCollateralTransaction(s, { ...req, owner: DAVE, withdrawAmountUsdUi: "199" });
  assert.equal(!r.ok && r.code, "INSUFFICIENT_COLLATERAL");
});
