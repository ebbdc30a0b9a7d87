/**
 * Property-based hostile-input fuzzing generated from the OpenAPI documents (issue 14 item 1).
 *
 * `requestArbitrary` derives requests for every documented operation: valid values (keys and symbols of the
 * embedded world, enum members, schema samples), boundary values and malformed ones (huge and negative numbers,
 * exponent notation, 10,000-digit strings, arbitrary Unicode, nulls, arrays for objects, wrong types, extra
 * fields, bad base58, oversized and non-JSON bodies, wrong content types, bad query values, path traversal and
 * percent-encoding, HEAD, wrong and unknown methods).
 *
 * `checkCase` sends one request to the in-process app and returns what is wrong with the answer, if anything:
 * a thrown exception (the process would be down), a 5xx the operation does not document for that situation, a
 * body that is not valid against the YAML for its status, an undocumented route answering other than 404, or an
 * answer slower than 1 s. Used by tests/http/fuzz.test.ts (bounded run) and tools/fuzz.ts (`deno task fuzz`).
 */
import fc from "fast-check";
import { assertMatchesContract, findTemplate } from "./contract.ts";
import {
  deref,
  DOCUMENTS,
  type OpenApiDocument,
  type OperationObject,
  operationsOf,
  type ParameterObject,
  type SchemaObject,
} from "./openapi.ts";
import {
  isDecimalSchema,
  isPubkeySchema,
  nonNullType,
  requestBodySchema,
  SAMPLE_PUBKEY,
  sampleValue,
} from "./samples.ts";
import { isJsonObject, type JsonObject, type JsonValue } from "../../src/protocol/codec/json.ts";
import { ERROR_CODES } from "../../src/http/errors.ts";
import { DOCS_SCRIPT_DOCUMENTED_PATH } from "../../src/http/mounts.ts";

export interface FuzzRequest {
  /** operationId the request was derived from (for reports). */
  operation: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** Valid values found in the embedded world, so that valid requests reach the domain code, not just validation. */
export interface ValuePools {
  pubkeys: string[];
  symbols: string[];
}

/** Every base58 key and every `symbol` value of the world's manifest. */
export function poolsFromManifest(manifest: JsonValue): ValuePools {
  const pubkeys = new Set<string>([SAMPLE_PUBKEY]);
  const symbols = new Set<string>(["SOL", "USDC"]);
  const walk = (node: JsonValue, key?: string) => {
    if (typeof node === "string") {
      if (/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(node)) pubkeys.add(node);
      if (key === "symbol") symbols.add(node);
    } else if (Array.isArray(node)) node.forEach((item) => walk(item));
    else if (isJsonObject(node)) { for (const [k, v] of Object.entries(node)) walk(v, k); }
  };
  walk(manifest);
  return { pubkeys: [...pubkeys], symbols: [...symbols] };
}

interface OperationInfo {
  iface: "v2" | "earlier";
  operationId: string;
  method: string;
  path: string;
  operation: OperationObject;
}

export function listOperations(): OperationInfo[] {
  return Object.entries(DOCUMENTS).flatMap(([iface, doc]) =>
    operationsOf(doc).map(({ path, method, operation }) => ({
      iface: iface as "v2" | "earlier",
      operationId: operation.operationId,
      method: method.toUpperCase(),
      path,
      operation,
    }))
  );
}

// ---------------------------------------------------------------- hostile values

const TRAVERSAL = ["../../etc/passwd", "..%2F..%2Fetc%2Fpasswd", "%2e%2e%2f", "..\\..\\", "%00", "\u0000", "%", "%ZZ"];
const NUMERIC_TEXT = [
  "1e3",
  "1E-7",
  "-1",
  "+1",
  "-0",
  "0.0",
  "00001",
  ".5",
  "5.",
  "1,000",
  " 1",
  "1 ",
  "0x10",
  "Infinity",
  "NaN",
  "1e309",
  "9".repeat(64),
  "9".repeat(21),
  `${"9".repeat(20)}.${"9".repeat(20)}`,
  `0.${"0".repeat(19)}1`,
  "18446744073709551616",
];
const KEYISH = ["2".repeat(32), "z".repeat(44), "0OIl".repeat(10), "1".repeat(32), "1".repeat(31), "1".repeat(45), ""];

const hugeDigits = fc.integer({ min: 100, max: 10_000 }).map((n) => "9".repeat(n));
const base58ish = fc.string({
  unit: fc.constantFrom(..."123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0OIl"),
  maxLength: 50,
});

/** A hostile string: numeric-looking text, keys that are almost keys, Unicode, traversal, huge digit runs. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NUMERIC_TEXT, ...KEYISH, ...TRAVERSAL),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  base58ish,
  hugeDigits,
  fc.bigInt({ min: -(2n ** 130n), max: 2n ** 130n }).map(String),
  fc.double({ noNaN: false }).map(String),
);

const hostileScalar: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1, -0, 1e308, -1e308, 2 ** 53 + 1, 2 ** 64, 0.1, 4.5, 255, 256, 1_000_000),
  fc.double(),
  fc.integer(),
  hostileString,
);

export const hostileValue: fc.Arbitrary<JsonValue> = fc.oneof(
  { weight: 6, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileScalar, { maxKeys: 4 }) },
);

// ---------------------------------------------------------------- valid values from the schemas

function validValue(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
  pools: ValuePools,
): fc.Arbitrary<JsonValue> {
  const s = deref(doc, schema);
  if (!s) return fc.constant("x");
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  if (isPubkeySchema(doc, s)) return fc.constantFrom(...pools.pubkeys);
  if (s.pattern?.startsWith("^(100")) return fc.constantFrom("0", "0.5", ".5", "1", "1.", "100", "99.99");
  if (isDecimalSchema(doc, s) || s.pattern?.startsWith("^-?[0-9]") || s.pattern?.startsWith("^[0-9]")) {
    // ".5" and "25." are accepted as typed (DecimalInput).
    return fc.constantFrom("0", "1", "0.5", ".5", "25.", "12.345678", "1000", "250000.25", "0.000001");
  }
  const type = nonNullType(s);
  if (type === "string" && (s.maxLength ?? 99) <= 32 && !s.pattern) return fc.constantFrom(...pools.symbols);
  if (type === "integer" || type === "number") {
    const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1_000);
    const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1_000_000);
    return type === "integer" ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
  }
  if (type === "boolean") return fc.boolean();
  try {
    return fc.constant(sampleValue(doc, s));
  } catch {
    return fc.constant("x");
  }
}

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/**
 * Values at and just past the edges of a schema: base58 of every length around a key's (most decode to fewer or
 * more than 32 bytes), decimals of every length around the bounds, integers at min/max and one beyond, enum
 * members in the wrong case, strings at and over their maxLength.
 */
function boundaryValue(doc: OpenApiDocument, schema: SchemaObject | undefined): fc.Arbitrary<JsonValue> {
  const s = deref(doc, schema);
  if (!s) return hostileScalar;
  if (isPubkeySchema(doc, s)) {
    const base58 = (min: number, max: number) =>
      fc.integer({ min, max }).chain((n) =>
        fc.string({ unit: fc.constantFrom(...BASE58), minLength: n, maxLength: n })
      );
    return fc.oneof(
      // 32 to 41 base58 characters pass the pattern but decode to fewer than 32 bytes.
      { weight: 3, arbitrary: base58(32, 41) },
      { weight: 1, arbitrary: base58(20, 50) },
      { weight: 1, arbitrary: fc.constantFrom(...KEYISH) },
    );
  }
  if (typeof s.pattern === "string" && /\[0-9\]/.test(s.pattern)) {
    const digits = (min: number, max: number) =>
      fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });
    return fc.oneof(
      fc.constantFrom(...NUMERIC_TEXT),
      fc.tuple(digits(1, 24), fc.option(digits(1, 24), { nil: undefined })).map(([i, f]) => (f ? `${i}.${f}` : i)),
      fc.tuple(fc.constantFrom("-", "+", ""), digits(1, 70)).map(([sign, d]) => sign + d),
    );
  }
  if (s.enum) {
    const texts = s.enum.filter((v): v is string => typeof v === "string");
    return fc.oneof(
      fc.constantFrom(...texts.flatMap((v) => [v.toLowerCase(), ` ${v}`, `${v}\u0000`]), "", "NOT_AN_OPTION"),
      hostileScalar,
    );
  }
  const type = nonNullType(s);
  if (type === "integer" || type === "number") {
    const edges = [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum].filter((v) => v !== undefined);
    return fc.constantFrom(...edges.flatMap((v) => [v - 1, v, v + 1, v + 0.5]), -1, 0, 2 ** 53, 1e21, -0);
  }
  if (type === "string" && s.maxLength !== undefined) {
    return fc.constantFrom("x".repeat(s.maxLength), "x".repeat(s.maxLength + 1), "é".repeat(s.maxLength), "");
  }
  return hostileScalar;
}

/** Valid, boundary or hostile; mostly valid so that requests get past validation into the handlers. */
function fieldValue(doc: OpenApiDocument, schema: SchemaObject, pools: ValuePools): fc.Arbitrary<JsonValue> {
  return fc.oneof(
    { weight: 6, arbitrary: validValue(doc, schema, pools) },
    { weight: 3, arbitrary: boundaryValue(doc, schema) },
    { weight: 1, arbitrary: hostileValue },
  );
}

// ---------------------------------------------------------------- requests

const FAR_TOO_LONG = "x".repeat(70 * 1024);

function bodyArbitrary(
  doc: OpenApiDocument,
  schema: SchemaObject,
  pools: ValuePools,
): fc.Arbitrary<{ body: string; type?: string }> {
  const s = deref(doc, schema);
  const properties = Object.entries(s.properties ?? {});
  const required = new Set<string>(s.required ?? []);
  const fields = properties.map(([name, prop]) =>
    fc.tuple(
      fc.constant(name),
      // Required fields are mostly present; optional ones half of the time.
      fc.oneof(
        { weight: required.has(name) ? 12 : 4, arbitrary: fieldValue(doc, prop, pools).map((v) => ({ v })) },
        { weight: required.has(name) ? 1 : 4, arbitrary: fc.constant(undefined) },
      ),
    )
  );
  const object = fc.tuple(
    fc.tuple(...fields),
    fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 3 }),
  ).map(([entries, extra]) => {
    const out: JsonObject = { ...extra };
    for (const [name, value] of entries) if (value) out[name] = value.v;
    return out;
  });
  const json = fc.constantFrom("application/json", "application/json; charset=utf-8", "APPLICATION/JSON");
  return fc.oneof(
    { weight: 14, arbitrary: fc.tuple(object, json).map(([o, type]) => ({ body: JSON.stringify(o), type })) },
    {
      weight: 1,
      arbitrary: hostileValue.map((v) => ({ body: JSON.stringify(v) ?? "null", type: "application/json" })),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constantFrom("{", "{not json", "", "[".repeat(60_000), '{"a":' + "1".repeat(100) + "}", "\u0000"),
        fc.string({ unit: "binary", maxLength: 60 }),
        fc.constant(JSON.stringify({ padding: FAR_TOO_LONG })),
      ).map((body) => ({ body, type: "application/json" })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(
        object,
        fc.constantFrom<string | undefined>(undefined, "text/plain", "application/x-www-form-urlencoded", "", "json"),
      ).map(([o, type]) => ({ body: JSON.stringify(o), type })),
    },
  );
}

function paramValue(doc: OpenApiDocument, schema: SchemaObject | undefined, pools: ValuePools): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: validValue(doc, schema, pools).map(String) },
    { weight: 3, arbitrary: boundaryValue(doc, schema).map((v) => (typeof v === "string" ? v : JSON.stringify(v))) },
    { weight: 1, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.constantFrom("", "x".repeat(10_000), "%E2%82%AC", "%", "a/b", "..", ".") },
  );
}

const encodings = fc.constantFrom<"encoded" | "raw">("encoded", "encoded", "encoded", "raw");

/** Percent-encoding as a client would send it; "raw" splices the text in as is (traversal, stray %, slashes). */
function place(value: string, how: "encoded" | "raw"): string {
  if (how === "encoded") return encodeURIComponent(value);
  // A raw value still cannot carry characters that make the URL unparsable for the Request constructor.
  // deno-lint-ignore no-control-regex -- control characters are exactly what must be escaped here
  return value.replace(/[#?\s\u0000-\u001f]/g, encodeURIComponent);
}

/** Browser origins (a page's, a sandboxed frame's "null", junk); half of the requests send none, as servers do. */
const origins = fc.option(
  fc.constantFrom("http://app.test", "https://other.example:8443", "null", "", "not an origin", "http://app.test/"),
  { freq: 2 },
);

const OTHER_METHODS = fc.constantFrom("PUT", "DELETE", "PATCH", "OPTIONS", "FOOA", "get", "CONNECTX", "M-SEARCH");

function operationRequest(op: OperationInfo, pools: ValuePools): fc.Arbitrary<FuzzRequest> {
  const doc = DOCUMENTS[op.iface];
  const params: ParameterObject[] = (op.operation.parameters ?? []).map((p) => deref(doc, p));
  const pathParams = params.filter((p) => p.in === "path");
  const queryParams = params.filter((p) => p.in === "query");
  const bodySchema = requestBodySchema(doc, op.operation);

  const pathArb = fc.tuple(...pathParams.map((p) => fc.tuple(paramValue(doc, p.schema, pools), encodings))).map(
    (values) => pathParams.reduce((path, p, i) => path.replace(`{${p.name}}`, place(...values[i])), op.path),
  );
  const queryArb = fc.tuple(
    fc.tuple(
      ...queryParams.map((p) =>
        fc.option(fc.tuple(fc.constant(p.name), paramValue(doc, p.schema, pools)), {
          nil: undefined,
          freq: p.required ? 8 : 2,
        })
      ),
    ),
    fc.array(fc.tuple(fc.string({ maxLength: 10 }), hostileString), { maxLength: 2 }),
  ).map(([known, extra]) => {
    const query = new URLSearchParams();
    for (const entry of known) if (entry) query.append(entry[0], entry[1]);
    for (const [k, v] of extra) query.append(k, v);
    const text = query.toString();
    return text ? `?${text}` : "";
  });
  const bodyArb = bodySchema ? fc.option(bodyArbitrary(doc, bodySchema, pools), { nil: undefined, freq: 20 }) : fc
    .constant(undefined);
  const methodArb = fc.oneof(
    { weight: 18, arbitrary: fc.constant(op.method) },
    { weight: op.method === "GET" ? 2 : 0, arbitrary: fc.constant("HEAD") },
    { weight: 1, arbitrary: OTHER_METHODS },
  );
  return fc.tuple(methodArb, pathArb, queryArb, bodyArb, fc.option(fc.string({ maxLength: 20 }), { freq: 5 }), origins)
    .map(([method, path, query, body, requestId, origin]) => {
      const headers: Record<string, string> = {};
      if (body?.type !== undefined) headers["content-type"] = body.type;
      if (requestId !== null) headers["x-request-id"] = requestId.replace(/[^\x20-\x7e]/g, "");
      if (origin !== null) {
        headers.origin = origin;
        if (method === "OPTIONS") headers["access-control-request-method"] = op.method;
      }
      const sendsBody = body !== undefined && !["GET", "HEAD"].includes(method.toUpperCase());
      return {
        operation: op.operationId,
        method,
        url: path + query,
        headers,
        body: sendsBody ? body.body : undefined,
      };
    });
}

export function requestArbitrary(pools: ValuePools): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(...listOperations().map((op) => operationRequest(op, pools)));
}

// ---------------------------------------------------------------- checking one case

export interface CaseOutcome {
  status: number;
  ms: number;
  /** What is wrong, if anything. */
  problem?: string;
}

export const SLOW_MS = 1_000;

type App = { request: (input: string, init?: RequestInit) => Response | Promise<Response> };

const ERROR_CODE_SET = new Set<string>(ERROR_CODES);
/** 5xx answers the contract documents as legitimate (the operation must document the status as well). */
const DOCUMENTED_5XX_CODES: Record<number, Set<string>> = {
  500: new Set(["BLOCKHASH_UNAVAILABLE", "TRANSACTION_TOO_LARGE"]),
  501: new Set(["NOT_IMPLEMENTED"]),
  503: new Set(["PRICE_UNAVAILABLE", "STALE_DATA", "RPC_UNAVAILABLE", "WS_GLOBAL_LIMIT"]),
};

function problemWith(
  request: FuzzRequest,
  status: number,
  contentType: string,
  text: string,
  headers: Headers,
): string | undefined {
  let body: JsonValue = text;
  if (contentType.includes("json") && text) {
    try {
      body = JSON.parse(text);
    } catch {
      return `${status}: content type ${contentType} but the body is not JSON: ${text.slice(0, 200)}`;
    }
  }
  const { pathname } = new URL(request.url, "http://localhost");
  // A CORS preflight is answered on every path, documented or not, before anything else (`x-cors`).
  if (request.method.toUpperCase() === "OPTIONS") return contractProblem(request, status, contentType, text, headers);
  const documented = findTemplate(request.method === "HEAD" ? "GET" : request.method, pathname);
  if (status >= 500) {
    const given = isJsonObject(body) && typeof body.code === "string" ? body.code : undefined;
    const code = given ?? (status === 503 ? "STALE_DATA" : undefined); // degraded health carries no code
    const allowed = documented &&
      (request.method === "HEAD" || (code !== undefined && DOCUMENTED_5XX_CODES[status]?.has(code)));
    if (!allowed) return `${status} ${code ?? ""}: ${text.slice(0, 300)}`;
  }
  if (documented) {
    return contractProblem(request, status, contentType, request.method === "HEAD" ? text : body, headers);
  }
  // Not an operation of the contract (wrong method, unknown method, a path the router does not know).
  if (pathname === DOCS_SCRIPT_DOCUMENTED_PATH && status === 200) return undefined;
  if (request.method === "HEAD" && text === "" && status === 404) return undefined;
  // The 64 KiB body limit applies before routing, so an oversized body gets its 413 on any route.
  const answer = isJsonObject(body) ? body : {};
  if (status === 413 && answer.code === "PAYLOAD_TOO_LARGE") return undefined;
  if (status !== 404) return `undocumented route answered ${status}: ${text.slice(0, 200)}`;
  if (typeof answer.error !== "string" || typeof answer.code !== "string" || !ERROR_CODE_SET.has(answer.code)) {
    return `404 body ${text.slice(0, 200)}`;
  }
  return undefined;
}

function contractProblem(
  request: FuzzRequest,
  status: number,
  contentType: string,
  body: JsonValue,
  headers: Headers,
): string | undefined {
  try {
    assertMatchesContract(request.method, request.url, status, contentType, body, headers);
  } catch (error) {
    return (error as Error).message.slice(0, 600);
  }
  return undefined;
}

export async function checkCase(app: App, request: FuzzRequest): Promise<CaseOutcome> {
  const started = performance.now();
  let response: Response;
  let text: string;
  try {
    response = await app.request(request.url, { method: request.method, headers: request.headers, body: request.body });
    text = await response.text();
  } catch (error) {
    const ms = performance.now() - started;
    // A URL the Request constructor itself refuses never reaches a server; anything else escaped the app.
    if (error instanceof TypeError && /url|invalid/i.test(error.message)) return { status: 0, ms };
    return { status: -1, ms, problem: `threw ${(error as Error)?.stack ?? error}` };
  }
  const ms = performance.now() - started;
  const contentType = response.headers.get("content-type") ?? "";
  const problem = problemWith(request, response.status, contentType, text, response.headers) ??
    (ms > SLOW_MS ? `answered in ${Math.round(ms)} ms` : undefined);
  return { status: response.status, ms, problem };
}

/** A short, stable description of a request for reports. */
export function describeRequest(request: FuzzRequest): string {
  const body = request.body === undefined
    ? ""
    : ` body(${request.body.length} chars)=${JSON.stringify(request.body.slice(0, 160))}`;
  return `${request.method} ${request.url.slice(0, 200)} [${request.operation}] headers=${
    JSON.stringify(request.headers)
  }${body}`;
}

/**
 * The service the fuzzer talks to: the embedded world replayed on a virtual clock and ingested (so owners,
 * positions and prices exist), no rate limit, no logs.
 */
export async function startFuzzService() {
  const { loadConfig } = await import("../../src/config/env.ts");
  const { createServiceApp } = await import("../../src/server.ts");
  const { eventually } = await import("./eventually.ts");
  const world = "fixtures/world";
  const service = await createServiceApp(
    loadConfig({ RATE_LIMIT_RPS: "0", LOG_LEVEL: "silent", REPLAY_DIR: world }),
    { replayMode: "virtual" },
  );
  await service.start();
  service.replay!.replayer.advanceTo(1_000);
  await eventually(() => (service.services.prices.size >= 5 ? true : undefined), "oracle prices");
  // Pool statistics are computed on a 15 s schedule; compute them now so `/pool-data/{pool}` has something to serve.
  for (const deployment of Object.values(service.services.deployments)) deployment.poolStats.refresh();
  const manifest = JSON.parse(await Deno.readTextFile(`${world}/manifest.json`));
  return { service, pools: poolsFromManifest(manifest) };
}
