/**
 * GET /owner/{owner}/ws: the positions and orders WebSocket (earlier-interface document, Events; DECISIONS 4.4;
 * src/streams/earlier-owner.ts says what it sends).
 */
import type { z } from "@hono/zod-openapi";
import type { OwnerStreamMessageSchema } from "../../../gen/earlier/schemas.ts";
import type { EarlierOwnerParams } from "../../streams/earlier-owner.ts";
import type { EarlierHandler } from "./handler.ts";
import { upgradeToStream } from "../shared/stream-upgrade.ts";

type Message = z.infer<typeof OwnerStreamMessageSchema>;

export const streamOwner: EarlierHandler<"streamOwner"> = (c) => {
  const { owner } = c.req.valid("param");
  const { includePnlInLeverageDisplay, updateIntervalMs } = c.req.valid("query");
  const hub = c.get("services").streams.earlier;
  const params = { includePnlInLeverageDisplay };
  return upgradeToStream<Message, EarlierOwnerParams>(c, "earlier", hub, owner, params, updateIntervalMs);
};
