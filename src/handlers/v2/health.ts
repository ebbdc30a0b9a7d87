import type { V2Handler } from "./handler.ts";
import { v2HealthBody } from "../shared/health.ts";

/** GET /v2/health: cached account counts, the pool-configuration provenance and the service clock. */
export const v2GetHealth: V2Handler<"v2GetHealth"> = (c) => {
  const body = v2HealthBody(c.get("services"));
  return body.status === "ok" ? c.json(body, 200) : c.json(body, 503);
};
