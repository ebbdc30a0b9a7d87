import assert from "node:assert/strict";
import { ERROR_CODES } from "../../src/http/errors.ts";
import { DOCUMENTS } from "../helpers/contract.ts";

Deno.test("the error-code registry in code equals the ErrorCode enum documented in both YAML documents", () => {
  for (const doc of Object.values(DOCUMENTS)) {
    assert.deepEqual([...doc.components.schemas.ErrorCode.enum].sort(), [...ERROR_CODES].sort());
  }
});
