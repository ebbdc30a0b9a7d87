/**
 * Shared by the quote tests: unwrapping a successful quote, the position most of them quote on, and the open most of
 * the open-position tests quote (1 SOL at 5× into a new SOL long).
 *
 * ALICE's SOL long on the hand-built deployment (tests/helpers/hand-built-deployment.ts): 10 SOL @150.00, size
 * $1 500, collateral $300, 12 SOL locked; SOL 160.00; spread 0.1 %, close fee 0.1 %; accrued borrow $0.015 (see
 * views/owner.test.ts).
 */
import type { QuoteResult } from "../../../src/domain/quotes/result.ts";
import type { OpenPositionRequest } from "../../../src/domain/quotes/open-contract.ts";
import { ALICE } from "../../helpers/hand-built-deployment.ts";

export function ok<T>(r: QuoteResult<T>): T {
  if (!r.ok) throw new Error(`expected success, got ${r.code}: ${r.err}`);
  return r.value;
}

export const aliceLong = { owner: ALICE, marketSymbol: "SOL", side: "LONG" } as const;

export const long1Sol: OpenPositionRequest = {
  inputTokenSymbol: "SOL",
  outputTokenSymbol: "SOL",
  inputAmountUi: "1",
  leverage: 5,
  tradeType: "LONG",
};
