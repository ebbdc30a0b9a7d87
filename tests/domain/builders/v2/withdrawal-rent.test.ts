import assert from "node:assert/strict";
import { withdrawalRequestRent } from "../../../../src/domain/builders/v2/withdrawal-rent.ts";
import { delegationMetadataAccount } from "../../../../src/protocol/external/delegation-metadata.ts";
import { key, MINT, PROGRAM } from "../../../helpers/hand-built-deployment.ts";
import { programAddresses } from "../../../helpers/expected-accounts.ts";

const owner = key("rent owner");
const feePayer = key("rent fee payer");

Deno.test("withdrawal rent: every account withdrawal_with_action creates, at (128 + size) × 6960 lamports", () => {
  const rent = withdrawalRequestRent(PROGRAM.v2, owner, MINT.SPY, feePayer);
  const ref = programAddresses(PROGRAM.v2);
  const escrow = ref.escrow(owner, MINT.SPY);
  assert.deepEqual(
    rent.created.map(({ address, size, closedInInstruction }) => ({ address, size, closedInInstruction })),
    [
      { address: escrow, size: 104, closedInInstruction: false },
      { address: ref.buffer(escrow), size: 104, closedInInstruction: true },
      { address: ref.delegationRecord(escrow), size: 96, closedInInstruction: false },
      // 8 + 8 + 1 + (4 + (4 + 25) + (4 + 32) + (4 + 32)) + 32
      { address: ref.delegationMetadata(escrow), size: 154, closedInInstruction: false },
    ],
  );
  for (const account of rent.created) assert.equal(account.lamports, BigInt(128 + account.size) * 6960n);
  assert.equal(rent.topUpLamports, 1_614_720n + 1_614_720n + 1_559_040n + 1_962_720n);
  assert.equal(rent.returnedLamports, 1_614_720n);
});

Deno.test("the delegation metadata's size is the encoding of the escrow's seeds, which it decodes back to", () => {
  const rent = withdrawalRequestRent(PROGRAM.v2, owner, MINT.USDC, feePayer);
  const metadata = rent.created[3];
  const encoded = delegationMetadataAccount.encode({
    lastUpdateExternalSlot: 0n,
    isUndelegatable: false,
    seeds: [[1], [2, 3]],
    rentPayer: feePayer,
  });
  assert.equal(encoded.length, 8 + 8 + 1 + 4 + 5 + 6 + 32);
  assert.equal(delegationMetadataAccount.decode(encoded).rentPayer, feePayer);
  assert.equal(metadata.size, 154);
});
