/**
 * WebSocket upgrade requests whose client resets the connection (RST) right after sending them, before any 101.
 * Each stream, for one owner: as many resets as the per-owner limit, then a normal WebSocket for that owner must open
 * within 2 s of the last reset. Then resets for random owners, more than the global limit (kept small for the run),
 * after which a new owner must open on both streams within 2 s. The rate limit is off: it would only slow the attack.
 */
import { type Outcome, type Scenario, type ScenarioContext, Verdict } from "../scenario.ts";
import { sleep } from "../service.ts";
import { LOOPBACK, mapLimit, resetAfterWrite } from "../sockets.ts";
import { type OpenAttempt, openAttempt, rawUpgrade, upgradeRequest } from "../websocket.ts";
import { randomOwner, worldOwners } from "../world.ts";

const PER_OWNER = 5;
/**
 * Resets sent per owner: twice the limit. A reset leaks only when it reaches the server between the admission and
 * the 101; one that comes later (the client's write finishing late) is an ordinary close, so the attack sends more
 * than the limit to be sure to lock the owner out where slots leak.
 */
const RESETS_PER_OWNER = 2 * PER_OWNER;
const RELEASE_WITHIN_MS = 2_000;
const COUNTS = {
  full: { globalLimit: 50, randomResets: 200 },
  bounded: { globalLimit: 20, randomResets: 40 },
};

const STREAMS = [
  { name: "v2", path: (owner: string) => `/v2/owner/${owner}/ws` },
  { name: "earlier", path: (owner: string) => `/owner/${owner}/ws` },
] as const;

export const wsSlotReset: Scenario = {
  name: "ws-slot-reset",
  service: (bounded) => ({
    env: {
      RATE_LIMIT_RPS: "0",
      WS_MAX_PER_OWNER: String(PER_OWNER),
      WS_MAX_GLOBAL: String(COUNTS[bounded ? "bounded" : "full"].globalLimit),
    },
  }),
  timeLimitMs: (bounded) => bounded ? 20_000 : 40_000,
  async run(context: ScenarioContext): Promise<Outcome> {
    const { bounded, sockets, service, signal } = context;
    const counts = COUNTS[bounded ? "bounded" : "full"];
    const verdict = new Verdict();
    const figures: Record<string, unknown> = { ws_max_per_owner: PER_OWNER, ws_max_global: counts.globalLimit };
    const owners = worldOwners();

    // Each stream answers a normal socket first (and its route is warm, so the resets meet the same code path as
    // later ones: on a cold route a reset can win the race and be dropped before the route runs).
    for (const [index, stream] of STREAMS.entries()) {
      const attempt = await openAttempt(service.port, stream.path(owners[STREAMS.length + index]), 5_000);
      verdict.check(attempt === "open", `${stream.name} stream: a normal WebSocket before the attack: ${attempt}`);
    }
    // node:net's first socket is slower to set up: spend it on a path with nothing to leak.
    await resetAfterWrite(sockets, service.port, `GET /v2/health HTTP/1.1\r\nHost: ${LOOPBACK}\r\n\r\n`, 2_000);

    // One owner per stream: the per-owner limit.
    for (const [index, stream] of STREAMS.entries()) {
      const path = stream.path(owners[index]);
      let sent = 0;
      for (let i = 0; i < RESETS_PER_OWNER && !signal.aborted; i++) {
        if (await resetAfterWrite(sockets, service.port, upgradeRequest(service.port, path), 2_000)) sent++;
      }
      const check = await opensAfterResets(context, path);
      figures[`${stream.name}_owner_resets`] = sent;
      figures[`${stream.name}_owner_opened_after_ms`] = check.openedAfterMs;
      figures[`${stream.name}_owner_refusal`] = check.refusal;
      verdict.check(
        check.openedAfterMs !== null,
        `${stream.name} stream: no WebSocket for the owner within ${RELEASE_WITHIN_MS} ms of ${sent} resets (${check.refusal})`,
      );
    }

    // Random owners, more resets than the global limit, on both streams.
    const paths = Array.from({ length: counts.randomResets }, (_, i) => STREAMS[i % 2].path(randomOwner()));
    const sent = await mapLimit(
      paths,
      16,
      (path) =>
        signal.aborted
          ? Promise.resolve(false)
          : resetAfterWrite(sockets, service.port, upgradeRequest(service.port, path), 2_000),
    );
    figures.random_owner_resets = sent.filter(Boolean).length;
    for (const stream of STREAMS) {
      const check = await opensAfterResets(context, stream.path(randomOwner()));
      figures[`${stream.name}_new_owner_opened_after_ms`] = check.openedAfterMs;
      figures[`${stream.name}_new_owner_refusal`] = check.refusal;
      verdict.check(
        check.openedAfterMs !== null,
        `${stream.name} stream: no WebSocket for a new owner within ${RELEASE_WITHIN_MS} ms after ${counts.randomResets} ` +
          `resets (global limit ${counts.globalLimit}; ${check.refusal})`,
      );
    }
    return { figures, failures: verdict.failures };
  },
};

/**
 * Tries a normal WebSocket to `path` until one opens or `RELEASE_WITHIN_MS` has passed since the call (made right
 * after the last reset). When none opened, says how the last attempt ended and what a raw upgrade then gets.
 */
async function opensAfterResets(
  { service, sockets, signal }: ScenarioContext,
  path: string,
): Promise<{ openedAfterMs: number | null; refusal: string | null }> {
  const started = performance.now();
  const deadline = started + RELEASE_WITHIN_MS;
  let last: OpenAttempt = "no answer";
  let attempts = 0;
  while (!signal.aborted && performance.now() < deadline) {
    attempts++;
    last = await openAttempt(service.port, path, deadline - performance.now());
    if (last === "open") return { openedAfterMs: Math.round(performance.now() - started), refusal: null };
    await sleep(100);
  }
  const probe = await rawUpgrade(sockets, service.port, path, 2_000);
  if (probe.conn) sockets.close(probe.conn);
  const then = probe.status ? `${probe.status} ${probe.code ?? ""}`.trim() : `no answer (${probe.error})`;
  return { openedAfterMs: null, refusal: `${attempts} attempts, the last: ${last}; a raw upgrade then: ${then}` };
}
