/**
 * The stable error-code registry. Every error body the service writes is `{ error, code }` (plus `field` for
 * request-validation failures) with `code` from this list. The list is defined once, as `ErrorCode` in
 * `openapi/shared.yaml` (with each code's meaning and status), and reaches the code through the generated schema,
 * so a code cannot be used without being documented. Codes are never renamed: clients branch on them.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ErrorCodeSchema } from "../../gen/v2/schemas.ts";

/** The registry, as the contract documents it (`ErrorCode` in openapi/shared.yaml, generated into gen/). */
export const ERROR_CODES = ErrorCodeSchema.options;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  field?: string;
}

/**
 * An error a handler raises on purpose; the app turns it into `{ error, code }` with `status`, and `headers` when
 * the status owes some (a 426 names the protocol to upgrade to: RFC 9110 §15.5.22).
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = "ApiError";
  }

  toBody(): ErrorBody {
    return this.field === undefined
      ? { error: this.message, code: this.code }
      : { error: this.message, code: this.code, field: this.field };
  }
}

/**
 * nginx's 499 "client closed request": a request whose client went away before its body arrived. Never sent (no one
 * is there to read it); the edge records it as a client abort, not as an answer (src/http/middleware/observe.ts).
 */
export const CLIENT_CLOSED_REQUEST = 499;

/** Reading a request's body failed because its client went away (a reset or a close before the declared length). */
export class ClientGone extends Error {
  override name = "ClientGone";
  constructor() {
    super("the client closed the connection before its request body arrived");
  }
}

/** `body`, or ClientGone where the client went away while it was read. */
export async function readByClient<T>(body: Promise<T>): Promise<T> {
  try {
    return await body;
  } catch {
    throw new ClientGone();
  }
}

export const notImplemented = () => new ApiError(501, "NOT_IMPLEMENTED", "not implemented");
