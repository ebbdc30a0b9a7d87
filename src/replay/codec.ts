/** A bigint as a JSON number when exactly representable, else as a decimal string. */
export function bigintToJson(v: bigint): number | string {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
}

/** Accepts a JSON number (integer) or decimal string. */
export function bigintFromJson(v: unknown, what: string): bigint {
  if (typeof v === "number" && Number.isInteger(v)) return BigInt(v);
  if (typeof v === "string" && /^-?\d+$/.test(v)) return BigInt(v);
  if (typeof v === "bigint") return v;
  throw new TypeError(`${what}: expected an integer, got ${JSON.stringify(v)}`);
}
