/**
 * The words every layer shares, defined once: which generation of the program (and so which interface) a thing
 * belongs to, and the spellings of a position's side. The program and the domain say `"Long"` / `"Short"`
 * (the `Side` enum's variant names), the pool configuration `"long"` / `"short"`, the HTTP requests `"LONG"` /
 * `"SHORT"`. Values cross from one spelling to another only through the converters below, at the edges.
 */

/**
 * Which layout generation of the perpetuals program, and so which interface: `"earlier"` is PROTOCOL-v1
 * (standalone position and order accounts, served by the earlier interface); `"v2"` the later program of
 * PROTOCOL-v2 (baskets, the funds lifecycle), served under `/v2`.
 */
export type ProgramVersion = "earlier" | "v2";
export const PROGRAM_VERSIONS: readonly ProgramVersion[] = ["earlier", "v2"];

/** A trading side as the program's `Side` enum names it (its third variant, `None`, marks an empty slot). */
export type TradeSide = "Long" | "Short";
/** A side as the pool configuration spells it (`MarketConfig.side`). */
export type ConfigSide = "long" | "short";
/** A side as the HTTP requests spell it. */
export type RequestSide = "LONG" | "SHORT";

/** Any spelling of a side, in any case, as the program's; anything else (`"None"`, a typo) is a RangeError. */
export function tradeSide(text: string): TradeSide {
  const s = text.toLowerCase();
  if (s === "long") return "Long";
  if (s === "short") return "Short";
  throw new RangeError(`not a trading side: ${JSON.stringify(text)}`);
}

export const configSide = (side: TradeSide): ConfigSide => side === "Long" ? "long" : "short";

export const requestSide = (side: TradeSide): RequestSide => side === "Long" ? "LONG" : "SHORT";

export const oppositeSide = (side: TradeSide): TradeSide => side === "Long" ? "Short" : "Long";
