/**
 * Raw-account JSON (DECISIONS 2.4): the decoded account with camelCase keys (already the decoded field names),
 * 64/128-bit integers as decimal strings, pubkeys as base58, enums as variant names, small integers as numbers,
 * and padding/reserved fields left out.
 */
import type { JsonObject, JsonValue } from "./codec/json.ts";

/**
 * True for keys of padding and reserved areas: `padding`, `padding2`, `paddingU64`, `reserved` (from `_reserved`).
 * Real fields that merely start with "reserved" (`reservedAmount`) are kept.
 */
export function isPaddingKey(key: string): boolean {
  return key.startsWith("padding") || key === "reserved";
}

/** Converts a decoded account (or any nested part of it) to its raw JSON form. */
export function toRawJson(value: unknown): JsonValue {
  switch (typeof value) {
    case "bigint":
      return value.toString();
    case "string":
    case "boolean":
      return value;
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`toRawJson: non-finite number ${value}`);
      return value;
    case "object": {
      if (value === null) return null;
      if (Array.isArray(value)) return value.map(toRawJson);
      if (value instanceof Uint8Array) return Array.from(value);
      return toRawJsonObject(value);
    }
    default:
      throw new TypeError(`toRawJson: unsupported ${typeof value}`);
  }
}

/** A decoded account (or any struct of one) as a raw JSON object. */
export function toRawJsonObject(value: object): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined || isPaddingKey(k)) continue;
    out[k] = toRawJson(v);
  }
  return out;
}
