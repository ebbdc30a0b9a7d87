/**
 * The upgrade both stream routes share (`GET /v2/owner/{owner}/ws`, `GET /owner/{owner}/ws`), after the route's
 * validation (400 on a malformed owner or a non-numeric `updateIntervalMs`):
 *
 * 1. a request that is not a WebSocket handshake gets 426 UPGRADE_REQUIRED, with `Upgrade: websocket`;
 * 2. a browser page's `Origin` must be allowed by CORS_ORIGINS (DECISIONS 5.14), else 403 ORIGIN_NOT_ALLOWED;
 * 3. the interface's chains must have completed their first load, else 503 STALE_DATA (first-load.ts; checked here
 *    rather than around the handler, so a request that is no handshake still learns that first);
 * 4. a connection slot from the stream's hub, refused before the upgrade with the usual `{error, code}` body:
 *    429 WS_OWNER_LIMIT (5 per owner), 503 WS_GLOBAL_LIMIT (10,000 in all);
 * 5. the upgrade itself, at the clamped interval (DECISIONS 4.3): the connection layer's switch when it serves the
 *    request (src/http/connections/socket-upgrade.ts: client messages bounded, liveness from WS_PONG_TIMEOUT_MS),
 *    else hono's `upgradeWebSocket` on Deno (the app served by plain `Deno.serve`); the socket's events go to the
 *    hub, which owns it from then on.
 */
import type { AppEnv } from "../../services.ts";
import type { Context, TypedResponse } from "hono";
import { upgradeWebSocket } from "hono/deno";
import { ApiError, type ErrorBody } from "../../http/errors.ts";
import { isAllowedOrigin } from "../../config/cors-origins.ts";
import { idleTimeoutSeconds, type StreamHub } from "../../streams/hub.ts";
import { clampUpdateInterval } from "../../streams/schedule.ts";
import type { ProgramVersion } from "../../protocol/vocabulary.ts";
import { firstLoadDone, notLoadedYet } from "./first-load.ts";
import { socketUpgradeOf } from "../../http/connections/socket-upgrade.ts";

/** The 101 answer, typed by the messages the socket will carry (the route documents them as the 101 content). */
type Upgraded<M> = Response & TypedResponse<M, 101, "json">;
type Refused = Response & TypedResponse<ErrorBody, 429 | 503, "json">;

/** What a 426 must name (RFC 9110 §15.5.22: the server MUST send `Upgrade` with the protocols it would switch to). */
const UPGRADE_TO_WEBSOCKET = { upgrade: "websocket" } as const;

const REFUSALS = {
  WS_OWNER_LIMIT: { status: 429, error: "per-owner connection limit reached" },
  WS_GLOBAL_LIMIT: { status: 503, error: "global connection limit reached" },
} as const;

export async function upgradeToStream<M, P>(
  c: Context<AppEnv>,
  version: ProgramVersion,
  hub: StreamHub<P>,
  owner: string,
  params: P,
  updateIntervalMs: number,
): Promise<Upgraded<M> | Refused> {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError(426, "UPGRADE_REQUIRED", "websocket upgrade required", undefined, UPGRADE_TO_WEBSOCKET);
  }
  // DECISIONS 5.14: a browser page's upgrade only from the origins CORS_ORIGINS allows (no Origin: not a browser).
  if (!isAllowedOrigin(c.req.header("origin"), c.get("services").config.CORS_ORIGINS)) {
    throw new ApiError(403, "ORIGIN_NOT_ALLOWED", "origin not allowed");
  }
  if (!firstLoadDone(c.get("services"), version)) throw notLoadedYet(version);
  const admission = await hub.admit(owner);
  if (!admission.ok) {
    const refusal = REFUSALS[admission.code];
    return c.json({ error: refusal.error, code: admission.code }, refusal.status);
  }
  const events = admission.connect(params, clampUpdateInterval(updateIntervalMs));
  try {
    // Served by the connection layer (the service): its switch, which bounds client messages. Else Deno's own.
    const switchSocket = socketUpgradeOf(c.env);
    if (switchSocket) {
      const answer = switchSocket({ onOpen: (socket) => events.opened(socket), onClose: () => events.closed() });
      return answer as unknown as Upgraded<M>;
    }
    const response = await upgradeWebSocket(c, {
      onOpen: (_event, ws) => ws.raw ? events.opened(ws.raw) : events.closed(),
      onClose: () => events.closed(),
      onError: () => events.closed(),
    }, { idleTimeout: idleTimeoutSeconds(c.get("services").config.WS_PONG_TIMEOUT_MS) });
    // The body of a 101 is the socket: the type says which messages it carries.
    return response as unknown as Upgraded<M>;
  } catch {
    // Deno refused the handshake (a header missing or malformed): no socket, so the slot goes back now.
    await admission.release();
    throw new ApiError(400, "VALIDATION_FAILED", "invalid WebSocket handshake");
  }
}
