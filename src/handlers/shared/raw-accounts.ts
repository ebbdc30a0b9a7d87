/**
 * Raw program accounts as JSON (DECISIONS 2.4), shared by both interfaces: list endpoints answer
 * `[{pubkey, account}]`, single endpoints the bare account object or 404 with the interface's text.
 */
import type { AppEnv } from "../../services.ts";
import type { ProgramVersion } from "../../protocol/vocabulary.ts";
import type { Context } from "hono";
import type { AccountKind } from "../../protocol/accounts/index.ts";
import { toRawJsonObject } from "../../protocol/raw-json.ts";
import { ApiError } from "../../http/errors.ts";

import type { JsonObject } from "../../protocol/codec/json.ts";

export function listRawAccounts(c: Context<AppEnv>, version: ProgramVersion, kind: AccountKind, owner?: string) {
  const view = c.get("services").deployments[version].view;
  const entries = owner && (kind === "Position" || kind === "Order") ? view.listOwnedBy(kind, owner) : view.list(kind);
  return entries.map(({ pubkey, value }) => ({ pubkey, account: toRawJsonObject(value) }));
}

export function getRawAccount(
  c: Context<AppEnv>,
  version: ProgramVersion,
  kind: AccountKind,
  pubkey: string,
  notFoundText: string,
): JsonObject {
  const value = c.get("services").deployments[version].view.get(kind, pubkey);
  if (!value) throw new ApiError(404, "NOT_FOUND", notFoundText);
  return toRawJsonObject(value);
}
