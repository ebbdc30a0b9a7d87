/**
 * The Order account (624 B), with its limit (54 B) and trigger (21 B) slots. Built byte by byte from the reference layout tables (PROTOCOL-v2 §4.2/§4.4/§4.7, PROTOCOL-v1 §3): the bytes are
 * written at the documented offsets with a DataView; the codec under test only decodes them (and re-encodes, which
 * must give the same bytes back), and every decoded field is checked.
 */
import assert from "node:assert/strict";
import { orderAccount } from "../../../src/protocol/accounts/mod.ts";
import { Bytes, K } from "../_bytes.ts";
import { checkLimit, writeLimit, writeTrigger } from "./_helpers.ts";

function buildOrder(v2: boolean): Bytes {
  const b = new Bytes(624).hex(0, "86addfb94d561c33");
  b.pubkey(8, K.owner).pubkey(40, K.solShortMarket);
  writeLimit(b, 72 + 0 * 54, 0n); // limit slot 0
  writeLimit(b, 72 + 2 * 54, 2n); // limit slot 2 (slot 1 empty)
  writeTrigger(b, 342 + 0 * 21, 16_000_000_000n, 100n, 1); // TP slot 0
  writeTrigger(b, 342 + 4 * 21, 17_000_000_000n, 200n, 0); // TP slot 4
  writeTrigger(b, 447 + 1 * 21, 11_000_000_000n, 300n, 1); // SL slot 1
  b.u8(552, 1).u8(553, 1).u8(554, 1).u8(555, 2).u8(556, 3).u8(557, 4).u8(558, 2).u8(559, 251)
    .i64(560, 1_725_000_000n).u64(568, 42n);
  if (v2) b.u8(576, 1).u64(584, 0xdead_beefn); // migrate_flag, padding_u64[0]
  else b.u64(576, 0xfeedn); // padding[0] of [u64;6]
  return b;
}

Deno.test("Order account decoded from hand-built bytes", async (t) => {
  for (const version of ["earlier", "v2"] as const) {
    await t.step(version, () => {
      const b = buildOrder(version === "v2");
      const o = orderAccount[version].decode(b.bytes);
      assert.equal(o.owner, K.owner);
      assert.equal(o.market, K.solShortMarket);
      assert.equal(o.limitOrders.length, 5);
      checkLimit(o.limitOrders[0], 0n);
      assert.equal(o.limitOrders[1].sizeAmount, 0n);
      assert.deepEqual(o.limitOrders[1].limitPrice, { price: 0n, exponent: 0 });
      checkLimit(o.limitOrders[2], 2n);
      assert.deepEqual(o.takeProfitOrders[0], {
        triggerPrice: { price: 16_000_000_000n, exponent: -8 },
        triggerSize: 100n,
        receiveCustodyUid: 1,
      });
      assert.equal(o.takeProfitOrders[1].triggerSize, 0n);
      assert.deepEqual(o.takeProfitOrders[4], {
        triggerPrice: { price: 17_000_000_000n, exponent: -8 },
        triggerSize: 200n,
        receiveCustodyUid: 0,
      });
      assert.equal(o.stopLossOrders[0].triggerSize, 0n);
      assert.deepEqual(o.stopLossOrders[1], {
        triggerPrice: { price: 11_000_000_000n, exponent: -8 },
        triggerSize: 300n,
        receiveCustodyUid: 1,
      });
      assert.equal(o.isInitialised, true);
      assert.equal(o.isActive, true);
      assert.equal(o.openSl, 1);
      assert.equal(o.openTp, 2);
      assert.equal(o.inactiveSl, 3);
      assert.equal(o.inactiveTp, 4);
      assert.equal(o.activeOrders, 2);
      assert.equal(o.bump, 251);
      assert.equal(o.referenceTimestamp, 1_725_000_000n);
      assert.equal(o.executionCount, 42n);
      if (version === "v2") {
        assert.equal(o.migrateFlag, true);
        assert.equal(o.padding.length, 7);
        assert.equal(o.paddingU64?.length, 40);
        assert.equal(new DataView(o.paddingU64!.buffer).getBigUint64(0, true), 0xdead_beefn);
      } else {
        assert.equal(o.migrateFlag, undefined);
        assert.equal(o.paddingU64, undefined);
        assert.equal(o.padding.length, 48);
        assert.equal(new DataView(o.padding.buffer).getBigUint64(0, true), 0xfeedn);
      }
      assert.deepEqual(orderAccount[version].encode(o), b.bytes);
    });
  }
});
