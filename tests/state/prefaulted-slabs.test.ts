/**
 * Prefaulted slabs: the worker starts at the second slab, hands over zeroed shared slabs of the size asked, keeps a few
 * ahead, stops on close; when it cannot run, slabs are fresh arrays and nothing else changes. Waits are on the supply's
 * events, never on time.
 */
import assert from "node:assert/strict";
import { PrefaultedSlabs } from "../../src/state/prefaulted-slabs.ts";

/** A supply whose events can be awaited: `next(event)` resolves at the next such event. */
function watched(slabBytes: number, options: { ahead?: number; workerUrl?: URL } = {}) {
  const waiting: { event: string; resolve: () => void }[] = [];
  let slabs = 0;
  const supply = new PrefaultedSlabs(slabBytes, {
    ...options,
    onEvent: (event) => {
      if (event === "slab") slabs++;
      for (const w of waiting.splice(0)) {
        if (w.event === event) w.resolve();
        else waiting.push(w);
      }
    },
  });
  const next = (event: "slab" | "failed") => new Promise<void>((resolve) => waiting.push({ event, resolve }));
  /** Resolves once `n` slabs have arrived in all. */
  const arrived = async (n: number) => {
    while (slabs < n) await next("slab");
  };
  return { supply, next, arrived };
}

function assertZeroSlab(slab: Uint8Array, bytes: number) {
  assert.equal(slab.length, bytes);
  assert.ok(slab.every((b) => b === 0), "all zeros");
}

Deno.test("prefaulted slabs: one slab starts no worker; the second starts it, and later ones are its shared slabs", async (t) => {
  const bytes = 64 * 1024;
  const { supply, arrived } = watched(bytes, { ahead: 3 });
  try {
    await t.step("the first slab is a fresh array, and no worker runs", () => {
      assertZeroSlab(supply.take(), bytes);
      assert.equal(supply.running, false);
    });
    await t.step("the second is fresh too, and starts the worker", () => {
      assertZeroSlab(supply.take(), bytes);
      assert.equal(supply.running, true);
      assert.equal(supply.prefaulted, 0);
    });
    await t.step(
      "the worker's slabs: zeroed shared memory of the size asked, `ahead` of them, then one per take",
      async () => {
        await arrived(3);
        for (let n = 1; n <= 5; n++) {
          const slab = supply.take();
          assert.ok(slab.buffer instanceof SharedArrayBuffer, `slab ${n} comes from the worker`);
          assertZeroSlab(slab, bytes);
          assert.equal(supply.prefaulted, n);
          await arrived(3 + n); // the one taken is replaced
        }
      },
    );
    await t.step("slabs taken before the worker catches up are fresh arrays", () => {
      const taken = [supply.take(), supply.take(), supply.take(), supply.take()];
      assert.equal(taken.filter((s) => s.buffer instanceof SharedArrayBuffer).length, 3, "the three ready");
      assert.ok(taken[3].buffer instanceof ArrayBuffer, "then a fresh one");
      assert.equal(supply.prefaulted, 8);
    });
  } finally {
    supply.close();
  }
  await t.step("closed: the worker stops and every later slab is fresh", () => {
    assert.equal(supply.running, false);
    const slab = supply.take();
    assert.ok(slab.buffer instanceof ArrayBuffer);
    assertZeroSlab(slab, bytes);
    assert.equal(supply.prefaulted, 8);
  });
});

Deno.test("prefaulted slabs: a worker that fails leaves fresh arrays, and no error escapes", async () => {
  const { supply, next } = watched(4096, {
    workerUrl: new URL("data:application/javascript,throw new Error('this worker fails as it starts')"),
  });
  try {
    const failed = next("failed");
    supply.take();
    supply.take(); // starts the worker, which fails
    await failed;
    assert.equal(supply.failed, true);
    assert.equal(supply.running, false);
    for (let n = 0; n < 3; n++) assertZeroSlab(supply.take(), 4096);
    assert.equal(supply.prefaulted, 0);
  } finally {
    supply.close();
  }
});

Deno.test("prefaulted slabs: a supply closed before its second slab never starts a worker", () => {
  const supply = new PrefaultedSlabs(4096);
  supply.take();
  supply.close();
  supply.take();
  assert.equal(supply.running, false);
  assert.equal(supply.failed, false);
});
