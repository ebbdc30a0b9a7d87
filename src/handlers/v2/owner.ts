/** GET /v2/owner/{owner}: the owner's basket snapshot (DECISIONS 2.5; the payload of the WebSocket `basket` message). */
import type { AppEnv } from "../../services.ts";
import type { RouteHandler } from "@hono/zod-openapi";
import type * as routes from "../../../gen/v2/routes.ts";
import { basketSnapshot } from "../../domain/views/owner.ts";
import { snapshotOf } from "../context.ts";

export const v2GetOwnerSnapshot: RouteHandler<typeof routes.v2GetOwnerSnapshot, AppEnv> = (c) => {
  const { owner } = c.req.valid("param");
  return c.json(basketSnapshot(snapshotOf(c, "v2"), owner), 200);
};
