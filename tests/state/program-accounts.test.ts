/** ProgramAccounts: decoded, program-filtered accounts; the owner index follows every change of the store. */
import assert from "node:assert/strict";
import { AccountStore } from "../../src/state/account-store.ts";
import { ProgramAccounts } from "../../src/state/program-accounts.ts";
import { readRecording } from "../../src/replay/format.ts";
import { ACCOUNT_CODECS, DISCRIMINATORS } from "../../src/protocol/accounts/mod.ts";
import type { RawAccount } from "../../src/state/types.ts";
import { hex } from "../../src/protocol/codec/bytes.ts";

const EARLIER = "FLASH6Lo6h3iasJKWDs2F8TkW2UKf3s15C8PMGuVfgBn";
const OTHER_OWNER = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";

async function firstPosition(): Promise<RawAccount> {
  const recording = await readRecording("fixtures/world");
  const account = [...recording.chains.base.initialAccounts].find((a) =>
    a.owner === EARLIER && hex(a.data.subarray(0, 8)) === DISCRIMINATORS.Position.hex
  )!;
  const { pubkey, owner, lamports, executable, data } = account;
  return { pubkey, owner, lamports, executable, data, slot: 1, chain: "base" };
}

Deno.test("program accounts: decodes its program's accounts only, and caches per byte buffer", async () => {
  const store = new AccountStore();
  const accounts = new ProgramAccounts("earlier", EARLIER, store);
  const position = await firstPosition();
  store.set(position);
  const decoded = accounts.get("Position", position.pubkey)!;
  assert.equal(decoded.owner, ACCOUNT_CODECS.earlier.Position!.decode(position.data).owner);
  assert.equal(accounts.get("Position", position.pubkey), decoded, "the same object while the bytes are unchanged");
  assert.equal(accounts.get("Order", position.pubkey), undefined, "another kind is not decoded");
  const foreign = new ProgramAccounts("earlier", "11111111111111111111111111111111", store);
  assert.equal(foreign.get("Position", position.pubkey), undefined, "another program's account is invisible");
  assert.equal(accounts.count("Position"), 1);
});

Deno.test("program accounts: the owner index follows owner changes and deletions", async () => {
  const store = new AccountStore();
  const accounts = new ProgramAccounts("earlier", EARLIER, store);
  const position = await firstPosition();
  const codec = ACCOUNT_CODECS.earlier.Position!;
  const owner = codec.decode(position.data).owner;
  store.set(position);
  assert.deepEqual(accounts.listOwnedBy("Position", owner).map((p) => p.pubkey), [position.pubkey]);

  const moved = codec.encode({ ...codec.decode(position.data), owner: OTHER_OWNER });
  store.set({ ...position, data: moved, slot: 2 });
  assert.deepEqual(accounts.listOwnedBy("Position", owner), []);
  assert.deepEqual(accounts.listOwnedBy("Position", OTHER_OWNER).map((p) => p.pubkey), [position.pubkey]);

  store.delete("base", position.pubkey, 3);
  assert.deepEqual(accounts.listOwnedBy("Position", OTHER_OWNER), []);
  assert.throws(() => accounts.listOwnedBy("Pool", owner), /not indexed by owner/);
});
