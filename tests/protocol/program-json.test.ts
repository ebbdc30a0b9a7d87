/**
 * The program's own field names (DECISIONS 1.5): derived from the codec schemas, they are the reference's snake_case
 * names, and the YAML schemas of the legacy routes list exactly them, at every depth.
 */
import assert from "node:assert/strict";
import { ACCOUNT_CODECS, type Market, marketAccount } from "../../src/protocol/accounts/mod.ts";
import type { Schema } from "../../src/protocol/codec/mod.ts";
import { accountToProgramJson, programNameOf, toProgramJson } from "../../src/protocol/program-json.ts";
import { isPaddingKey } from "../../src/protocol/raw-json.ts";
import { deref, DOCUMENTS, type SchemaObject } from "../helpers/openapi.ts";

/** A decoded JSON answer read field by field. */
// deno-lint-ignore no-explicit-any
type Loose = Record<string, any>;

Deno.test("programNameOf: the reference's snake_case names of codec fields", () => {
  // PROTOCOL-v1 §3 spells these so.
  assert.equal(programNameOf("targetCustody"), "target_custody");
  assert.equal(programNameOf("allowOpenPosition"), "allow_open_position");
  assert.equal(programNameOf("cumulativeLockFeeSnapshot"), "cumulative_lock_fee_snapshot");
  assert.equal(programNameOf("slope1"), "slope1");
  assert.equal(programNameOf("token22"), "token22");
  assert.equal(programNameOf("isInitialised"), "is_initialised");
  assert.equal(programNameOf("pool"), "pool");
});

/** An account of `size` bytes, all zero after its discriminator. */
function zeroAccount(discriminator: Uint8Array, size: number): Uint8Array {
  const data = new Uint8Array(size);
  data.set(discriminator);
  return data;
}

Deno.test("toProgramJson: snake_case keys at every depth, raw JSON values, padding left out", () => {
  const market: Market = {
    ...marketAccount.decode(zeroAccount(marketAccount.discriminator, marketAccount.size!)),
    side: "Long",
    maxPayoffBps: 10_000n,
    permissions: {
      allowOpenPosition: true,
      allowClosePosition: false,
      allowCollateralWithdrawal: true,
      allowSizeChange: false,
    },
  };
  const json = toProgramJson(marketAccount.body.schema, market) as Loose;
  assert.equal(json.side, "Long");
  assert.equal(json.max_payoff_bps, "10000");
  assert.deepEqual(json.permissions, {
    allow_open_position: true,
    allow_close_position: false,
    allow_collateral_withdrawal: true,
    allow_size_change: false,
  });
  assert.deepEqual(json.collective_position.average_entry_price, { price: "0", exponent: 0 });
  assert.equal("padding" in json || "padding2" in json || "maxPayoffBps" in json, false);
});

/** The YAML object schema's property names against the codec struct's, nested structs and arrays followed. */
function compare(path: string, codec: Schema, yaml: SchemaObject, found: string[]) {
  const doc = DOCUMENTS.earlier;
  const schema = deref(doc, yaml);
  if (codec.type === "array" || codec.type === "vec") {
    assert.equal(schema.type, "array", path);
    return compare(`${path}[]`, codec.of, schema.items!, found);
  }
  if (codec.type !== "struct") return;
  const expected = codec.fields.filter(([name]) => !isPaddingKey(name)).map(([name]) => programNameOf(name));
  assert.deepEqual(Object.keys(schema.properties ?? {}), expected, path);
  assert.deepEqual(schema.required, expected, path);
  found.push(...expected.map((name) => `${path}.${name}`));
  for (const [name, field] of codec.fields) {
    if (!isPaddingKey(name)) {
      compare(`${path}.${programNameOf(name)}`, field, schema.properties![programNameOf(name)], found);
    }
  }
}

Deno.test("the legacy routes' YAML schemas name exactly the codec fields, in the program's names, at every depth", () => {
  const schemas = DOCUMENTS.earlier.components!.schemas!;
  for (const kind of ["Perpetuals", "Pool", "Custody", "Market", "Position", "Order"] as const) {
    const found: string[] = [];
    compare(kind, ACCOUNT_CODECS.earlier[kind]!.body.schema, schemas[`Legacy${kind}Account`], found);
    assert.ok(found.length > 5, kind);
  }
});

Deno.test("accountToProgramJson: by kind and version; a kind the version lacks is a codec error", () => {
  const data = new Uint8Array(marketAccount.size!);
  data.set(marketAccount.discriminator);
  const market = marketAccount.decode(data);
  assert.deepEqual(accountToProgramJson("earlier", "Market", market), toProgramJson(marketAccount.body.schema, market));
  assert.throws(() => accountToProgramJson("earlier", "Basket", market), /Basket does not exist in program version/);
});
