import assert from "node:assert/strict";
import { benchedStream, type ManifestOwner } from "../../bench/ws-streams.ts";

const withBasket: ManifestOwner = { owner: "A", v2: { basket: "B" }, earlier: { positions: 0 } };
const withPositions: ManifestOwner = { owner: "C", v2: { basket: null }, earlier: { positions: 2 } };
const withNeither: ManifestOwner = { owner: "D", v2: { basket: null } };

Deno.test("bench:ws streams: each stream's socket path, periodic message and owners", () => {
  const v2 = benchedStream("v2");
  assert.equal(v2.path("A", 1000), "/v2/owner/A/ws?updateIntervalMs=1000");
  assert.equal(v2.periodicType, "metrics");
  assert.deepEqual([withBasket, withPositions, withNeither].filter(v2.hasContent), [withBasket]);

  const earlier = benchedStream("earlier");
  assert.equal(earlier.path("C", 500), "/owner/C/ws?updateIntervalMs=500");
  assert.equal(earlier.periodicType, "positions");
  assert.deepEqual([withBasket, withPositions, withNeither].filter(earlier.hasContent), [withPositions]);

  assert.throws(() => benchedStream("v3"), /--stream v3: one of v2, earlier/);
  assert.throws(() => benchedStream("toString"), /--stream toString/);
});
