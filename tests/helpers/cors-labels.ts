import type { CorsAnswerLabel } from "../../src/http/middleware/cors.ts";

/**
 * CORS labels for edge tests that depend on the caller: its origin echoed (`*` without one), so every answer shows
 * whose labels it got (an answer built once and reused must not keep the first caller's).
 */
export const echoOrigin: CorsAnswerLabel = Object.assign(
  (headers: Headers, origin: string | undefined) => headers.set("Access-Control-Allow-Origin", origin ?? "*"),
  { sameForEveryOrigin: false },
);
