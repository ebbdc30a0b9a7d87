/**
 * The v2 owner's basket view (`GET /v2/owner/{owner}`, `MbBasketSnapshotDto`) as a plain object, assembled from the same
 * domain views the service serializes piecewise (`src/runtime/owner-view-cache.ts`, `basketViewJson`): the tests'
 * independent expectation of that JSON text.
 */
import { base64 } from "../../src/protocol/codec/bytes.ts";
import type { DeploymentSnapshot } from "../../src/domain/deployment-snapshot.ts";
import {
  basketOrderMetrics,
  basketPositionMetrics,
  type MbBasketSnapshotDto,
  ownerBasket,
} from "../../src/domain/views/owner.ts";

/** The owner's basket bytes and metrics; nulls and empty maps without a basket. */
export function basketViewDto(snapshot: DeploymentSnapshot, owner: string): MbBasketSnapshotDto {
  const found = ownerBasket(snapshot, owner);
  if (!found) return { owner, basketPubkey: null, basketData: null, positionMetrics: {}, orderMetrics: {} };
  return {
    owner,
    basketPubkey: found.pubkey,
    basketData: base64(found.data),
    positionMetrics: basketPositionMetrics(snapshot, found.basket),
    orderMetrics: basketOrderMetrics(snapshot, found.basket),
  };
}
