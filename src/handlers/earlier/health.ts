import type { EarlierHandler } from "./handler.ts";
import { earlierHealthBody } from "../shared/health.ts";

/** GET /health: cached account counts of the earlier program (DECISIONS 2.11) and the service clock. */
export const getHealth: EarlierHandler<"getHealth"> = (c) => {
  const body = earlierHealthBody(c.get("services"));
  return body.status === "ok" ? c.json(body, 200) : c.json(body, 503);
};
