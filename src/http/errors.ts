/**
 * The stable error-code registry. Every error body the service writes is `{ error, code }` (plus `field` for
 * request-validation failures) with `code` from this list. The list is documented as `ErrorCode` in
 * `openapi/shared.yaml`; a test keeps the two equal. Codes are never renamed: clients branch on them.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";

export const ERROR_CODES = [
  "INVALID_PUBKEY",
  "INVALID_DECIMAL",
  "VALIDATION_FAILED",
  "INVALID_JSON",
  "PAYLOAD_TOO_LARGE",
  "NOT_FOUND",
  "RATE_LIMITED",
  "WS_OWNER_LIMIT",
  "WS_GLOBAL_LIMIT",
  "UPGRADE_REQUIRED",
  "PRICE_UNAVAILABLE",
  "STALE_DATA",
  "BLOCKHASH_UNAVAILABLE",
  "RPC_UNAVAILABLE",
  "INTERNAL",
  "NOT_IMPLEMENTED",
  "COMPUTE_FAILED",
  "UNKNOWN_SYMBOL",
  "UNKNOWN_MARKET",
  "POSITION_NOT_FOUND",
  "BASKET_NOT_FOUND",
  "INSUFFICIENT_COLLATERAL",
  "UNSUPPORTED_TRADE_TYPE",
  "MARKET_CLOSED",
  "ORDER_SLOT_INVALID",
  "ORDER_SLOTS_FULL",
  "ORDER_NOT_FOUND",
  "TRIGGER_PRICE_INVALID",
  "ORDER_SIZE_INVALID",
  "FEE_PAYER_CONFLICT",
  "TRANSACTION_TOO_LARGE",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  field?: string;
}

/** An error a handler raises on purpose; the app turns it into `{ error, code }` with `status`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
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

export const notImplemented = () => new ApiError(501, "NOT_IMPLEMENTED", "not implemented");
