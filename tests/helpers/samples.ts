/**
 * Builds valid example values from the contract's JSON schemas, so table-driven tests can exercise every
 * operation without hand-writing a request per endpoint. A valid request is the baseline that each
 * malformed-request case then breaks in exactly one way.
 */
import type { JsonObject, JsonValue } from "../../src/protocol/codec/json.ts";
import { deref, type OpenApiDocument, type OperationObject, type SchemaObject } from "./openapi.ts";

export const SAMPLE_PUBKEY = "So11111111111111111111111111111111111111112";

export function isPubkeySchema(doc: OpenApiDocument, schema: SchemaObject | undefined): boolean {
  const s = deref(doc, schema);
  return typeof s?.pattern === "string" && s.pattern.startsWith("^[1-9A-HJ-NP-Za-km-z]");
}

/** A decimal string: the contract marks every one with `x-error-code: INVALID_DECIMAL`. */
export function isDecimalSchema(doc: OpenApiDocument, schema: SchemaObject | undefined): boolean {
  return deref(doc, schema)?.["x-error-code"] === "INVALID_DECIMAL";
}

/** The schema's type without `null` (a nullable field is sampled as its non-null type). */
export function nonNullType(s: SchemaObject): string | undefined {
  return Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
}

/** One valid value for a schema: examples and defaults first, then the narrowest value the keywords allow. */
export function sampleValue(doc: OpenApiDocument, schema: SchemaObject | undefined): JsonValue {
  const s = deref(doc, schema);
  if (s === undefined) return "x";
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  if (s.allOf) return Object.assign({}, ...s.allOf.map((part) => sampleValue(doc, part)));
  if (s.oneOf) return sampleValue(doc, s.oneOf[0]);
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (isPubkeySchema(doc, s)) return SAMPLE_PUBKEY;
  if (isDecimalSchema(doc, s)) return "1";
  switch (nonNullType(s)) {
    case "string":
      if (s.pattern) throw new Error(`no sample for pattern ${s.pattern}: add examples to the schema`);
      return "x".repeat(Math.max(1, s.minLength ?? 1));
    case "integer":
    case "number": {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined);
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : undefined);
      if (min !== undefined) return min;
      if (max !== undefined) return Math.min(1, max);
      return 1;
    }
    case "boolean":
      return false;
    case "array":
      return Array.from({ length: s.minItems ?? 0 }, () => sampleValue(doc, s.items));
    case "null":
      return null;
    default:
      return sampleObject(doc, s);
  }
}

export function sampleObject(doc: OpenApiDocument, schema: SchemaObject): JsonObject {
  const s = deref(doc, schema);
  const required = new Set<string>(s.required ?? []);
  for (const group of s.anyOf ?? []) for (const key of group.required ?? []) required.add(key);
  const out: JsonObject = {};
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    if (required.has(name)) out[name] = sampleValue(doc, prop);
  }
  return out;
}

/** A concrete URL for an operation with sample path and (required) query parameters. */
export function sampleUrl(doc: OpenApiDocument, path: string, operation: OperationObject): string {
  let url = path;
  const query = new URLSearchParams();
  for (const raw of operation.parameters ?? []) {
    const param = deref(doc, raw);
    const value = sampleValue(doc, param.schema);
    if (param.in === "path") url = url.replace(`{${param.name}}`, encodeURIComponent(String(value)));
    else if (param.in === "query" && param.required) query.set(param.name, String(value));
  }
  const qs = query.toString();
  return qs ? `${url}?${qs}` : url;
}

export function requestBodySchema(doc: OpenApiDocument, operation: OperationObject): SchemaObject | undefined {
  const body = deref(doc, operation.requestBody);
  return body?.content?.["application/json"]?.schema;
}
