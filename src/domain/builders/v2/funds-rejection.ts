/**
 * A setup or funds request that can never work, whatever the client does next (issue 9, item 4): an unknown token,
 * an amount that cannot be moved exactly, a fee payer equal to the owner, a withdrawal for an owner who never
 * deposited. The builder raises it; the handler answers 400 with `code` (the contract's error registry). Anything
 * that an earlier step of the same flow will fix is not a rejection but an unmet precondition (`funds-state.ts`).
 */

/** The registry codes a funds builder refuses with (all answered 400). */
export type FundsRejectionCode =
  | "UNKNOWN_SYMBOL"
  | "INVALID_DECIMAL"
  | "VALIDATION_FAILED"
  | "FEE_PAYER_CONFLICT"
  | "FEE_PAYER_REQUIRED"
  | "SETUP_ALREADY_DONE"
  | "DEPOSIT_LEDGER_NOT_FOUND";

export class FundsRejection extends Error {
  constructor(
    readonly code: FundsRejectionCode,
    message: string,
    /** The request field at fault, as `body.<name>` (absent when no single field is). */
    readonly field?: string,
  ) {
    super(message);
    this.name = "FundsRejection";
  }
}

/** Throws a rejection naming a body field: `body.<field> <message>`. */
export function reject(code: FundsRejectionCode, field: string, message: string): never {
  throw new FundsRejection(code, `body.${field} ${message}`, `body.${field}`);
}
