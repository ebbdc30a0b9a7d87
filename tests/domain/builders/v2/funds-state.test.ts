import assert from "node:assert/strict";
import {
  availableBalance,
  ownerSetup,
  receiptState,
  tradeVaultOf,
} from "../../../../src/domain/builders/v2/funds-state.ts";
import { key, MINT, PROGRAM } from "../../../helpers/hand-built-deployment.ts";
import { fundsFixture } from "./_funds.ts";
import { programAddresses } from "../../../helpers/expected-accounts.ts";

const r = programAddresses(PROGRAM.v2);

Deno.test("basket: missing, on base and not delegated, or delegated (rollup copy, or base copy of the delegation program)", () => {
  const f = fundsFixture();
  const [none, base, delegated, baseOnly] = ["none", "base", "delegated", "base only"].map((l) => key(`state ${l}`));
  f.putUndelegatedBasket(base);
  f.putDelegatedBasket(delegated);
  f.putDelegatedBasketBaseOnly(baseOnly);
  const state = (owner: string) => ownerSetup(f.snapshot(), f.chains, owner).basket;
  assert.deepEqual(state(none), { address: r.basket(none), state: "missing", account: undefined });
  assert.equal(state(base).state, "undelegated");
  assert.equal(state(base).account?.owner, base);
  assert.equal(state(delegated).state, "delegated");
  assert.equal(state(delegated).account?.owner, delegated, "read from the rollup copy");
  assert.equal(state(baseOnly).state, "delegated");
});

Deno.test("deposit ledger and trade vault: at their PDAs, decoded when present", () => {
  const f = fundsFixture();
  const owner = key("ledger owner");
  assert.deepEqual(ownerSetup(f.snapshot(), f.chains, owner).ledger, { address: r.ledger(owner), account: undefined });
  f.putLedger(owner, [{ mint: MINT.USDC, amount: 7n }]);
  assert.deepEqual(ownerSetup(f.snapshot(), f.chains, owner).ledger.account?.deposits, [{
    mint: MINT.USDC,
    amount: 7n,
  }]);
  assert.equal(tradeVaultOf(f.snapshot(), MINT.USDC).account, undefined);
  f.putTradeVault(MINT.USDC, 123n);
  const vault = tradeVaultOf(f.snapshot(), MINT.USDC);
  assert.deepEqual(
    [vault.address, vault.tokenAccount, vault.account?.tokenAmount],
    [r.tradeVault(MINT.USDC), r.tradeVaultTokenAccount(MINT.USDC), 123n],
  );
});

Deno.test("available balance = deposits − basket debits + pending credits, per mint", () => {
  const f = fundsFixture();
  const owner = key("balance owner");
  f.putLedger(owner, [{ mint: MINT.USDC, amount: 1_000n }, { mint: MINT.SOL, amount: 50n }]);
  f.putDelegatedBasket(
    owner,
    f.basketWith(owner, [{ mint: MINT.USDC, amount: 300n }], [{ mint: MINT.USDC, amount: 25n }]),
  );
  const setup = ownerSetup(f.snapshot(), f.chains, owner);
  assert.equal(availableBalance(setup, MINT.USDC), 725n);
  assert.equal(availableBalance(setup, MINT.SOL), 50n);
  assert.equal(availableBalance(setup, MINT.SPY), 0n);
  assert.equal(availableBalance(ownerSetup(f.snapshot(), f.chains, key("nobody")), MINT.USDC), 0n);
});

Deno.test("receipts: none, in progress while delegated (either chain), settleable once a base program account", () => {
  const f = fundsFixture();
  const owner = key("escrow owner");
  const escrow = r.escrow(owner, MINT.USDC);
  assert.equal(receiptState(f.snapshot(), f.chains, escrow), "none");
  f.putEscrow(owner, MINT.USDC, 5n, "in-progress");
  assert.equal(receiptState(f.snapshot(), f.chains, escrow), "in-progress");
  f.putEscrow(owner, MINT.USDC, 5n, "settleable");
  assert.equal(receiptState(f.snapshot(), f.chains, escrow), "settleable");
  const onRollup = r.escrow(key("rollup only"), MINT.USDC);
  f.put("er", onRollup, PROGRAM.v2, new Uint8Array(104));
  assert.equal(receiptState(f.snapshot(), f.chains, onRollup), "in-progress");
  f.remove("base", escrow);
  assert.equal(receiptState(f.snapshot(), f.chains, escrow), "none");
});
