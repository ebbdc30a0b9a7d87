/**
 * The baseline of every throughput figure: a bare Hono app on the same Deno, in its own process, answering each
 * route with the bytes the service answered it with (and its content type). A POST route parses its JSON body first,
 * as any JSON API must; nothing else happens per request.
 *
 * The bytes are sent as text (the answers are JSON, so UTF-8: the same bytes on the wire): Deno sends a string body
 * cheaper than a byte array, and the service sends its cached answers as text, so a byte-array baseline would be slower
 * than it needs to be and flatter every ratio.
 *
 * With `labelled`, every answer also carries the headers the service owes every answer whatever answers it: a fresh
 * `X-Request-Id` and, as with the default `CORS_ORIGINS=*`, `Access-Control-Allow-Origin` and
 * `Access-Control-Expose-Headers`. Measured against the bare baseline, it shows what those headers alone cost a
 * server on this Deno: the ratio no service sending them can pass (the bench's ceiling figures). So it sends them the
 * cheapest way known here, the service's own (src/http/fast-path/answer-templates.ts): each route's answer is built
 * once with its fixed headers and cloned per request, which then gets only its request id, appended to the copy's
 * header list without `Headers.set`'s checks (since 2026-11-28, as the service does; before, with `Headers.set`).
 *
 * Why the bare app is so much faster than any labelled answer: Deno 2.9.6's `Deno.serve` sends a 200 whose only header
 * is its content type through a path of its own (the body and content type go to Rust in one call, no header list is
 * built or checked), which Hono's `c.body(text, 200, {content-type})` takes. A second header, whatever it is, puts the
 * answer on the general path: measured as service CPU per request under `wrk` here, a 451-byte health answer cost
 * 9.8 µs with its content type alone, 12.0 µs with one more fixed header, 12.3 µs with the four every service answer
 * carries (from a template clone; 12.9 µs built anew). A server owing a request id on every answer starts there.
 *
 * The wire adds a step: Deno sends an answer of at most 512 bytes in all (head and body) in one send call, a longer one
 * in two (head, then body), which costs both ends (the kernel's loopback work, the load generator's reads). The bare
 * app's head is about 100 bytes, a labelled one (and the service's) about 230 since `Access-Control-Expose-Headers` is
 * `*` (about 310 before, when it listed six names). Counted with `strace -c` under `wrk` (2026-11-26, sendto calls per
 * request): the 233-byte margin preview and the 235-byte earlier health leave all three in 1.0 now (the labelled app
 * and the service sent 2.0 with the longer head); from the 453-byte v2 health up, all three send 2.0.
 *
 *   deno run --allow-read --allow-net bench/baseline-server.ts ROUTES.json PORT [labelled]
 */
import { type Context, Hono } from "hono";
import type { BaselineRoute } from "./processes.ts";
import { fromBase64 } from "../src/protocol/codec/bytes.ts";
import { CORS_EXPOSED_HEADERS } from "../src/http/middleware/cors.ts";
import { giveRequestId } from "../src/http/fast-path/answer-templates.ts";

if (import.meta.main) {
  const [routesFile, port, mode] = Deno.args;
  const exposed = CORS_EXPOSED_HEADERS.join(",");
  const answerOf = (body: string, contentType: string): (c: Context) => Response => {
    if (mode !== "labelled") return (c) => c.body(body, 200, { "content-type": contentType });
    // Set one by one: a Response given its headers in its init and never asked for them clones without any.
    const template = new Response(body);
    template.headers.set("content-type", contentType);
    template.headers.set("Access-Control-Allow-Origin", "*");
    template.headers.set("Access-Control-Expose-Headers", exposed);
    return () => {
      const answer = template.clone();
      // The request id given as the service gives it to its templates' copies.
      giveRequestId(answer, crypto.randomUUID());
      return answer;
    };
  };
  const routes: BaselineRoute[] = JSON.parse(await Deno.readTextFile(routesFile));
  const app = new Hono();
  for (const route of routes) {
    const body = new TextDecoder("utf-8", { fatal: true }).decode(fromBase64(route.bodyBase64));
    const answer = answerOf(body, route.contentType);
    const path = route.path.split("?")[0]; // the query is part of the request, not of the route
    if (route.method === "GET") app.get(path, answer);
    else {
      app.post(path, async (c) => {
        await c.req.json();
        return answer(c);
      });
    }
  }
  app.get("/__ready", (c) => c.text("ok"));
  Deno.serve({ hostname: "127.0.0.1", port: Number(port), onListen() {} }, app.fetch);
}
