/**
 * A JSON value, recursively: what `JSON.parse` returns and `JSON.stringify` writes back unchanged. Code that reads
 * JSON it did not write narrows from here (or declares the shape it expects and checks it once at the boundary)
 * instead of reading through `any`.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
