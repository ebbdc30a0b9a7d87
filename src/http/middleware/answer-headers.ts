/**
 * Headers added to a finished answer (by the service's edge, and by a middleware after `next()`). Hono's `c.header()`
 * on a finished answer copies the whole Response for every call (three rate-limit headers were three copies per
 * request); the answers this app builds have mutable headers, so they are set in place, and only an answer whose
 * headers are immutable is copied, once. A WebSocket upgrade (101) is left alone: it must reach Deno unchanged (a
 * copy is no longer the upgrade), and it is not a CORS answer (the stream routes check the origin themselves).
 */
import type { Context } from "hono";

/** `response` with the headers `label` sets: the same object, or a copy when its headers are immutable. */
export function labelResponse(response: Response, label: (headers: Headers) => void): Response {
  if (response.status === 101) return response;
  try {
    label(response.headers);
    return response;
  } catch {
    // Immutable headers (none of this app's answers today): label a copy instead.
    const copy = new Response(response.body, response);
    label(copy.headers);
    return copy;
  }
}

/** Labels the context's answer in place (a middleware after `next()`). */
export function labelAnswer(c: Context, label: (headers: Headers) => void): void {
  const labelled = labelResponse(c.res, label);
  if (labelled !== c.res) c.res = labelled;
}
