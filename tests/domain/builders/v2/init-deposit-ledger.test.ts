import assert from "node:assert/strict";
import {
  DEPOSIT_LEDGER_CAPACITY,
  initDepositLedgerTransaction,
} from "../../../../src/domain/builders/v2/init-deposit-ledger.ts";
import { key, PROGRAM } from "../../../helpers/hand-built-deployment.ts";
import { assertRejected, expectPlan, fundsFixture } from "./_funds.ts";
import { fundsInstructions } from "../../../helpers/expected-instructions.ts";

const x = fundsInstructions(PROGRAM.v2);

Deno.test("init-deposit-ledger: the owner's ledger with 20 lines, paid by the owner or by payer", () => {
  const f = fundsFixture();
  const owner = key("new owner");
  const payer = key("payer");
  const a = initDepositLedgerTransaction(f.snapshot(), f.chains, { owner });
  expectPlan(a, { feePayer: owner, instructions: [x.initDepositLedger(owner, owner)] });
  assert.deepEqual(a.unmetPreconditions, []);
  expectPlan(initDepositLedgerTransaction(f.snapshot(), f.chains, { owner, payer }), {
    feePayer: payer,
    instructions: [x.initDepositLedger(owner, payer)],
  });
  assert.equal(DEPOSIT_LEDGER_CAPACITY, 20);
});

Deno.test("init-deposit-ledger: an existing ledger is SETUP_ALREADY_DONE (a basket alone is not)", () => {
  const f = fundsFixture();
  const [withLedger, withBasket] = [key("has ledger"), key("has basket")];
  f.putLedger(withLedger);
  f.putDelegatedBasket(withBasket);
  assertRejected(
    () => initDepositLedgerTransaction(f.snapshot(), f.chains, { owner: withLedger }),
    "SETUP_ALREADY_DONE",
    "body.owner",
  );
  initDepositLedgerTransaction(f.snapshot(), f.chains, { owner: withBasket });
});
