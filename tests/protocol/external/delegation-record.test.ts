import assert from "node:assert/strict";
import { delegationRecordAccount } from "../../../src/protocol/external/delegation-record.ts";
import { CodecError } from "../../../src/protocol/codec/errors.ts";
import { fromBase58 } from "../../../src/protocol/codec/bytes.ts";

const VALIDATOR = "FLAshCJGr4SWk23bDVy7yeZecfND8h5Cingy1u2XE6HQ";
const PROGRAM = "FTv2RxXarPfNta45HTTMVaGvjzsGg27FXJ3hEKWBhrzV";

Deno.test("delegation record: discriminant 100 (u64 LE), validator, owner, slot, lamports, commit frequency", () => {
  const record = {
    authority: VALIDATOR,
    owner: PROGRAM,
    delegationSlot: 300_000_000n,
    lamports: 2_039_280n,
    commitFrequencyMs: 10_000n,
  };
  const bytes = delegationRecordAccount.encode(record);
  // Worked by hand from ORACLE-AND-CHAIN §2.2: 8 + 32 + 32 + 8 + 8 + 8 bytes.
  assert.equal(bytes.length, 96);
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  assert.equal(view.getBigUint64(0, true), 100n);
  assert.deepEqual(bytes.subarray(8, 40), fromBase58(VALIDATOR));
  assert.deepEqual(bytes.subarray(40, 72), fromBase58(PROGRAM));
  assert.equal(view.getBigUint64(72, true), 300_000_000n);
  assert.equal(view.getBigUint64(80, true), 2_039_280n);
  assert.equal(view.getBigUint64(88, true), 10_000n);
  assert.deepEqual(delegationRecordAccount.decode(bytes), record);
  bytes[0] = 101;
  assert.throws(() => delegationRecordAccount.decode(bytes), CodecError);
});
