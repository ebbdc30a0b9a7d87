/**
 * The bridge from the running services to the pure domain: a `DeploymentSnapshot` over one deployment's
 * configuration, decoded accounts and the oracle prices at the current clock reading.
 */
import type { AppEnv, Services } from "../services.ts";
import type { ProgramVersion } from "../protocol/vocabulary.ts";
import type { Context } from "hono";
import { DeploymentSnapshot } from "../domain/deployment-snapshot.ts";

/** The snapshot a request computes on: one clock reading, so every figure of an answer uses the same time. */
export function snapshotOf(c: Context<AppEnv>, version: ProgramVersion): DeploymentSnapshot {
  return snapshotFor(c.get("services"), version);
}

/** The same snapshot from the services alone (benchmarks and tests that compute outside a request). */
export function snapshotFor(services: Services, version: ProgramVersion): DeploymentSnapshot {
  const deployment = services.deployments[version];
  return new DeploymentSnapshot({
    version,
    programId: deployment.index.config.programId,
    config: deployment.index,
    accounts: deployment.accounts,
    priceOfFeed: (feedId) => services.prices.get(feedId),
    nowMs: services.clock.nowMs(),
    priceMaxAgeMs: services.config.PRICE_MAX_AGE_MS,
  });
}
