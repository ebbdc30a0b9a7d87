/**
 * The v2 setup and funds builders' unit tests run on the hand-built deployment (tests/helpers/hand-built-deployment.ts:
 * Crypto.1 with SOL/WSOL, USDC, JitoSOL; Equity.1 with SPY — a Token-2022 mint — and USDC), with the chain state a
 * test needs written by tests/helpers/funds-chain-state.ts, and each plan's instructions assembled into a transaction
 * and checked completely by `assertTransaction` (tests/helpers/transaction-checks.ts).
 */
import { assembleTransaction } from "../../../../src/domain/builders/transaction.ts";
import type { FundsTransactionPlan } from "../../../../src/domain/builders/v2/funds-plan.ts";
import type { QuoteErrorCode } from "../../../../src/domain/quotes/result.ts";
import { buildFixture, key, MINT, poolAddress, PROGRAM } from "../../../helpers/hand-built-deployment.ts";
import { fundsAccounts } from "../../../helpers/funds-chain-state.ts";
import assert from "node:assert/strict";
import { failureOf } from "./_helpers.ts";
import type { ExpectedInstruction } from "../../../helpers/expected-instructions.ts";
import { assertTransaction } from "../../../helpers/transaction-checks.ts";

export const BLOCKHASH = key("v2funds unit blockhash");
export const POOL = { crypto: poolAddress("v2", "Crypto.1"), equity: poolAddress("v2", "Equity.1") };
export const TOKEN = {
  USDC: { mint: MINT.USDC, token2022: false },
  SOL: { mint: MINT.SOL, token2022: false },
  SPY: { mint: MINT.SPY, token2022: true },
} as const;

export function fundsFixture() {
  const fixture = buildFixture();
  return {
    fixture,
    snapshot: () => fixture.snapshot("v2"),
    chains: fixture.store,
    ...fundsAccounts(fixture.store, PROGRAM.v2),
  };
}

/** The plan's transaction, assembled as the handler would (no lookup tables here), checked completely. */
export function expectPlan(
  plan: FundsTransactionPlan,
  want: { feePayer: string; signers?: string[]; instructions: ExpectedInstruction[] },
) {
  const built = assembleTransaction({
    chain: "base",
    feePayer: plan.feePayer,
    instructions: plan.instructions,
    blockhash: BLOCKHASH,
  });
  return assertTransaction(built.transactionBase64, {
    chain: "base",
    programId: PROGRAM.v2,
    feePayer: want.feePayer,
    signers: want.signers ?? [want.feePayer],
    blockhash: BLOCKHASH,
    instructions: want.instructions,
  });
}

/** `build` refuses with this code (and field): `failureOf` of ./_helpers.ts, which lets any other exception through. */
export function assertRejected(build: () => unknown, code: QuoteErrorCode, field?: string) {
  const failure = failureOf(build);
  assert.ok(failure, "expected a refusal");
  assert.equal(failure.code, code, failure.err);
  if (field !== undefined) assert.equal(failure.field, field);
}
