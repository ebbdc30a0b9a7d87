/**
 * Drops one warning: `[DEP0040] The punycode module is deprecated`, printed at every start because web3.js 1.x reaches
 * `node:punycode` through its fetch polyfill's URL parser. Nothing here can act on it, and as a line of plain text on
 * stderr it is noise to every log collector reading the service's JSON lines. Every other warning passes. Imported
 * first by `src/main.ts`, before any module that loads web3.js.
 */
import process from "node:process";

const PUNYCODE_DEPRECATION = "DEP0040";
const emitWarning = process.emitWarning.bind(process);

/** The code of a warning, given as `emitWarning(warning, type, code)` or `emitWarning(warning, { code })`. */
function codeOf(args: unknown[]): unknown {
  const [, typeOrOptions, code] = args;
  return typeof typeOrOptions === "object" && typeOrOptions !== null
    ? (typeOrOptions as { code?: unknown }).code
    : code;
}

process.emitWarning = ((...args: Parameters<typeof process.emitWarning>) => {
  if (codeOf(args) === PUNYCODE_DEPRECATION) return;
  emitWarning(...args);
}) as typeof process.emitWarning;
