import assert from "node:assert/strict";
import { ERROR_CODES } from "../../src/http/errors.ts";
import { DOCUMENTS } from "../helpers/openapi.ts";

Deno.test("the error-code registry is the ErrorCode enum, the same in both bundled documents", () => {
  for (const doc of Object.values(DOCUMENTS)) {
    assert.deepEqual([...doc.components?.schemas?.ErrorCode.enum ?? []].sort(), [...ERROR_CODES].sort());
  }
});
