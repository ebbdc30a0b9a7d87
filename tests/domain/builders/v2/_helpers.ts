/**
 * Shared by the v2 builder tests: the hand-built deployment (tests/helpers/hand-built-deployment.ts) with deposit
 * ledgers — ALICE (SOL long 10 @150 on the SOL-collateral market with TP slot 0, SL slot 2 and limit slot 1; SOL
 * short 4 @150 with empty order lists) and FRANK (an empty basket) — the market blocks as the instructions name
 * them, derived independently with web3.js, and a runner that turns a builder's refusal into a value.
 *
 * Prices: SOL 160.00, USDC 1.00, JitoSOL 180.00 (exponent −8); flat spread 0.1 %, open/close fee 0.1 %.
 */
import * as pda from "../../../../src/protocol/pda.ts";
import { basketAccount } from "../../../../src/protocol/accounts/mod.ts";
import { userDepositLedgerAccount } from "../../../../src/protocol/accounts/user-deposit-ledger.ts";
import type { TradeSigner } from "../../../../src/domain/builders/v2/trade-accounts.ts";
import type { ErTransactionPlan } from "../../../../src/domain/builders/plan.ts";
import { attempt } from "../../../../src/domain/quotes/result.ts";
import {
  ALICE,
  basketOf,
  buildFixture,
  type Fixture,
  type FixtureOptions,
  key,
  MINT,
  PROGRAM,
} from "../../../helpers/hand-built-deployment.ts";
import { programAddresses } from "../../../helpers/expected-accounts.ts";
import {
  custodyAs,
  marketBlock as referenceMarketBlock,
  tradeCustody,
} from "../../../helpers/expected-instructions.ts";

export const P = PROGRAM.v2;
export const FRANK = key("frank");
export const A = programAddresses(P);

/** Deposited (cumulative) per owner: ALICE 10 000 USDC, 100 SOL, 10 JitoSOL; FRANK 50 USDC. */
export function tradingFixture(options: FixtureOptions = {}): Fixture {
  const f = buildFixture(options);
  const ledger = (owner: string, deposits: [keyof typeof MINT, bigint][]) =>
    f.put("v2", pda.userDepositLedger(P, owner), userDepositLedgerAccount, {
      bump: 255,
      padding: new Uint8Array(7),
      owner,
      deposits: deposits.map(([sym, amount]) => ({ mint: MINT[sym], amount })),
    });
  ledger(ALICE, [["USDC", 10_000_000_000n], ["SOL", 100_000_000_000n], ["JitoSOL", 10_000_000_000n]]);
  ledger(FRANK, [["USDC", 50_000_000n]]);
  f.put("v2", pda.basket(P, FRANK), basketAccount, basketOf(FRANK, [], []));
  return f;
}

export const owner = (o: string): TradeSigner => ({ owner: o, signer: o });

/** A session key signing for `o`, with its SessionTokenV2 (derived with web3.js). */
export function session(o: string): TradeSigner {
  const signer = key(`session of ${o}`);
  return { owner: o, signer, sessionToken: A.sessionToken(signer, o) };
}

type Sym = keyof typeof MINT;

/** A custody of `pool` and its oracle, as instructions name them. */
export function custodyOf(poolName: string, sym: Sym) {
  return tradeCustody(P, poolName, MINT[sym]);
}

/** The custody paid in through (open, increase, add collateral), as the instructions name it. */
export const receiving = (poolName: string, sym: Sym) => custodyAs("receiving", P, poolName, MINT[sym]);
/** The custody paid out through (close, decrease, remove collateral), as the instructions name it. */
export const dispensing = (poolName: string, sym: Sym) => custodyAs("dispensing", P, poolName, MINT[sym]);

/** The market block of an instruction (snake_case names of PROTOCOL-v2 §3.13). */
export function marketBlock(poolName: string, target: Sym, lock: Sym, side: "long" | "short") {
  return referenceMarketBlock(P, poolName, MINT[target], MINT[lock], side);
}

/**
 * The refusal (code, text and the field when it names one) `run` raises, or undefined when it passes; any other
 * exception propagates.
 */
export function failureOf(run: () => unknown): { code: string; err: string; field?: string } | undefined {
  const outcome = attempt(run);
  if (outcome.ok) return undefined;
  const { ok: _, ...failure } = outcome;
  return failure;
}

/** The refusal (code and text) of a builder that must refuse. */
export function refusal(build: () => ErTransactionPlan): { code: string; err: string; field?: string } {
  const failure = failureOf(build);
  if (failure === undefined) throw new Error("expected a refusal, got a transaction");
  return failure;
}

/** A UI price ("160.9608") as an oracle price at exponent −8. */
export function px(ui: string): { price: bigint; exponent: number } {
  const [whole, fraction = ""] = ui.split(".");
  return { price: BigInt(whole + fraction.padEnd(8, "0")), exponent: -8 };
}
