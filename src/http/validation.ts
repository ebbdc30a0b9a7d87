/**
 * Turns a failed zod validation of a request into the documented 400 body `{ error, code, field }`
 * (DECISIONS 3.1): the first issue decides the answer, the field is named as `body.x`, `query.x`, `path.x`.
 */
import type { z } from "@hono/zod-openapi";
import type { ErrorBody, ErrorCode } from "./errors.ts";

/** Patterns whose failure has its own code (they are the `Pubkey` and decimal-string schemas of the YAML). */
const PATTERN_CODES: ReadonlyArray<[RegExp, ErrorCode]> = [
  [/^\/\^\[1-9A-HJ-NP-Za-km-z\]/, "INVALID_PUBKEY"],
  [/^\/\^-?\[0-9\]\+\(\\\.\[0-9\]\+\)\?\$\//, "INVALID_DECIMAL"],
];

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
    for (const [shape, code] of PATTERN_CODES) if (shape.test(issue.pattern)) return code;
  }
  return "VALIDATION_FAILED";
}

function describe(issue: z.core.$ZodIssue, code: ErrorCode): string {
  if (code === "INVALID_PUBKEY") return "must be a base58-encoded public key";
  if (code === "INVALID_DECIMAL") return 'must be a decimal number written as a string, e.g. "12.5"';
  if (issue.code === "invalid_type" && /received undefined$/.test(issue.message)) return "is required";
  if (issue.code === "invalid_union") return "matches none of the accepted forms";
  return issue.message.replace(/^Invalid input: /, "");
}

export function validationErrorBody(target: string, error: z.ZodError): ErrorBody {
  const issue = error.issues[0];
  const prefix = TARGET_PREFIX[target] ?? target;
  const field = [prefix, ...issue.path.map(String)].join(".");
  const code = codeFor(issue);
  return { error: `${field} ${describe(issue, code)}`, code, field };
}
