import type { EarlierHandler } from "./handler.ts";
import { chainsOf, clockFields, ingestionIsStale } from "../shared/health.ts";

/** GET /health: cached account counts of the earlier program (DECISIONS 2.11) and the service clock. */
export const getHealth: EarlierHandler<"getHealth"> = (c) => {
  const services = c.var.services;
  const view = services.deployments.earlier.view;
  const now = services.clock.nowMs();
  const body = {
    status: ingestionIsStale(services, chainsOf(services, "earlier"), now) ? "degraded" as const : "ok" as const,
    accounts: {
      perpetuals: view.count("Perpetuals"),
      pools: view.count("Pool"),
      custodies: view.count("Custody"),
      markets: view.count("Market"),
      positions: view.count("Position"),
      orders: view.count("Order"),
    },
    ...clockFields(services, now),
  };
  return body.status === "ok" ? c.json(body, 200) : c.json(body, 503);
};
