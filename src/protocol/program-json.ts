/**
 * Account JSON in the program's own field names (DECISIONS 1.5): what the earlier interface's legacy routes answer,
 * as the live service's legacy routes do and its clients read (`target_custody`, `permissions.allow_open_position`).
 * Values are those of the raw JSON (raw-json.ts); only the keys differ, at every depth.
 *
 * The names come from the codec schemas, not from a table of their own: a codec's field is the camelCase of the
 * program's snake_case name (PROTOCOL-v1 §3), so the snake_case is that name with each capital turned into `_` and its
 * lower case (`allowOpenPosition` → `allow_open_position`; digits stay: `slope1`, `token22`).
 */
import { CodecError, type Schema } from "./codec/mod.ts";
import { ACCOUNT_CODECS, type AccountKind } from "./accounts/mod.ts";
import type { ProgramVersion } from "./vocabulary.ts";
import type { JsonObject, JsonValue } from "./codec/json.ts";
import { isPaddingKey, toRawJson } from "./raw-json.ts";

/** The program's snake_case name of a codec field. */
export function programNameOf(field: string): string {
  return field.replace(/[A-Z]/g, (capital) => `_${capital.toLowerCase()}`);
}

/** A value decoded by a codec of `schema` as JSON with the program's field names (padding and reserved left out). */
export function toProgramJson(schema: Schema, value: unknown): JsonValue {
  switch (schema.type) {
    case "struct": {
      const fields = value as Record<string, unknown>;
      const out: JsonObject = {};
      for (const [name, field] of schema.fields) {
        if (isPaddingKey(name) || fields[name] === undefined) continue;
        out[programNameOf(name)] = toProgramJson(field, fields[name]);
      }
      return out;
    }
    case "array":
    case "vec":
      return (value as unknown[]).map((item) => toProgramJson(schema.of, item));
    case "option":
      return value === null ? null : toProgramJson(schema.of, value);
    default:
      return toRawJson(value);
  }
}

/** A decoded account of `kind` in `version`'s layout as JSON with the program's field names. */
export function accountToProgramJson(version: ProgramVersion, kind: AccountKind, value: object): JsonObject {
  const codec = ACCOUNT_CODECS[version][kind];
  if (codec === undefined) throw new CodecError(`account kind ${kind} does not exist in program version ${version}`);
  return toProgramJson(codec.body.schema, value) as JsonObject;
}
