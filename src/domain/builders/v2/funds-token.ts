/**
 * The token a setup or funds request names, resolved from the deployment configuration only (issue 9, item 3): its
 * mint, decimals and token program (Token-2022 when the configuration says so, for every ATA and transfer), and the
 * custody and pool the builders use for it. Nothing is assumed: an unknown mint or symbol is a rejection, never
 * "6 decimals". Amounts are converted to native units exactly.
 */
import type { CustodyConfig, PoolConfig, TokenConfig } from "../../../config/pool-config.ts";
import { NATIVE_MINT } from "../../../protocol/constants.ts";
import { DecimalParseError, parseDecimal } from "../../math/decimal.ts";
import { failField } from "../../quotes/result.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import { tokenProgramOf } from "../wallet-accounts.ts";

/** Largest native amount an instruction's `u64` argument holds. */
import { U64_MAX } from "../../../protocol/constants.ts";

export interface FundsToken {
  /** The configuration's symbol (for a mint shared by SOL and WSOL, the first listed: SOL). */
  symbol: string;
  mint: string;
  decimals: number;
  isToken2022: boolean;
  /** Legacy SPL Token or Token-2022, as the configuration says. */
  tokenProgram: string;
  /** The native mint: deposits are wrapped through the wallet's wrapped-SOL account, withdrawals arrive wrapped. */
  isNativeSol: boolean;
  /**
   * The token's custody in its first pool of the configuration (the pool order of the deployment file), which the
   * builders settle and whose lookup tables they offer. PROTOCOL-v2 §8.3 leaves open which pool's custody the
   * service uses for a mint held by several pools (USDC); the first-listed pool is the deployment's main one, and
   * the choice is stable across requests.
   */
  custody: CustodyConfig;
  pool: PoolConfig;
}

/**
 * A configured token by mint. Unknown: 400 UNKNOWN_SYMBOL. A virtual (synthetic) token has no trade vault, so no
 * funds can move in or out of it: 400 VALIDATION_FAILED.
 */
export function fundsTokenByMint(snapshot: DeploymentSnapshot, mint: string, field = "tokenMint"): FundsToken {
  const token = snapshot.input.config.tokenByMint(mint) ??
    failField("UNKNOWN_SYMBOL", field, `mint ${mint} is not a token of the ${snapshot.version} configuration`);
  return fundsTokenOf(snapshot, token, field);
}

/** A configured token by symbol (case-insensitive, as everywhere). Same rejections as `fundsTokenByMint`. */
export function fundsTokenBySymbol(snapshot: DeploymentSnapshot, symbol: string, field = "tokenSymbol"): FundsToken {
  const token = snapshot.token(symbol) ??
    failField("UNKNOWN_SYMBOL", field, `token '${symbol}' is not part of the ${snapshot.version} configuration`);
  return fundsTokenOf(snapshot, token, field);
}

function fundsTokenOf(snapshot: DeploymentSnapshot, token: TokenConfig, field: string): FundsToken {
  const config = snapshot.input.config;
  // The symbol a mint is known by; `token` may be an alias (WSOL) of the same mint.
  const named = config.tokenByMint(token.mintKey) ?? token;
  const custody = config.custodiesOfMint(token.mintKey).find((c) => !c.isVirtual);
  const pool = custody ? config.pool(custody.pool) : undefined;
  if (token.isVirtual || !custody || !pool) {
    failField(
      "VALIDATION_FAILED",
      field,
      `${token.symbol} is a virtual token: it has no trade vault, so it cannot be deposited or withdrawn`,
    );
  }
  return {
    symbol: named.symbol,
    mint: token.mintKey,
    decimals: token.decimals,
    isToken2022: token.isToken2022,
    tokenProgram: tokenProgramOf(token.isToken2022),
    isNativeSol: token.mintKey === NATIVE_MINT,
    custody,
    pool,
  };
}

/**
 * `text` (the schema already guarantees `DecimalInput` syntax) in native units of the token, exactly: a fraction
 * digit beyond the token's decimals that is not zero would have to be rounded away, so it is refused (400
 * INVALID_DECIMAL) rather than silently changing the amount moved; zero moves nothing and is refused too, as is an
 * amount beyond the instruction's u64.
 */
export function parseTokenAmount(text: string, token: FundsToken, field = "amount"): bigint {
  const fraction = text.includes(".") ? text.slice(text.indexOf(".") + 1) : "";
  if (/[1-9]/.test(fraction.slice(token.decimals))) {
    failField(
      "INVALID_DECIMAL",
      field,
      `has more decimal places than ${token.symbol}'s ${token.decimals}: ${JSON.stringify(text)}`,
    );
  }
  let native: bigint;
  try {
    native = parseDecimal(text, token.decimals);
  } catch (error) {
    if (error instanceof DecimalParseError) failField("INVALID_DECIMAL", field, `is not a decimal amount`);
    throw error;
  }
  if (native === 0n) failField("INVALID_DECIMAL", field, "must be greater than zero");
  if (native > U64_MAX) failField("INVALID_DECIMAL", field, `is larger than a ${token.symbol} amount can be`);
  return native;
}
