/**
 * The raw account reads of both interfaces on the embedded world, through the service's edge as a client meets them:
 * - every single-account endpoint (and the legacy `/{pubkey}` aliases) keeps the account's fields at the top level and
 *   also carries `pubkey` and `account`, the same object (DECISIONS 5.16);
 * - the legacy routes give the program's own snake_case names at every depth, derived from the codec schemas, while
 *   `/raw/*` keeps camelCase (DECISIONS 1.5).
 * Every answer is validated against the YAML by `call()`.
 */
import assert from "node:assert/strict";
import type { ProgramVersion } from "../../../src/protocol/vocabulary.ts";
import type { AccountKind } from "../../../src/protocol/accounts/mod.ts";
import { ACCOUNT_CODECS } from "../../../src/protocol/accounts/mod.ts";
import { toRawJsonObject } from "../../../src/protocol/raw-json.ts";
import { toProgramJson } from "../../../src/protocol/program-json.ts";
import { startedReadService } from "../../helpers/app.ts";
import { call } from "../../helpers/contract.ts";

/** A decoded JSON answer read field by field. */
// deno-lint-ignore no-explicit-any
type Loose = Record<string, any>;

/** Every key of a JSON value, at every depth. */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) { for (const item of value) keysOf(item, out); }
  else if (value !== null && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      out.add(key);
      keysOf(inner, out);
    }
  }
  return out;
}

const SINGLES: { version: ProgramVersion; kind: AccountKind; path: string; legacy?: string }[] = [
  { version: "v2", kind: "Pool", path: "/v2/raw/pools" },
  { version: "v2", kind: "Custody", path: "/v2/raw/custodies" },
  { version: "v2", kind: "Market", path: "/v2/raw/markets" },
  { version: "v2", kind: "Basket", path: "/v2/raw/baskets" },
  { version: "earlier", kind: "Perpetuals", path: "/raw/perpetuals", legacy: "/perpetuals" },
  { version: "earlier", kind: "Pool", path: "/raw/pools", legacy: "/pools" },
  { version: "earlier", kind: "Custody", path: "/raw/custodies", legacy: "/custodies" },
  { version: "earlier", kind: "Market", path: "/raw/markets", legacy: "/markets" },
  { version: "earlier", kind: "Position", path: "/raw/positions", legacy: "/positions" },
  { version: "earlier", kind: "Order", path: "/raw/orders", legacy: "/orders" },
];

Deno.test("raw accounts: single lookups carry {pubkey, account}; legacy routes use the program's names", async (t) => {
  const service = await startedReadService();
  try {
    const { app, services } = service;
    const first = (version: ProgramVersion, kind: AccountKind) => {
      const entry = services.deployments[version].accounts.list(kind)[0];
      assert.ok(entry, `the world holds a ${version} ${kind}`);
      return entry;
    };

    await t.step("every single raw lookup: the fields at the top level, plus pubkey and account", async () => {
      for (const { version, kind, path } of SINGLES) {
        const { pubkey, value } = first(version, kind);
        const expected = toRawJsonObject(value);
        const response = await call(app, "GET", `${path}/${pubkey}`);
        assert.equal(response.status, 200, `${path}/${pubkey}`);
        assert.deepEqual(response.body, { ...expected, pubkey, account: expected }, path);
        // Twice over the same request: what the service keeps between requests answers the same shape.
        assert.deepEqual((await call(app, "GET", `${path}/${pubkey}`)).body.account, expected, path);
      }
    });

    await t.step("the legacy single aliases: snake_case fields at the top level, plus pubkey and account", async () => {
      for (const { version, kind, legacy } of SINGLES) {
        if (legacy === undefined) continue;
        const { pubkey, value } = first(version, kind);
        const expected = toProgramJson(ACCOUNT_CODECS[version][kind]!.body.schema, value) as Record<string, unknown>;
        const response = await call(app, "GET", `${legacy}/${pubkey}`);
        assert.equal(response.status, 200, `${legacy}/${pubkey}`);
        assert.deepEqual(response.body, { ...expected, pubkey, account: expected }, legacy);
      }
    });

    await t.step("legacy lists give the program's own names at every depth; /raw/* stays camelCase", async () => {
      for (const { version, kind, legacy } of SINGLES) {
        if (legacy === undefined) continue;
        const legacyList = (await call(app, "GET", legacy)).body as { pubkey: string; account: unknown }[];
        assert.equal(legacyList.length, services.deployments[version].accounts.count(kind), legacy);
        const names = keysOf(legacyList.map((e) => e.account));
        assert.ok(names.size > 0, legacy);
        for (const name of names) assert.match(name, /^[a-z0-9_]+$/, `${legacy}: ${name}`);
      }
      const markets = (await call(app, "GET", "/markets")).body as { account: Loose }[];
      assert.equal(typeof markets[0].account.target_custody, "string");
      assert.equal(typeof markets[0].account.permissions.allow_open_position, "boolean");
      assert.equal(typeof markets[0].account.collective_position.average_entry_price.price, "string");
      const positions = (await call(app, "GET", "/positions")).body as { account: Loose }[];
      assert.ok(positions.length > 0);
      assert.equal(typeof positions[0].account.size_usd, "string");
      assert.equal(typeof positions[0].account.entry_price.exponent, "number");
      const orders = (await call(app, "GET", "/orders")).body as { account: Loose }[];
      assert.ok(orders.length > 0);
      assert.equal(typeof orders[0].account.limit_orders[0].limit_price.price, "string");
      // The raw routes keep the camelCase of the same accounts.
      const raw = (await call(app, "GET", "/raw/markets")).body as { account: Loose }[];
      assert.equal(typeof raw[0].account.targetCustody, "string");
      assert.equal(typeof raw[0].account.permissions.allowOpenPosition, "boolean");
      assert.equal(raw[0].account.target_custody, undefined);
    });

    await t.step("a legacy owner filter keeps the program's names", async () => {
      const { value } = first("earlier", "Position");
      const owner = (value as { owner: string }).owner;
      const positions = (await call(app, "GET", `/positions?owner=${owner}`)).body as { account: Loose }[];
      assert.ok(positions.length > 0);
      for (const p of positions) assert.equal(p.account.owner, owner);
      assert.ok(positions.every((p) => "size_amount" in p.account && !("sizeAmount" in p.account)));
    });
  } finally {
    await service.stop();
  }
});
