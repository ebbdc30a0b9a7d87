/**
 * GET /v2/owner/{owner}: the owner's basket view (DECISIONS 2.5; the payload of the WebSocket `basket` message),
 * served from the owner view cache as the same bytes the stream sends.
 */
import type { V2Handler } from "./handler.ts";
import type { MbBasketSnapshotDto } from "../../domain/views/owner.ts";
import { answerJsonText } from "../shared/answers.ts";

export const v2GetOwnerSnapshot: V2Handler<"v2GetOwnerSnapshot"> = (c) => {
  const { owner } = c.req.valid("param");
  return answerJsonText<MbBasketSnapshotDto>(c, c.get("services").deployments.v2.owners.basket(owner).json);
};
