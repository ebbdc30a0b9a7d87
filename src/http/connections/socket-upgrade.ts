/**
 * How a stream route switches its connection to a WebSocket when the connection layer serves it
 * (src/http/connections/websocket.ts): the layer puts an upgrade in the handler's `info` (Hono's `c.env`), the route
 * calls it with the socket's events once it has admitted the socket, and answers with what it returns, a 101; the
 * layer switches the socket once the app's answer is back. Without it (the app served by plain `Deno.serve` in tests, or
 * called in-process) the route uses Deno's own upgrade.
 */

/** What a stream needs of a server WebSocket (Deno's `WebSocket` and the `ws` package's both are). */
export interface UpgradedSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(text: string): void;
  close(code?: number, reason?: string): void;
}

export interface SocketEvents {
  /** The socket is open. */
  onOpen(socket: UpgradedSocket): void;
  /** The socket closed or failed, or the handshake never completed (any number of calls). */
  onClose(): void;
}

/** Answers the handshake with a 101 that the connection layer completes; throws on an invalid handshake. */
export type SocketUpgrade = (events: SocketEvents) => Response;

const UPGRADE = Symbol("socket upgrade");

/** The `info` the connection layer passes beside a handshake request. */
export interface UpgradeInfo {
  remoteAddr: { transport: "tcp"; hostname: string; port: number };
  [UPGRADE]: SocketUpgrade;
}

export function upgradeInfo(remoteAddr: UpgradeInfo["remoteAddr"], upgrade: SocketUpgrade): UpgradeInfo {
  return { remoteAddr, [UPGRADE]: upgrade };
}

/** `to` carrying the connection layer's upgrade of `from` (the edge's exchange, from the listener's `info`). */
export function carrySocketUpgrade<T extends object>(to: T, from: unknown): T {
  const upgrade = socketUpgradeOf(from);
  if (upgrade) (to as Partial<UpgradeInfo>)[UPGRADE] = upgrade;
  return to;
}

/** The connection layer's upgrade for this request, if it is the one serving it. */
export function socketUpgradeOf(info: unknown): SocketUpgrade | undefined {
  return (info as Partial<UpgradeInfo> | undefined)?.[UPGRADE];
}

/**
 * The 101 a stream route answers when it has called the upgrade. Deno refuses to construct a Response with status
 * 101, so it is a bodiless answer reading 101; the edge labels, logs and counts it as the 101 it is, and the
 * connection layer switches the socket when it sees it come back.
 */
export function switchingProtocols(): Response {
  const answer = new Response(null, { status: 204 });
  Object.defineProperty(answer, "status", { value: 101 });
  return answer;
}
