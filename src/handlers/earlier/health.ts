import type { EarlierHandler } from "./handler.ts";
import { chainsOf, clockFields, ingestionIsStale } from "../shared/health.ts";

/** GET /health: cached account counts of the earlier program (DECISIONS 2.11) and the service clock. */
export const getHealth: EarlierHandler<"getHealth"> = (c) => {
  const services = c.get("services");
  const counts = services.deployments.earlier.counts;
  const now = services.clock.nowMs();
  const body = {
    status: ingestionIsStale(services, chainsOf(services, "earlier"), now) ? "degraded" as const : "ok" as const,
    accounts: {
      perpetuals: counts.of("Perpetuals"),
      pools: counts.of("Pool"),
      custodies: counts.of("Custody"),
      markets: counts.of("Market"),
      positions: counts.of("Position"),
      orders: counts.of("Order"),
    },
    ...clockFields(services, now),
  };
  return body.status === "ok" ? c.json(body, 200) : c.json(body, 503);
};
