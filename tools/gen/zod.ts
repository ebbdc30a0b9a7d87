/**
 * Turns the JSON Schema subset our OpenAPI documents use into zod (v4) source code.
 *
 * Supported: type (incl. 3.1 type arrays for nullability), properties, required, additionalProperties,
 * enum, const, pattern, min/maxLength, minimum/maximum and their exclusive forms, items, min/maxItems,
 * default, $ref (local components only: bundle first), allOf (composition), oneOf (alternatives) and
 * anyOf as a list of `{required: [...]}` groups ("at least one of these field groups is present").
 * Anything else is an error, so the contract cannot silently outgrow the generator.
 */
import type { Json } from "./bundle.ts";

const IGNORED_KEYWORDS = new Set([
  "description",
  "examples",
  "example",
  "title",
  "deprecated",
  "readOnly",
  "writeOnly",
  "x-error-code",
  // Documentation and contract checks only: the field repeats another one under the live service's name.
  "x-alias-of",
]);
const HANDLED_KEYWORDS = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "enum",
  "const",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "items",
  "minItems",
  "maxItems",
  "default",
  "$ref",
  "allOf",
  "oneOf",
  "anyOf",
  "format",
]);

/**
 * String formats that carry a check beyond their pattern, implemented once in the generated runtime module.
 * Other formats (`byte`, `uri`, ...) are documentation only, as before.
 */
const FORMAT_CHECKS: Record<string, { check: string; message: string }> = {
  // A base58 string of 32 to 44 characters can decode to fewer or more than 32 bytes (e.g. 32 x "2"): the
  // pattern alone lets such keys through to code that needs a real public key.
  "solana-pubkey": { check: "isSolanaPubkey", message: "must decode to exactly 32 bytes" },
};

export function schemaIdentifier(componentName: string): string {
  return `${componentName.replace(/[^A-Za-z0-9_]/g, "_")}Schema`;
}

export function refName(ref: string): string {
  const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
  if (!match) throw new Error(`Schema $ref must point at #/components/schemas: ${ref}`);
  return match[1];
}

/** Where a schema is used decides how strings from the wire become values. */
export type SchemaContext = "body" | "query" | "path";

export class ZodEmitter {
  /**
   * @param refPrefix prepended to referenced schema identifiers (e.g. `s.` when schemas are a namespace import).
   * @param runtimeImports collects the names the emitted code uses from the generated `runtime.ts`, so the module
   *   imports exactly those.
   */
  constructor(
    private readonly where: string,
    private readonly refPrefix = "",
    readonly runtimeImports = new Set<string>(),
  ) {}

  emit(schema: Json, context: SchemaContext = "body"): string {
    if (schema === true || schema === undefined) return "z.unknown()";
    if (typeof schema !== "object" || schema === null) throw new Error(`${this.where}: invalid schema`);
    for (const key of Object.keys(schema)) {
      if (!HANDLED_KEYWORDS.has(key) && !IGNORED_KEYWORDS.has(key)) {
        throw new Error(`${this.where}: unsupported schema keyword '${key}'`);
      }
    }
    let expr = this.emitCore(schema, context);
    if (schema.anyOf) expr = this.withRequiredGroups(expr, schema.anyOf);
    if (schema.default !== undefined) expr = `${expr}.default(${JSON.stringify(schema.default)})`;
    return expr;
  }

  private emitCore(schema: Json, context: SchemaContext): string {
    if (schema.$ref) {
      const siblings = Object.keys(schema).filter((k) => k !== "$ref" && !IGNORED_KEYWORDS.has(k) && k !== "default");
      if (siblings.length) throw new Error(`${this.where}: $ref with sibling keywords ${siblings.join(",")}`);
      return this.refPrefix + schemaIdentifier(refName(schema.$ref));
    }
    if (schema.allOf) return this.emitAllOf(schema, context);
    if (schema.oneOf) {
      const members = schema.oneOf.map((member: Json) => this.emit(member, context));
      return members.length === 1 ? members[0] : `z.union([${members.join(", ")}])`;
    }
    if (schema.const !== undefined) return `z.literal(${JSON.stringify(schema.const)})`;
    if (schema.enum) return this.emitEnum(schema.enum);

    const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    const nullable = types.includes("null");
    const nonNull = types.filter((t) => t !== "null");
    if (nonNull.length === 0 && nullable) return "z.null()";
    if (nonNull.length === 0) {
      if (schema.properties || schema.additionalProperties !== undefined) return this.emitObject(schema);
      return "z.unknown()";
    }
    const variants = nonNull.map((type) => this.emitTyped(type, schema, context));
    const base = variants.length === 1 ? variants[0] : `z.union([${variants.join(", ")}])`;
    return nullable ? `${base}.nullable()` : base;
  }

  private emitTyped(type: string, schema: Json, context: SchemaContext): string {
    switch (type) {
      case "string":
        return this.emitString(schema);
      case "number":
      case "integer":
        return this.emitNumber(schema, type === "integer", context);
      case "boolean":
        return context === "body" ? "z.boolean()" : `z.stringbool({ truthy: ["true"], falsy: ["false"] })`;
      case "array": {
        let expr = `z.array(${this.emit(schema.items ?? true, context)})`;
        if (schema.minItems !== undefined) expr += `.min(${schema.minItems})`;
        if (schema.maxItems !== undefined) expr += `.max(${schema.maxItems})`;
        return expr;
      }
      case "object":
        return this.emitObject(schema);
      default:
        throw new Error(`${this.where}: unsupported type '${type}'`);
    }
  }

  private emitEnum(values: unknown[]): string {
    if (values.every((v) => typeof v === "string")) return `z.enum(${JSON.stringify(values)})`;
    const literals = values.map((v) => `z.literal(${JSON.stringify(v)})`);
    return literals.length === 1 ? literals[0] : `z.union([${literals.join(", ")}])`;
  }

  private emitString(schema: Json): string {
    let expr = "z.string()";
    if (schema.minLength !== undefined) expr += `.min(${schema.minLength})`;
    if (schema.maxLength !== undefined) expr += `.max(${schema.maxLength})`;
    if (schema.pattern !== undefined) expr += `.regex(new RegExp(${JSON.stringify(schema.pattern)}))`;
    const format = FORMAT_CHECKS[schema.format];
    if (format) {
      // The failure carries the contract's error code for this schema, so the 400 names it (src/http/validation.ts).
      const params = { code: schema["x-error-code"] ?? "VALIDATION_FAILED" };
      expr += `.refine(${format.check}, { message: ${JSON.stringify(format.message)}, params: ${
        JSON.stringify(params)
      } })`;
      this.runtimeImports.add(format.check);
    }
    return expr;
  }

  private emitNumber(schema: Json, integer: boolean, context: SchemaContext): string {
    let expr = integer ? "z.int()" : "z.number()";
    if (schema.minimum !== undefined) expr += `.gte(${schema.minimum})`;
    if (schema.maximum !== undefined) expr += `.lte(${schema.maximum})`;
    if (schema.exclusiveMinimum !== undefined) expr += `.gt(${schema.exclusiveMinimum})`;
    if (schema.exclusiveMaximum !== undefined) expr += `.lt(${schema.exclusiveMaximum})`;
    if (context === "body") return expr;
    // Query and path values arrive as text: only a plain decimal literal is a number ("", "1e3", "abc" are not). Its
    // failure is VALIDATION_FAILED, named as a parameter (src/http/validation.ts reads the code from the params).
    this.runtimeImports.add("isPlainNumber");
    return `z.string().refine(isPlainNumber, { message: "must be a number", params: { code: "VALIDATION_FAILED" } })` +
      `.transform(Number).pipe(${expr})`;
  }

  private emitObject(schema: Json): string {
    const required = new Set<string>(schema.required ?? []);
    const entries = Object.entries((schema.properties ?? {}) as Record<string, Json>).map(([name, prop]) => {
      let expr = this.emit(prop);
      if (!required.has(name) && prop.default === undefined) expr += ".optional()";
      return `${JSON.stringify(name)}: ${expr}`;
    });
    const additional = schema.additionalProperties;
    if (!schema.properties && additional && additional !== true) {
      return `z.record(z.string(), ${this.emit(additional)})`;
    }
    let expr = `z.object({ ${entries.join(", ")} })`;
    if (additional && additional !== true) expr += `.catchall(${this.emit(additional)})`;
    // additionalProperties: false is documentation only: unknown request fields are ignored (DECISIONS 1.8).
    return expr;
  }

  private emitAllOf(schema: Json, context: SchemaContext): string {
    const parts: Json[] = [...schema.allOf];
    if (schema.properties || schema.required) {
      parts.push({ type: "object", properties: schema.properties, required: schema.required });
    }
    const members = parts.map((part) => this.emit(part, context));
    return members.reduce((acc, member) => `z.intersection(${acc}, ${member})`);
  }

  private withRequiredGroups(expr: string, groups: Json[]): string {
    const lists: string[][] = groups.map((group) => {
      const keys = Object.keys(group);
      if (keys.length !== 1 || !Array.isArray(group.required)) {
        throw new Error(`${this.where}: anyOf is only supported as a list of {required: [...]} groups`);
      }
      return group.required;
    });
    const described = lists.map((list) => list.join(" + ")).join(" or ");
    this.runtimeImports.add("requireOneGroup");
    return `${expr}.superRefine((value, ctx) => requireOneGroup(value, ${JSON.stringify(lists)}, ${
      JSON.stringify(described)
    }, ctx))`;
  }
}

/** Component schemas in dependency order, so every `const` is declared before use. */
export function orderComponents(schemas: Record<string, Json>): { order: string[]; cyclic: Set<string> } {
  const order: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const cyclic = new Set<string>();
  const visit = (name: string) => {
    const s = state.get(name);
    if (s === "done") return;
    if (s === "visiting") {
      cyclic.add(name);
      return;
    }
    state.set(name, "visiting");
    for (const dep of collectRefs(schemas[name])) visit(dep);
    state.set(name, "done");
    order.push(name);
  };
  for (const name of Object.keys(schemas)) visit(name);
  return { order, cyclic };
}

export function collectRefs(node: Json, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => collectRefs(n, out));
  else if (node && typeof node === "object") {
    if (typeof node.$ref === "string" && node.$ref.startsWith("#/components/schemas/")) out.add(refName(node.$ref));
    for (const value of Object.values(node)) collectRefs(value, out);
  }
  return out;
}

/**
 * The error code the contract gives each pattern (`x-error-code` beside `pattern`), so a request value failing
 * the pattern of `Pubkey` is answered INVALID_PUBKEY and one failing a decimal pattern INVALID_DECIMAL.
 */
export function patternErrorCodes(node: Json, out: Record<string, string> = {}): Record<string, string> {
  if (Array.isArray(node)) node.forEach((n) => patternErrorCodes(n, out));
  else if (node && typeof node === "object") {
    if (typeof node.pattern === "string" && typeof node["x-error-code"] === "string") {
      const known = out[node.pattern];
      if (known !== undefined && known !== node["x-error-code"]) {
        throw new Error(`pattern ${node.pattern} has two error codes: ${known} and ${node["x-error-code"]}`);
      }
      out[node.pattern] = node["x-error-code"];
    }
    for (const value of Object.values(node)) patternErrorCodes(value, out);
  }
  return out;
}
