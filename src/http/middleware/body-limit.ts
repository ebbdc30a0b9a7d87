/**
 * The request body limit (413 over `maxBytes`). A body whose size is declared (`Content-Length`, no
 * `Transfer-Encoding`) is judged by the declaration, without touching the body: the HTTP parser never delivers more
 * than the declared length, and reading `request.body` here would make Deno wrap the body in a stream, which the later
 * JSON read must then drain chunk by chunk instead of taking the received bytes in one piece (that stream was about a
 * twentieth of a builder request's CPU time). A body of undeclared size (chunked) is counted as it is read by hono's
 * `bodyLimit`, which stops at the limit; a read that fails there is the client going away (ClientGone), whatever
 * else is its own (the 413).
 */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { ClientGone } from "../errors.ts";

export function limitRequestBody(maxBytes: number, onTooLarge: () => never): MiddlewareHandler {
  const counted = bodyLimit({ maxSize: maxBytes, onError: onTooLarge });
  return (c, next) => {
    const declared = c.req.header("content-length");
    if (declared === undefined || c.req.header("transfer-encoding") !== undefined) {
      // The handlers' own errors never reach here (hono hands them to the app's onError below this layer).
      return counted(c, next).catch((error) => {
        throw error instanceof HTTPException ? error : new ClientGone();
      });
    }
    if (Number.parseInt(declared, 10) > maxBytes) onTooLarge();
    return next();
  };
}
