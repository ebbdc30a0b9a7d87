import assert from "node:assert/strict";
import { OneTimeFeePayer } from "../../../src/domain/builders/one-time-fee-payer.ts";
import { assembleTransaction } from "../../../src/domain/builders/transaction.ts";
import { transferSolInstruction } from "../../../src/protocol/instructions/external/system.ts";
import { key } from "../../helpers/hand-built-deployment.ts";
import { assertSignedBy, checkedTransaction } from "../../helpers/transaction-checks.ts";

const owner = key("one-time owner");
const blockhash = key("one-time blockhash");

Deno.test("a one-time fee payer: a fresh key each time, its secret in no printout", () => {
  const a = new OneTimeFeePayer();
  const b = new OneTimeFeePayer();
  assert.notEqual(a.publicKey, b.publicKey);
  assert.deepEqual(JSON.parse(JSON.stringify(a)), { publicKey: a.publicKey });
  assert.equal(Deno.inspect(a), `OneTimeFeePayer(${a.publicKey})`);
  assert.deepEqual(Object.keys(a), ["publicKey"]);
});

Deno.test("presign fills the key's own slot with a valid signature and leaves the owner's zeroed", async () => {
  const oneTime = new OneTimeFeePayer();
  const { transactionBase64 } = assembleTransaction({
    chain: "base",
    feePayer: owner,
    blockhash,
    instructions: [
      transferSolInstruction({ source: owner, destination: oneTime.publicKey }, { lamports: 10n }),
      transferSolInstruction({ source: oneTime.publicKey, destination: owner }, { lamports: 10n }),
    ],
  });
  const signed = oneTime.presign(transactionBase64);
  checkedTransaction(signed, {
    chain: "base",
    feePayer: owner,
    signers: [owner, oneTime.publicKey],
    presignedBy: [oneTime.publicKey],
    blockhash,
  });
  await assertSignedBy(signed, oneTime.publicKey);
  // Nothing else changed: the message bytes are the same.
  const messageOf = (base64: string) => Uint8Array.fromBase64(base64).subarray(1 + 2 * 64);
  assert.deepEqual(messageOf(signed), messageOf(transactionBase64));
});
