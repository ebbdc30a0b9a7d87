/**
 * The browser origins allowed to call the service (config `CORS_ORIGINS`, DECISIONS 5.14): `*` (every origin,
 * the default) or a comma-separated list such as `https://app.example.com,http://localhost:5173`.
 *
 * One list serves both the REST CORS headers (src/http/middleware/cors.ts) and the WebSocket upgrades, which call
 * {@link isAllowedOrigin} with the request's `Origin` header.
 */

/** `*`, or the exact origins (normalized as browsers send them: lower-case, no default port, no path). */
export type AllowedOrigins = "*" | readonly string[];

export class OriginListError extends Error {
  override name = "OriginListError";
}

/** `scheme://host[:port]` with at most a trailing slash; the host part holds no path, query, credentials or space. */
const ORIGIN_SHAPE = /^([a-z][a-z0-9+.-]*):\/\/([^/?#@\s*]+)\/?$/i;

/** One configured origin in the form a browser's `Origin` header has, or an error saying what is wrong with it. */
export function normalizeOrigin(entry: string): string {
  if (entry === "null") {
    // Sandboxed frames and file:// pages all send "null": allowing it would allow every one of them.
    throw new OriginListError(`"null" cannot be allowed (every sandboxed page sends it); use * to allow all`);
  }
  if (entry.includes("*")) {
    throw new OriginListError(`${entry}: wildcards are not supported; list each origin or use *`);
  }
  const match = ORIGIN_SHAPE.exec(entry);
  if (!match) throw new OriginListError(`${entry}: not an origin (scheme://host[:port], without a path)`);
  const scheme = match[1].toLowerCase();
  if (scheme === "http" || scheme === "https") {
    // The URL parser lower-cases the host, drops the default port and encodes international names, as browsers do.
    try {
      return new URL(entry).origin;
    } catch {
      throw new OriginListError(`${entry}: not an origin (the host or port is invalid)`);
    }
  }
  // Other schemes (capacitor://localhost, chrome-extension://id) have no URL origin; browsers send them as written.
  return `${scheme}://${match[2].toLowerCase()}`;
}

/** Parses `CORS_ORIGINS`: `*`, or origins separated by commas (spaces and empty entries are ignored). */
export function parseCorsOrigins(text: string): AllowedOrigins {
  const entries = text.split(",").map((entry) => entry.trim()).filter((entry) => entry !== "");
  if (entries.length === 0) throw new OriginListError("no origin given (use * to allow every origin)");
  if (entries.includes("*")) {
    if (entries.length > 1) throw new OriginListError("* cannot be combined with a list of origins");
    return "*";
  }
  return [...new Set(entries.map(normalizeOrigin))];
}

/**
 * Whether a request carrying this `Origin` header may be answered for the page that sent it. A request without
 * one (`undefined`, e.g. a server or a command-line client) is not a cross-origin browser request and is allowed:
 * CORS protects browser users, it does not authenticate callers.
 *
 * For a WebSocket upgrade: `isAllowedOrigin(c.req.header("origin"), c.get("services").config.CORS_ORIGINS)`.
 */
export function isAllowedOrigin(origin: string | null | undefined, allowed: AllowedOrigins): boolean {
  if (allowed === "*" || origin === undefined || origin === null) return true;
  return allowed.includes(origin);
}
