/** Earlier add-collateral builder on the hand-built deployment (DAVE's SOL long, SOL collateral). */
import assert from "node:assert/strict";
import { PublicKey, SystemProgram } from "@solana/web3.js";
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createSyncNativeInstruction,
  NATIVE_MINT,
} from "@solana/spl-token";
import { addCollateralTransaction } from "../../../../src/domain/builders/earlier/add-collateral.ts";
import { DAVE, EVE, MINT } from "../../../helpers/hand-built-deployment.ts";
import { A, builderFixture } from "../../../helpers/earlier-builder-deployment.ts";
import { fromWeb3 } from "../../../helpers/instructions.ts";
import { ok } from "../../quotes/_helpers.ts";
import { ata, SYSVAR_INSTRUCTIONS, TOKEN } from "../../../helpers/expected-accounts.ts";
import { assertEarlierInstruction } from "../../../helpers/transaction-checks.ts";
import { custody, P, POOL, SOL_LONG } from "./_helpers.ts";

const KEY = A.position(DAVE, SOL_LONG);

const common = {
  perpetuals: A.perpetuals,
  pool: POOL,
  position: KEY,
  market: SOL_LONG,
  targetCustody: custody("SOL"),
  targetOracleAccount: A.oracle(MINT.SOL),
  collateralCustody: custody("SOL"),
  collateralOracleAccount: A.oracle(MINT.SOL),
  collateralCustodyTokenAccount: A.custodyTokenAccount(POOL, MINT.SOL),
  eventAuthority: A.eventAuthority,
  program: P,
  ixSysvar: SYSVAR_INSTRUCTIONS,
};

Deno.test("a native SOL deposit: wrap it, then add_collateral of the whole amount", () => {
  const s = builderFixture().snapshot("earlier");
  const { dto, plan } = ok(
    addCollateralTransaction(s, { positionKey: KEY, depositAmountUi: "0.5", depositTokenSymbol: "SOL", owner: DAVE }),
  );
  assert.equal(dto.depositUsdValue, "80.00");
  const o = new PublicKey(DAVE);
  const wsol = new PublicKey(ata(DAVE, MINT.SOL));
  assert.deepEqual(plan.instructions.slice(0, 3), [
    fromWeb3(createAssociatedTokenAccountIdempotentInstruction(o, wsol, o, NATIVE_MINT)),
    fromWeb3(SystemProgram.transfer({ fromPubkey: o, toPubkey: wsol, lamports: 500_000_000n })),
    fromWeb3(createSyncNativeInstruction(wsol)),
  ]);
  assertEarlierInstruction(plan.instructions[3], P, {
    name: "add_collateral",
    accounts: {
      ...common,
      owner: DAVE,
      fundingAccount: ata(DAVE, MINT.SOL),
      fundingTokenProgram: TOKEN,
      fundingMint: MINT.SOL,
    },
    args: { collateralDelta: 500_000_000n },
  });
});

Deno.test("a USDC deposit on a SOL-collateral position: swap_and_add_collateral from the USDC account", () => {
  const s = builderFixture().snapshot("earlier");
  const { plan } = ok(
    addCollateralTransaction(s, { positionKey: KEY, depositAmountUi: "25", depositTokenSymbol: "USDC", owner: DAVE }),
  );
  assert.equal(plan.instructions.length, 1);
  assertEarlierInstruction(plan.instructions[0], P, {
    name: "swap_and_add_collateral",
    accounts: {
      ...common,
      owner: DAVE,
      feePayer: DAVE,
      fundingAccount: ata(DAVE, MINT.USDC),
      transferAuthority: A.transferAuthority,
      receivingCustody: custody("USDC"),
      receivingCustodyOracleAccount: A.oracle(MINT.USDC),
      receivingCustodyTokenAccount: A.custodyTokenAccount(POOL, MINT.USDC),
      fundingTokenProgram: TOKEN,
      fundingMint: MINT.USDC,
    },
    args: { amountIn: 25_000_000n },
  });
});

Deno.test("another owner's position, an unknown position: POSITION_NOT_FOUND", () => {
  const s = builderFixture().snapshot("earlier");
  const req = { positionKey: KEY, depositAmountUi: "1", depositTokenSymbol: "SOL", owner: EVE };
  assert.deepEqual(addCollateralTransaction(s, req), {
    ok: false,
    code: "POSITION_NOT_FOUND",
    err: `position ${KEY} is not owned by ${EVE}`,
  });
  const unknown = A.position(EVE, SOL_LONG);
  const r = addCollateralTransaction(s, { ...req, positionKey: unknown });
  assert.equal(!r.ok && r.err, `position account ${unknown} not found`);
});
