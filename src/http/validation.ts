/**
 * Turns a failed zod validation of a request into the documented 400 body `{ error, code, field }`
 * (DECISIONS 3.1): the first issue decides the answer, the field is named as `body.x`, `query.x`, `path.x`
 * (a bare `body` when the body as a whole is at fault).
 */
import type { z } from "@hono/zod-openapi";
import { patternErrorCodes as v2PatternCodes } from "../../gen/v2/schemas.ts";
import { patternErrorCodes as earlierPatternCodes } from "../../gen/earlier/schemas.ts";
import { ERROR_CODES, type ErrorBody, type ErrorCode } from "./errors.ts";

/**
 * The contract's code for each pattern (`x-error-code` in the YAML: `Pubkey` → INVALID_PUBKEY, the decimal
 * strings → INVALID_DECIMAL), keyed the way zod reports a failed pattern (`/source/`).
 */
const PATTERN_CODES = new Map<string, ErrorCode>(
  Object.entries({ ...v2PatternCodes, ...earlierPatternCodes }).map(([pattern, code]) => [
    String(new RegExp(pattern)),
    code as ErrorCode,
  ]),
);
const KNOWN_CODES = new Set<string>(ERROR_CODES);

const TARGET_PREFIX: Record<string, string> = {
  json: "body",
  form: "body",
  query: "query",
  param: "path",
  header: "header",
  cookie: "cookie",
};

function codeFor(issue: z.core.$ZodIssue): ErrorCode {
  if (issue.code === "invalid_format" && "pattern" in issue && typeof issue.pattern === "string") {
    return PATTERN_CODES.get(issue.pattern) ?? "VALIDATION_FAILED";
  }
  // Checks beyond a pattern (e.g. `format: solana-pubkey`) carry their code as a parameter (tools/gen/zod.ts).
  const code = issue.code === "custom" ? issue.params?.code : undefined;
  return typeof code === "string" && KNOWN_CODES.has(code) ? code as ErrorCode : "VALIDATION_FAILED";
}

function describe(issue: z.core.$ZodIssue, code: ErrorCode): string {
  if (code === "INVALID_PUBKEY") return "must be a base58-encoded public key";
  if (code === "INVALID_DECIMAL") return 'must be a decimal number written as a string, e.g. "12.5"';
  if (issue.code === "invalid_type" && /received undefined$/.test(issue.message)) return "is required";
  if (issue.code === "invalid_union") return "matches none of the accepted forms";
  return issue.message.replace(/^Invalid input: /, "");
}

const samePath = (a: z.core.$ZodIssue, b: z.core.$ZodIssue) =>
  a.path.length === b.path.length && a.path.every((part, i) => part === b.path[i]);

export function validationErrorBody(target: string, error: z.ZodError): ErrorBody {
  const first = error.issues[0];
  // One value can fail several checks (a 100-digit amount is too long and not a decimal of the allowed form):
  // answer with the contract's specific code when one of them has it.
  const issue = error.issues.find((other) => samePath(other, first) && codeFor(other) !== "VALIDATION_FAILED") ??
    first;
  const prefix = TARGET_PREFIX[target] ?? target;
  const field = [prefix, ...issue.path.map(String)].join(".");
  const code = codeFor(issue);
  if (target === "json" && issue.path.length === 0 && issue.code === "invalid_type") {
    // `[]`, `"x"`, `null`: parseable JSON, but not the object every body is (registry: INVALID_JSON).
    return { error: "request body must be a JSON object", code: "INVALID_JSON", field };
  }
  return { error: `${field} ${describe(issue, code)}`, code, field };
}
