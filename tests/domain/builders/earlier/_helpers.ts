/**
 * What the earlier builder tests share: the hand-built deployment's earlier program, its Crypto.1 pool and the two
 * SOL markets DAVE trades on (SOL long with SOL collateral, SOL short with USDC collateral), derived with web3.js
 * (tests/helpers/expected-accounts.ts), and prices at the oracles' exponent −8.
 */
import { MINT, PROGRAM } from "../../../helpers/hand-built-deployment.ts";
import { A } from "../../../helpers/earlier-builder-deployment.ts";

export const P = PROGRAM.earlier;
export const POOL = A.pool("Crypto.1");
export const custody = (sym: keyof typeof MINT) => A.custody(POOL, MINT[sym]);
export const SOL_LONG = A.market(custody("SOL"), custody("SOL"), "Long");
export const SOL_SHORT = A.market(custody("SOL"), custody("USDC"), "Short");
export const px = (price: bigint) => ({ price, exponent: -8 });
