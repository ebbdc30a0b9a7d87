/**
 * The wallet an account belongs to, for the kinds that store it as their first field (bytes 8..40, right after the
 * discriminator): a v2 basket, an earlier-interface position or order, a token stake, a referral. Read without
 * decoding the account, so a change notification can be routed to its owner cheaply.
 */
import { encodePubkey } from "../codec/base58.ts";
import { type AccountKind, DISCRIMINATORS } from "./mod.ts";

/** Kinds whose first field is the owner wallet. */
export type WalletOwnedKind = "Basket" | "Position" | "Order" | "TokenStake" | "Referral";

/**
 * The owner wallet of `account` when it is owned by `programId` and of one of `kinds`; undefined otherwise (another
 * program's account, another kind, too short, or no account).
 */
export function walletOwning(
  account: { owner: string; data: Uint8Array } | null | undefined,
  programId: string,
  kinds: readonly WalletOwnedKind[],
): string | undefined {
  if (!account || account.owner !== programId || account.data.length < 40) return undefined;
  const data = account.data;
  const matches = (kind: AccountKind) => DISCRIMINATORS[kind].bytes.every((byte, i) => data[i] === byte);
  return kinds.some(matches) ? encodePubkey(data, 8) : undefined;
}
