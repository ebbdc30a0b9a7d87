/**
 * Headers a middleware adds to the answer after `next()`. Hono's `c.header()` on a finished answer copies the whole
 * Response for every call (three rate-limit headers were three copies per request); the answers this app builds have
 * mutable headers, so they are set in place, and only an answer whose headers are immutable is copied, once.
 * A WebSocket upgrade (101) is left alone: it must reach Deno unchanged (a copy is no longer the upgrade).
 */
import type { Context } from "hono";

export function labelAnswer(c: Context, label: (headers: Headers) => void): void {
  if (c.res.status === 101) return;
  try {
    label(c.res.headers);
  } catch {
    // Immutable headers (none of this app's answers today): label a copy instead.
    c.res = new Response(c.res.body, c.res);
    label(c.res.headers);
  }
}
