/**
 * Raw program accounts as JSON (DECISIONS 2.4), shared by both interfaces: list endpoints answer
 * `[{pubkey, account}]`, single endpoints the account object with `pubkey` and `account` beside its fields
 * (DECISIONS 5.16), or 404 with the interface's text. The `/raw/*` routes name the fields in camelCase; the earlier
 * interface's legacy routes in the program's own snake_case (DECISIONS 1.5).
 */
import type { AppEnv } from "../../services.ts";
import type { ProgramVersion } from "../../protocol/vocabulary.ts";
import type { Context } from "hono";
import type { AccountKind } from "../../protocol/accounts/mod.ts";
import { toRawJsonObject } from "../../protocol/raw-json.ts";
import { accountToProgramJson } from "../../protocol/program-json.ts";
import { ApiError } from "../../http/errors.ts";

import type { JsonObject } from "../../protocol/codec/json.ts";

/** How an answer names the account's fields: camelCase (`/raw/*`) or the program's own names (legacy routes). */
export type FieldNames = "camelCase" | "program";

function accountJson(version: ProgramVersion, kind: AccountKind, value: object, names: FieldNames): JsonObject {
  if (names === "camelCase") return toRawJsonObject(value);
  return accountToProgramJson(version, kind, value);
}

export function listRawAccounts(
  c: Context<AppEnv>,
  version: ProgramVersion,
  kind: AccountKind,
  names: FieldNames,
  owner?: string,
) {
  const accounts = c.get("services").deployments[version].accounts;
  const entries = owner && (kind === "Position" || kind === "Order")
    ? accounts.listOwnedBy(kind, owner)
    : accounts.list(kind);
  return entries.map(({ pubkey, value }) => ({ pubkey, account: accountJson(version, kind, value, names) }));
}

/** A single lookup's answer. */
export type SingleAccount = JsonObject & { pubkey: string; account: JsonObject };

/**
 * One account: its fields at the top level, as the interface documents say, and `pubkey` and `account` (the same
 * fields) beside them, as clients written for the live service's `{pubkey, account}` read it.
 */
export function getRawAccount(
  c: Context<AppEnv>,
  version: ProgramVersion,
  kind: AccountKind,
  pubkey: string,
  notFoundText: string,
  names: FieldNames,
): SingleAccount {
  const value = c.get("services").deployments[version].accounts.get(kind, pubkey);
  if (!value) throw new ApiError(404, "NOT_FOUND", notFoundText);
  const account = accountJson(version, kind, value, names);
  return { ...account, pubkey, account };
}
