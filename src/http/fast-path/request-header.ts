/**
 * One request header, read the way `request.headers.get(name)` reads it but without handing out the request's
 * `Headers` object: what the edge (edge.ts) uses for the few headers it needs before it answers by itself.
 *
 * Why: on Deno 2.9.6, `request.headers` of a request served by `Deno.serve` is a lazy view whose `get(name)` asks the
 * server for that one header (its internal request's `header(name)`, one op). But once that view exists, the server
 * treats the headers as escaped: when the handler answers, it first copies every request header into the view (so it
 * stays readable after the request closes) and sends the answer from a promise callback instead of at once, which
 * costs a plain read a measurable share of its CPU (bench/HISTORY.md).
 *
 * `header(name)` is not a public API. So it is used only where it is found, checked on every request: the served
 * request's own property under the symbol named `request` holding an object with a `header` function (a request
 * built with `new Request`, as tests and the HEAD path build them, has no such function). Anywhere else, on another
 * Deno, or once the symbol is not found, this reads `request.headers.get(name)`. Both give the same value, since the
 * public one calls the same function: tests/http/fast-path/request-header.test.ts checks that on a served request
 * (duplicate, mixed-case and absent headers) and that this Deno takes the direct way.
 */
import { internalsReader } from "./deno-internals.ts";

/** What a request served by Deno 2.9.6 holds under its `request` symbol (only the part read here). */
interface ServedRequestInternals {
  header(lowerCaseName: string): string | null;
}

const requestInternals = internalsReader("request");

/** The served request's internals when they can read a header, else undefined. */
export function servedInternalsOf(request: Request): ServedRequestInternals | undefined {
  const internals = requestInternals(request) as Partial<ServedRequestInternals> | undefined;
  return typeof internals?.header === "function" ? internals as ServedRequestInternals : undefined;
}

/**
 * The value of header `lowerCaseName` (lower case, as HTTP/2 and Deno's own tables name them), or null when the
 * request has none; several fields of one name come as `request.headers.get` gives them.
 */
export function requestHeader(request: Request, lowerCaseName: string): string | null {
  const internals = servedInternalsOf(request);
  return internals !== undefined ? internals.header(lowerCaseName) : request.headers.get(lowerCaseName);
}
