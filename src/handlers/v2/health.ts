import type { V2Handler } from "./handler.ts";
import { chainsOf, clockFields, ingestionIsStale } from "../shared/health.ts";

/** GET /v2/health: cached account counts, the pool-configuration provenance and the service clock. */
export const v2GetHealth: V2Handler<"v2GetHealth"> = (c) => {
  const services = c.get("services");
  const { counts, index } = services.deployments.v2;
  const provenance = index.config.provenance;
  const now = services.clock.nowMs();
  const body = {
    status: ingestionIsStale(services, chainsOf(services, "v2"), now) ? "degraded" as const : "ok" as const,
    // The live service's health names the deployment this interface serves (issue 12): the v2 program on the
    // MagicBlock ephemeral rollup, always, so a constant (ORACLE-AND-CHAIN §2.3).
    program: "magicblock" as const,
    accounts: {
      pools: counts.of("Pool"),
      custodies: counts.of("Custody"),
      markets: counts.of("Market"),
      baskets: counts.of("Basket"),
      deposit_ledgers: counts.of("UserDepositLedger"),
    },
    config: {
      source: provenance.source,
      version: provenance.version,
      env: provenance.env,
      branch: provenance.branch,
      publishedAt: provenance.publishedAt,
      loadedAtUnix: provenance.loadedAtUnix,
      pools: index.pools.length,
      markets: index.marketCount,
      tokens: index.tokens.length,
    },
    ...clockFields(services, now),
  };
  return body.status === "ok" ? c.json(body, 200) : c.json(body, 503);
};
