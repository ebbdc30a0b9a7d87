/**
 * The configuration's tokens as each interface lists them (GET /v2/tokens, GET /tokens). `tokens` is the
 * deployment's list, one entry per symbol (`DeploymentIndex.tokens`).
 *
 * Each entry also carries the live service's names for four of its fields (issue 12: clients written against the
 * live service read them): `mint` = `mintKey`, `lazerId` = `feedId`, `pythTicker` = `oracleTicker` and, on the
 * earlier interface, `pythPriceId` = `oraclePriceId` (ORACLE-AND-CHAIN §0 and §6 item 2, PROTOCOL-v2 §7.2). The documented names
 * stay; the aliases are additive and always hold the same value.
 */
import type { TokenConfig } from "../../config/pool-config.ts";
import type { ProgramVersion } from "../../protocol/vocabulary.ts";

const v2TokenDto = (t: TokenConfig) => ({
  symbol: t.symbol,
  mintKey: t.mintKey,
  decimals: t.decimals,
  isStable: t.isStable,
  isVirtual: t.isVirtual,
  feedId: t.feedId,
  oracleTicker: t.oracleTicker,
  isToken2022: t.isToken2022,
  mint: t.mintKey,
  lazerId: t.feedId,
  pythTicker: t.oracleTicker,
});
export type V2TokenDto = ReturnType<typeof v2TokenDto>;

const earlierTokenDto = (t: TokenConfig) => ({
  symbol: t.symbol,
  mintKey: t.mintKey,
  decimals: t.decimals,
  usdPrecision: t.usdPrecision,
  tokenPrecision: t.tokenPrecision,
  isStable: t.isStable,
  isVirtual: t.isVirtual,
  feedId: t.feedId,
  oracleTicker: t.oracleTicker,
  oraclePriceId: t.oraclePriceId,
  isToken2022: t.isToken2022,
  mint: t.mintKey,
  lazerId: t.feedId,
  pythTicker: t.oracleTicker,
  pythPriceId: t.oraclePriceId,
});
export type EarlierTokenDto = ReturnType<typeof earlierTokenDto>;

/** v2: one entry per symbol (USDC once; SOL and WSOL both, since they are distinct symbols with their own prices). */
export function v2TokenList(tokens: readonly TokenConfig[]): V2TokenDto[] {
  return tokens.map(v2TokenDto);
}

/** Earlier interface: one entry per mint (the earlier document dedupes by mint: SOL, not WSOL). */
export function earlierTokenList(tokens: readonly TokenConfig[]): EarlierTokenDto[] {
  const byMint = new Map<string, TokenConfig>();
  for (const token of tokens) {
    if (!byMint.has(token.mintKey)) byMint.set(token.mintKey, token);
  }
  return [...byMint.values()].map(earlierTokenDto);
}

/** Each interface's token DTO. */
export type TokenDtoOf<V extends ProgramVersion> = V extends "v2" ? V2TokenDto : EarlierTokenDto;

/** Each interface's token list. */
export const TOKEN_LISTS: { [V in ProgramVersion]: (tokens: readonly TokenConfig[]) => TokenDtoOf<V>[] } = {
  v2: v2TokenList,
  earlier: earlierTokenList,
};
