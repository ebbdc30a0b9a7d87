import assert from "node:assert/strict";
import { configSide, oppositeSide, PROGRAM_VERSIONS, requestSide, tradeSide } from "../../src/protocol/vocabulary.ts";

Deno.test("sides cross between spellings only through the converters", async (t) => {
  await t.step("any spelling, any case, to the program's", () => {
    assert.equal(tradeSide("Long"), "Long");
    assert.equal(tradeSide("long"), "Long");
    assert.equal(tradeSide("SHORT"), "Short");
  });
  await t.step("an empty slot or a typo is not a side", () => {
    assert.throws(() => tradeSide("None"), RangeError);
    assert.throws(() => tradeSide("longg"), RangeError);
  });
  await t.step("the program's to the configuration's and the requests'", () => {
    assert.equal(configSide("Long"), "long");
    assert.equal(configSide("Short"), "short");
    assert.equal(requestSide("Long"), "LONG");
    assert.equal(requestSide("Short"), "SHORT");
    for (const side of ["Long", "Short"] as const) assert.equal(tradeSide(configSide(side)), side);
    for (const side of ["Long", "Short"] as const) assert.equal(tradeSide(requestSide(side)), side);
  });
  await t.step("opposite", () => {
    assert.equal(oppositeSide("Long"), "Short");
    assert.equal(oppositeSide("Short"), "Long");
  });
});

Deno.test("the two program versions", () => {
  assert.deepEqual([...PROGRAM_VERSIONS].sort(), ["earlier", "v2"]);
});
