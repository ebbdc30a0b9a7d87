/**
 * The owner streams `deno task bench:ws` drives (`--stream`): where an owner's socket opens, the type of the message
 * the server sends every interval (the one whose latency is measured; every other message is an opening or change
 * message, counted only), and which owners of a generated world have something for that message to carry.
 */

/** What the bench reads of an owner in a generated world's manifest (tools/world). */
export interface ManifestOwner {
  owner: string;
  v2: { basket: string | null };
  earlier?: { positions?: number };
}

export interface BenchedStream {
  /** The socket's path and query for `owner`. */
  path(owner: string, intervalMs: number): string;
  /** The `type` of the periodic message. */
  periodicType: string;
  /** Owners the periodic message is sent for, in words (the bench's log line). */
  ownersWithContent: string;
  hasContent(owner: ManifestOwner): boolean;
}

export const BENCHED_STREAMS: Readonly<Record<string, BenchedStream>> = {
  // The v2 basket stream: `metrics` every interval for an owner with a basket.
  v2: {
    path: (owner, intervalMs) => `/v2/owner/${owner}/ws?updateIntervalMs=${intervalMs}`,
    periodicType: "metrics",
    ownersWithContent: "owners with a basket",
    hasContent: (owner) => owner.v2.basket !== null,
  },
  // The earlier interface's owner stream: `positions` every interval, recomputed at current prices.
  earlier: {
    path: (owner, intervalMs) => `/owner/${owner}/ws?updateIntervalMs=${intervalMs}`,
    periodicType: "positions",
    ownersWithContent: "owners with earlier-interface positions",
    hasContent: (owner) => (owner.earlier?.positions ?? 0) > 0,
  },
};

/** The stream named `name`; throws on a name the bench does not know. */
export function benchedStream(name: string): BenchedStream {
  const stream = Object.hasOwn(BENCHED_STREAMS, name) ? BENCHED_STREAMS[name] : undefined;
  if (!stream) throw new Error(`--stream ${name}: one of ${Object.keys(BENCHED_STREAMS).join(", ")}`);
  return stream;
}
