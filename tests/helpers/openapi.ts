/**
 * The OpenAPI documents as the tests read them: the bundled JSON of both interfaces, typed by the parts of OpenAPI
 * 3.1 (and its JSON Schema) the tests walk, and `$ref` resolution. The documents are JSON the tests did not write,
 * so their shape is checked once, here, where they are loaded; everything downstream is typed.
 */
import v2Doc from "../../gen/v2/openapi.json" with { type: "json" };
import earlierDoc from "../../gen/earlier/openapi.json" with { type: "json" };
import { isJsonObject, type JsonValue } from "../../src/protocol/codec/json.ts";

/** The JSON Schema keywords the tests read. */
export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  const?: JsonValue;
  enum?: JsonValue[];
  default?: JsonValue;
  examples?: JsonValue[];
  allOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  items?: SchemaObject;
  required?: string[];
  properties?: Record<string, SchemaObject>;
  /** The contract's error code for a value that fails `pattern` (INVALID_PUBKEY, INVALID_DECIMAL). */
  "x-error-code"?: string;
  /** A field that repeats its sibling `x-alias-of` under the live service's name (issue 12): always equal to it. */
  "x-alias-of"?: string;
}

export interface ParameterObject {
  $ref?: string;
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: SchemaObject;
}

export interface MediaTypeObject {
  schema?: SchemaObject;
}

export interface RequestBodyObject {
  $ref?: string;
  content?: Record<string, MediaTypeObject>;
}

export interface HeaderObject {
  $ref?: string;
  required?: boolean;
  schema: SchemaObject;
}

export interface ResponseObject {
  $ref?: string;
  headers?: Record<string, HeaderObject>;
  content?: Record<string, MediaTypeObject>;
}

/** `x-cors` of each interface: the answer to a CORS preflight, and the CORS headers of every other answer. */
export interface CorsDescription {
  preflight: ResponseObject;
  headers: Record<string, HeaderObject>;
}

export interface OperationObject {
  operationId: string;
  parameters?: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses: Record<string, ResponseObject>;
}

export const METHODS = ["get", "post", "put", "patch", "delete"] as const;
export type Method = (typeof METHODS)[number];
export type PathItemObject = Partial<Record<Method, OperationObject>>;

export interface OpenApiDocument {
  info?: { title?: string; description?: string };
  paths: Record<string, PathItemObject>;
  components?: { schemas?: Record<string, SchemaObject> };
  /** Present in the YAML's documents (not in the description zod-openapi builds from the routes). */
  "x-cors"?: CorsDescription;
}

/**
 * A parsed OpenAPI document, checked down to its operations (an object of paths, each an object of operations with
 * an operationId and responses); the schemas below them are read as the types above say.
 */
export function asOpenApiDocument(value: unknown): OpenApiDocument {
  const doc = value as JsonValue;
  if (!isJsonObject(doc) || !isJsonObject(doc.paths)) throw new TypeError("not an OpenAPI document: no paths");
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isJsonObject(item)) throw new TypeError(`not an OpenAPI document: path ${path} is not an object`);
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      if (!isJsonObject(operation) || typeof operation.operationId !== "string" || !isJsonObject(operation.responses)) {
        throw new TypeError(`not an OpenAPI document: ${method} ${path} has no operationId or responses`);
      }
    }
  }
  return doc as unknown as OpenApiDocument;
}

export const DOCUMENTS = {
  v2: asOpenApiDocument(v2Doc),
  earlier: asOpenApiDocument(earlierDoc),
} as const;
export type InterfaceName = keyof typeof DOCUMENTS;

/** The CORS description of a document (`x-cors`), checked to be there. */
export function corsOf(doc: OpenApiDocument): CorsDescription {
  const cors = doc["x-cors"] as JsonValue | undefined;
  if (!isJsonObject(cors) || !isJsonObject(cors.preflight) || !isJsonObject(cors.headers)) {
    throw new TypeError("this OpenAPI document has no x-cors with a preflight and headers");
  }
  return doc["x-cors"]!;
}

/** The value a local JSON pointer (`#/components/schemas/X`) names in a document. */
export function resolvePointer(doc: OpenApiDocument, ref: string): JsonValue | undefined {
  let node: JsonValue | undefined = doc as unknown as JsonValue;
  for (const part of ref.replace(/^#\//, "").split("/")) {
    const key = part.replace(/~1/g, "/").replace(/~0/g, "~");
    node = isJsonObject(node) ? node[key] : undefined;
  }
  return node;
}

/** A node with its `$ref`s followed (a reference is to a node of the same kind). */
export function deref<T extends { $ref?: string }>(doc: OpenApiDocument, node: T): T;
export function deref<T extends { $ref?: string }>(doc: OpenApiDocument, node: T | undefined): T | undefined;
export function deref<T extends { $ref?: string }>(doc: OpenApiDocument, node: T | undefined): T | undefined {
  let current = node;
  while (current !== undefined && typeof current.$ref === "string") {
    current = resolvePointer(doc, current.$ref) as T | undefined;
  }
  return current;
}

/** Every operation of a document with its path and method. */
export function operationsOf(doc: OpenApiDocument) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ path, method, operation }] : [];
    })
  );
}
