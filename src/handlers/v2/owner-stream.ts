/** GET /v2/owner/{owner}/ws: the basket WebSocket (v2 document, Events; src/streams/v2-basket.ts says what it sends). */
import type { z } from "@hono/zod-openapi";
import type { BasketMessageSchema, MetricsMessageSchema } from "../../../gen/v2/schemas.ts";
import type { V2Handler } from "./handler.ts";
import { upgradeToStream } from "../shared/stream-upgrade.ts";

type Message = z.infer<typeof BasketMessageSchema> | z.infer<typeof MetricsMessageSchema>;

export const v2OwnerBasketStream: V2Handler<"v2OwnerBasketStream"> = (c) => {
  const { owner } = c.req.valid("param");
  const { updateIntervalMs } = c.req.valid("query");
  const hub = c.get("services").streams.v2;
  return upgradeToStream<Message, Record<never, never>>(c, "v2", hub, owner, {}, updateIntervalMs);
};
