/**
 * The bridge from the running services to the pure domain: a `DeploymentSnapshot` over one deployment's configuration, decoded
 * accounts and the oracle prices at the current clock reading, and the helpers handlers share to answer a compute
 * failure (200 `{err, code}`, DECISIONS 3.2) or a request the contract rejects beyond its schema (400).
 */
import type { Context } from "hono";
import type { AppEnv } from "../http/env.ts";
import type { Services } from "../services.ts";
import { ApiError } from "../http/errors.ts";
import { DeploymentSnapshot, type InterfaceVersion } from "../domain/views/context.ts";
import type { QuoteFailure } from "../domain/quotes/result.ts";
import type { PositionTarget } from "../domain/quotes/common.ts";

/** A DeploymentSnapshot for one request: one clock reading, so every figure of an answer uses the same time. */
export function snapshotOf(c: Context<AppEnv>, version: InterfaceVersion): DeploymentSnapshot {
  return snapshotFor(c.var.services, version);
}

/** The same DeploymentSnapshot from the services alone (benchmarks and tests that compute outside a request). */
export function snapshotFor(services: Services, version: InterfaceVersion): DeploymentSnapshot {
  const deployment = services.deployments[version];
  return new DeploymentSnapshot({
    version,
    programId: deployment.index.config.programId,
    config: deployment.index,
    accounts: deployment.view,
    priceOfFeed: (feedId) => services.prices.get(feedId),
    nowMs: services.clock.nowMs(),
    priceMaxAgeMs: services.config.PRICE_MAX_AGE_MS,
  });
}

/** The contract's ComputeErrorResponse. */
export function computeError(failure: QuoteFailure): { err: string; code: QuoteFailure["code"] } {
  return { err: failure.err, code: failure.code };
}

/** 400 VALIDATION_FAILED naming a body field (a requirement the schema cannot express, e.g. a mode's input). */
export function missingField(field: string, message = "is required"): ApiError {
  return new ApiError(400, "VALIDATION_FAILED", `body.${field} ${message}`, `body.${field}`);
}

/** The position a preview request names: `positionKey` (earlier interface) wins over owner + market + side. */
export function positionTargetOf(body: {
  positionKey?: string;
  owner?: string;
  marketSymbol?: string;
  side?: "LONG" | "SHORT";
}): PositionTarget | undefined {
  if (body.positionKey) return { positionKey: body.positionKey };
  if (body.owner && body.marketSymbol && body.side) {
    return { owner: body.owner, marketSymbol: body.marketSymbol, side: body.side };
  }
  return undefined;
}
