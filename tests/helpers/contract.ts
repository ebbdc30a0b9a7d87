/**
 * Validates every HTTP response a test sees against the OpenAPI document of its interface: the operation is
 * found from the method and concrete path, the response object from the status, and the body is checked with
 * Ajv (JSON Schema 2020-12, as OpenAPI 3.1 uses) against the schema the YAML gives for that status.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { ValidateFunction } from "ajv";
import {
  corsOf,
  deref,
  DOCUMENTS,
  type HeaderObject,
  type InterfaceName,
  type Method,
  type OpenApiDocument,
} from "./openapi.ts";
import { isSolanaPubkey } from "../../gen/runtime.ts";
import { isDeepStrictEqual } from "node:util";
import { DEFAULT_MOUNTS, type Mounts } from "../../src/http/mounts.ts";

const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
// The contract's own format: a key in an answer must decode to 32 bytes, as one in a request must.
ajv.addFormat("solana-pubkey", { type: "string", validate: isSolanaPubkey });
// A field documented as the live service's name for a sibling (`x-alias-of: mintKey`) must hold the sibling's value,
// in every answer any test sees. `x-alias-of: "."` is a single account's `account`: the object it sits in, less
// itself and the `pubkey` beside it (DECISIONS 5.16).
ajv.addKeyword({
  keyword: "x-alias-of",
  schemaType: "string",
  validate: (twin: string, data: unknown, _schema: unknown, context?: AliasContext) =>
    context !== undefined && isDeepStrictEqual(data, twin === "." ? ownFields(context) : context.parentData[twin]),
});

interface AliasContext {
  parentData: Record<string, unknown>;
  parentDataProperty: string | number;
}

function ownFields({ parentData, parentDataProperty }: AliasContext): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(parentData).filter(([key]) => key !== String(parentDataProperty) && key !== "pubkey"),
  );
}
for (const [name, doc] of Object.entries(DOCUMENTS)) ajv.addSchema(doc, `${name}.json`);

interface Template {
  iface: InterfaceName;
  path: string;
  regex: RegExp;
  staticSegments: number;
}

const templates: Template[] = Object.entries(DOCUMENTS).flatMap(([iface, doc]) =>
  Object.keys(doc.paths).map((path) => ({
    iface: iface as InterfaceName,
    path,
    regex: new RegExp("^" + path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+") + "$"),
    staticSegments: path.split("/").filter((segment) => segment && !segment.startsWith("{")).length,
  }))
);

/** The OpenAPI path template a concrete path belongs to; the most specific template wins, as in the router. */
export function findTemplate(method: string, concretePath: string): Template | undefined {
  return templates
    .filter((t) => t.regex.test(concretePath) && method.toLowerCase() in DOCUMENTS[t.iface].paths[t.path])
    .sort((a, b) => b.staticSegments - a.staticSegments)[0];
}

const escapePointer = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");
const validators = new Map<string, ValidateFunction>();

function responsePointer(iface: InterfaceName, path: string, method: Method, status: number) {
  const doc = DOCUMENTS[iface];
  const responses = doc.paths[path][method]?.responses ?? {};
  const key = String(status) in responses
    ? String(status)
    : `${String(status)[0]}XX` in responses
    ? `${String(status)[0]}XX`
    : "default" in responses
    ? "default"
    : undefined;
  if (key === undefined) return undefined;
  const response = responses[key];
  const pointer = response.$ref ? response.$ref.slice(1) : `/paths/${escapePointer(path)}/${method}/responses/${key}`;
  return { pointer, response: deref(doc, response) };
}

export class ContractViolation extends Error {
  override name = "ContractViolation";
}

// ---------------------------------------------------------------- CORS (`x-cors` of each document)

/** The interface whose path table holds this path for some method (both document CORS the same way). */
function interfaceOfPath(pathname: string): InterfaceName {
  return templates.find((t) => t.regex.test(pathname))?.iface ?? "v2";
}

const headerValidators = new Map<HeaderObject, ValidateFunction>();

/** Checks the documented headers of an answer: required ones present, every present one valid against its schema. */
function assertHeaders(what: string, doc: OpenApiDocument, documented: Record<string, HeaderObject>, headers: Headers) {
  for (const [name, ref] of Object.entries(documented)) {
    const header = deref(doc, ref);
    const value = headers.get(name);
    if (value === null) {
      if (header.required) throw new ContractViolation(`${what}: header ${name} is missing`);
      continue;
    }
    let validate = headerValidators.get(header);
    if (!validate) {
      validate = ajv.compile(header.schema);
      headerValidators.set(header, validate);
    }
    const typed = header.schema.type === "integer" && /^-?[0-9]+$/.test(value) ? Number(value) : value;
    if (!validate(typed)) {
      throw new ContractViolation(
        `${what}: header ${name}: ${JSON.stringify(value)} ${ajv.errorsText(validate.errors)}`,
      );
    }
  }
}

/** A CORS preflight (`OPTIONS` on any path) answers as `x-cors.preflight` says: 204, no body, its headers. */
function assertPreflight(pathname: string, status: number, body: unknown, headers?: Headers) {
  const doc = DOCUMENTS[interfaceOfPath(pathname)];
  if (status !== 204) throw new ContractViolation(`OPTIONS ${pathname}: a preflight answered ${status}, not 204`);
  if (body !== undefined && body !== "") throw new ContractViolation(`OPTIONS ${pathname}: answered with a body`);
  const documented = deref(doc, corsOf(doc).preflight).headers ?? {};
  if (headers) assertHeaders(`OPTIONS ${pathname}`, doc, documented, headers);
}

/**
 * Throws ContractViolation when the status is undocumented or the body does not match the documented schema.
 * With `headers`, the CORS headers (`x-cors` of the document) and the response's own documented headers are checked
 * as well.
 */
export function assertMatchesContract(
  method: string,
  url: string,
  status: number,
  contentType: string,
  body: unknown,
  headers?: Headers,
) {
  const { pathname } = new URL(url, "http://localhost");
  if (method.toUpperCase() === "OPTIONS") return assertPreflight(pathname, status, body, headers);
  if (headers) {
    const doc = DOCUMENTS[interfaceOfPath(pathname)];
    assertHeaders(`${method} ${pathname} ${status}`, doc, corsOf(doc).headers, headers);
  }
  if (method === "HEAD") {
    // HEAD is answered as GET without a body (HTTP semantics): the GET operation's statuses apply.
    if (body !== "") throw new ContractViolation(`HEAD ${pathname}: answered with a body`);
    return assertMatchesContract("GET", url, status, contentType, undefined);
  }
  const template = findTemplate(method, pathname);
  if (!template) throw new ContractViolation(`${method} ${pathname}: not a documented operation`);
  const lower = method.toLowerCase() as Method;
  const found = responsePointer(template.iface, template.path, lower, status);
  if (!found) throw new ContractViolation(`${method} ${template.path}: status ${status} is not documented`);
  // The headers this response documents (e.g. a cached answer's ETag), present when required and valid when present.
  const documentedHeaders = (found.response as { headers?: Record<string, HeaderObject> }).headers;
  if (headers && documentedHeaders) {
    assertHeaders(`${method} ${pathname} ${status}`, DOCUMENTS[template.iface], documentedHeaders, headers);
  }
  const content = found.response.content;
  if (!content || body === undefined) return;
  const mediaType = Object.keys(content).find((m) => contentType.startsWith(m.split(";")[0])) ??
    Object.keys(content).find((m) => m.includes("json") && contentType.includes("json"));
  if (!mediaType) {
    throw new ContractViolation(`${method} ${template.path} ${status}: undocumented content type ${contentType}`);
  }
  if (!mediaType.includes("json")) return;
  const ref = `${template.iface}.json#${found.pointer}/content/${escapePointer(mediaType)}/schema`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  if (!validate(body)) {
    throw new ContractViolation(
      `${method} ${template.path} ${status}: body does not match the contract: ${ajv.errorsText(validate.errors)}\n` +
        JSON.stringify(body).slice(0, 2000),
    );
  }
}

export interface CheckedResponse {
  status: number;
  headers: Headers;
  // deno-lint-ignore no-explicit-any
  body: any;
  text: string;
}

/**
 * An answer's headers as sorted `name: value` lines, without those that differ between two answers by nature (the
 * date, a generated request id) and without `alsoIgnored` (lower-case names): for comparing two paths' answers.
 */
export function comparableHeaders(response: { headers: Headers }, ...alsoIgnored: string[]): string[] {
  const ignored = new Set(["date", "x-request-id", ...alsoIgnored]);
  return [...response.headers].filter(([name]) => !ignored.has(name)).map(([n, v]) => `${n}: ${v}`).sort();
}

type InProcessApp = { request: (input: string, init?: RequestInit) => Response | Promise<Response> };

/** Sends a request to an in-process app and validates the answer against the contract before returning it. */
export function call(
  app: InProcessApp,
  method: string,
  url: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<CheckedResponse> {
  return callChecked(app, method, url, url, body, init);
}

/**
 * The path a request to a service mounted at `mounts` (src/http/mounts.ts) has in the documents: the interface whose
 * mount the path is under (the longer mount first), its documented prefix in place of the mount.
 */
export function documentedPath(mounts: Mounts, path: string): string {
  const candidates = (Object.entries(mounts) as [InterfaceName, string | null][])
    .filter(([, mount]) => mount !== null && path.startsWith(`${mount}/`))
    .sort(([, a], [, b]) => b!.length - a!.length);
  if (candidates.length === 0) throw new ContractViolation(`${path}: under no interface's mount`);
  const [iface, mount] = candidates[0];
  return DEFAULT_MOUNTS[iface] + path.slice(mount!.length);
}

/** `call` for a service mounted at `mounts`: sent to the mounted URL, checked as the operation it mounts. */
export function mountedCall(mounts: Mounts) {
  return (app: InProcessApp, method: string, url: string, body?: unknown, init: RequestInit = {}) => {
    const { pathname, search } = new URL(url, "http://localhost");
    return callChecked(app, method, url, documentedPath(mounts, pathname) + search, body, init);
  };
}

async function callChecked(
  app: InProcessApp,
  method: string,
  url: string,
  checkedAs: string,
  body: unknown,
  init: RequestInit,
): Promise<CheckedResponse> {
  const headers = new Headers(init.headers);
  if (body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  const response = await app.request(url, {
    ...init,
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  const contentType = response.headers.get("content-type") ?? "";
  const parsed = contentType.includes("json") && text ? JSON.parse(text) : text;
  assertMatchesContract(method, checkedAs, response.status, contentType, parsed, response.headers);
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/**
 * Validates one WebSocket message (its JSON text) against the stream route it came from: the route documents its
 * messages as the content of its 101 response. Returns the parsed message.
 */
export function assertMessageMatchesContract(url: string, text: string): { type: string; data: unknown } {
  const message = JSON.parse(text);
  try {
    assertMatchesContract("GET", url, 101, "application/json", message);
  } catch (error) {
    if (error instanceof ContractViolation) {
      throw new ContractViolation(`${message?.type ?? "untyped"} message: ${error.message}`);
    }
    throw error;
  }
  return message;
}
