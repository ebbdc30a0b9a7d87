/**
 * The world as a live client sees it: served by the loopback replay servers, read with an unmodified web3.js
 * Connection (program scans with discriminator filters on each chain, lookup tables, blockhashes).
 */
import assert from "node:assert/strict";
import { Connection, PublicKey } from "@solana/web3.js";
import { DISCRIMINATORS } from "../../../src/protocol/accounts/mod.ts";
import { startReplay } from "../../../src/replay/harness.ts";
import { defaultWorld, DELEGATION, EARLIER_PROGRAM, V2_PROGRAM } from "./_helpers.ts";

Deno.test("the world is served to web3.js by the replay servers", async (t) => {
  const { rec, manifest } = await defaultWorld();
  const replay = await startReplay(rec, { mode: "virtual" });
  try {
    const base = new Connection(replay.base.url, "confirmed");
    const er = new Connection(replay.er.url, "confirmed");
    const counts = manifest.counts as {
      v2: { withBasket: number; withLedger: number };
      earlier: { positions: number };
    };
    const scan = (c: Connection, program: string, kind: keyof typeof DISCRIMINATORS) =>
      c.getProgramAccounts(new PublicKey(program), {
        filters: [{ memcmp: { offset: 0, bytes: DISCRIMINATORS[kind].base58 } }],
      });

    await t.step("v2 trading state on the ER, delegated copies off the base program scan", async () => {
      assert.equal((await scan(er, V2_PROGRAM, "Basket")).length, counts.v2.withBasket);
      assert.equal((await scan(er, V2_PROGRAM, "Market")).length, 16);
      assert.equal((await scan(er, V2_PROGRAM, "Pool")).length, 3);
      assert.equal(
        (await scan(base, V2_PROGRAM, "Basket")).length,
        0,
        "delegated baskets are not the program's on base",
      );
      assert.equal((await scan(base, V2_PROGRAM, "UserDepositLedger")).length, counts.v2.withLedger);
      assert.equal((await scan(base, DELEGATION, "Basket")).length, counts.v2.withBasket);
    });

    await t.step("earlier state on base", async () => {
      assert.equal((await scan(base, EARLIER_PROGRAM, "Position")).length, counts.earlier.positions);
      assert.equal((await scan(base, EARLIER_PROGRAM, "Custody")).length, 12);
      assert.equal((await scan(er, EARLIER_PROGRAM, "Custody")).length, 0);
    });

    await t.step("lookup tables and blockhashes", async () => {
      const v2 = (manifest.deployments as { v2: { pools: { lookupTable: string }[] } }).v2;
      for (const p of v2.pools) {
        const alt = await base.getAddressLookupTable(new PublicKey(p.lookupTable));
        assert.ok(alt.value && alt.value.state.addresses.length > 10);
      }
      replay.replayer.advanceTo(5_000);
      const b = await base.getLatestBlockhash();
      const e = await er.getLatestBlockhash();
      assert.notEqual(b.blockhash, e.blockhash);
      assert.ok(b.lastValidBlockHeight > 0 && e.lastValidBlockHeight > 0);
    });
  } finally {
    await replay.stop();
  }
});
