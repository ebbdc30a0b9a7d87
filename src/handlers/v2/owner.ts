/** GET /v2/owner/{owner}: the owner's basket snapshot (DECISIONS 2.5; the payload of the WebSocket `basket` message). */
import type { V2Handler } from "./handler.ts";
import { basketSnapshot } from "../../domain/views/owner.ts";
import { snapshotOf } from "../context.ts";

export const v2GetOwnerSnapshot: V2Handler<"v2GetOwnerSnapshot"> = (c) => {
  const { owner } = c.req.valid("param");
  return c.json(basketSnapshot(snapshotOf(c, "v2"), owner), 200);
};
