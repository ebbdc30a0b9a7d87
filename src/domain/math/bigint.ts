/**
 * Integer primitives on bigint. All on-chain amounts are unsigned, so "floor" and "truncate toward zero" agree for
 * them; functions that may see signed values say which rounding they use.
 */

const POW10_CACHE: bigint[] = [];

/** 10^n for n ≥ 0. */
export function pow10(n: number): bigint {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`pow10: exponent must be a non-negative integer, got ${n}`);
  if (n < 64) {
    let cached = POW10_CACHE[n];
    if (cached === undefined) {
      cached = 10n ** BigInt(n);
      POW10_CACHE[n] = cached;
    }
    return cached;
  }
  return 10n ** BigInt(n);
}

/** Converts a small on-chain integer (u8/u16/u32 decoded as number, or already bigint) to bigint. */
export function big(x: number | bigint): bigint {
  if (typeof x === "bigint") return x;
  if (!Number.isSafeInteger(x)) throw new RangeError(`expected an integer, got ${x}`);
  return BigInt(x);
}

export function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

export function maxBig(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

export function absBig(a: bigint): bigint {
  return a < 0n ? -a : a;
}

/** Clamps to ≥ 0. */
export function nonNegative(a: bigint): bigint {
  return a < 0n ? 0n : a;
}

/** ⌊a / b⌋ for a ≥ 0, b > 0 (bigint `/` truncates toward zero, which is floor here). */
export function floorDiv(a: bigint, b: bigint): bigint {
  if (b <= 0n) throw new RangeError("floorDiv: divisor must be positive");
  if (a < 0n) throw new RangeError("floorDiv: dividend must be non-negative");
  return a / b;
}

/** ⌈a / b⌉ for a ≥ 0, b > 0. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  if (b <= 0n) throw new RangeError("ceilDiv: divisor must be positive");
  if (a < 0n) throw new RangeError("ceilDiv: dividend must be non-negative");
  return a === 0n ? 0n : (a - 1n) / b + 1n;
}

/** ⌊a·b / c⌋ for non-negative a, b and positive c. */
export function mulDiv(a: bigint, b: bigint, c: bigint): bigint {
  return floorDiv(a * b, c);
}

/** ⌈a·b / c⌉ for non-negative a, b and positive c. */
export function mulDivCeil(a: bigint, b: bigint, c: bigint): bigint {
  return ceilDiv(a * b, c);
}

/**
 * a·10^ea × b·10^eb expressed as an integer at exponent et, rounded down (the program's `checked_decimal_mul`).
 * 0 when either factor is 0.
 */
export function decimalMul(a: bigint, ea: number, b: bigint, eb: number, et: number): bigint {
  if (a === 0n || b === 0n) return 0n;
  const k = ea + eb - et;
  return k >= 0 ? a * b * pow10(k) : floorDiv(a * b, pow10(-k));
}

/** As {@link decimalMul} but rounded up (the program's `checked_decimal_ceil_mul`). */
export function decimalCeilMul(a: bigint, ea: number, b: bigint, eb: number, et: number): bigint {
  if (a === 0n || b === 0n) return 0n;
  const k = ea + eb - et;
  return k >= 0 ? a * b * pow10(k) : ceilDiv(a * b, pow10(-k));
}

/**
 * (a·10^ea) / (b·10^eb) expressed as an integer at exponent et, rounded down (the program's `checked_decimal_div`:
 * it scales the dividend first and floors once more on the way down; two successive floors equal one floor).
 */
export function decimalDiv(a: bigint, ea: number, b: bigint, eb: number, et: number): bigint {
  if (b === 0n) throw new RangeError("decimalDiv: division by zero");
  if (a === 0n) return 0n;
  // value = a/b · 10^(ea − eb − et)
  const k = ea - eb - et;
  return k >= 0 ? floorDiv(a * pow10(k), b) : floorDiv(a, b * pow10(-k));
}
