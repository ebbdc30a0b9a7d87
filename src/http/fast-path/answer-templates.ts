/**
 * The 200s the edge sends many times with the same bytes: a plain read's cached JSON, a cached owner view, a cached
 * quote. Each is built once, as a template with the headers that are the same for every request (content type, entity
 * tag, and the CORS labels when they do not depend on the caller's origin), and every request gets a clone of it to
 * which only its own headers are added (request id, rate-limit headers, origin-dependent CORS labels).
 *
 * Why: Deno checks every header name and value byte by byte when it is set. Cloning a template copies its header list
 * without those checks, and the body text is shared, not copied (bench/HISTORY.md has what that saves).
 *
 * An answer is named by an object that stands for its text while the text is cached (a cached JSON's `JsonText`, a
 * cached view, a cached quote's `CachedAnswer`): the template lives as long as that object, so a changed answer (a new
 * object) never meets an old template, and templates of answers no longer cached are collected with them.
 *
 * A copy is given its request id here, appended to its header list without `Headers.set`'s checks, which guard names
 * and values from outside: here the name is a constant and the id is one the service generated or checked against a
 * strict pattern (`requestIdFor`). The list is Deno's own (`headerList` on what a Response keeps under its `response`
 * symbol), so it is used only where it is found, and only on a template's copy: a Response Deno built from a
 * constructor's headers may be sent from a form made at construction that never reads the list again, and a header
 * appended to its list would be lost (a copy, like a 304 without a body, is sent from its list). Anywhere else the id
 * is set with `Headers.set`. tests/http/fast-path/answer-templates.test.ts checks the copy's id on the wire and that
 * this Deno takes the direct way.
 */
import { JSON_CONTENT } from "../entity-tag.ts";
import { REQUEST_ID_HEADER } from "../middleware/observe.ts";
import { internalsReader } from "./deno-internals.ts";

const responseInternals = internalsReader("response");

/** A Response's own header list, as Deno 2.9.6 keeps it, or undefined when it cannot be reached. */
export function headerListOf(response: Response): [string, string][] | undefined {
  const list = (responseInternals(response) as { headerList?: unknown } | undefined)?.headerList;
  return Array.isArray(list) ? list as [string, string][] : undefined;
}

/**
 * Gives a template's copy (`Response.clone()` of a Response whose headers were set one by one) its request id: appended
 * to its header list where that is found, else set. Only on such a copy (see above).
 */
export function giveRequestId(copy: Response, requestId: string): void {
  const list = headerListOf(copy);
  if (list !== undefined) list.push([REQUEST_ID_HEADER, requestId]);
  else copy.headers.set(REQUEST_ID_HEADER, requestId);
}

export class AnswerTemplates {
  readonly #templates = new WeakMap<object, Response>();

  /** `fixedLabels` sets the headers every answer carries whatever the request (none: nothing beyond the answer's). */
  constructor(private readonly fixedLabels?: (headers: Headers) => void) {}

  /**
   * A fresh 200 with `text` (and `etag`), for the answer `identity` stands for, carrying `requestId` as its
   * `X-Request-Id` when given.
   */
  answer(identity: object, text: string, etag?: string, requestId?: string): Response {
    let template = this.#templates.get(identity);
    if (template === undefined) {
      // Headers set one by one, not given in the init: on Deno 2.9.6 a Response given its headers as an object and
      // never asked for them clones without any (tests/http/fast-path/edge.test.ts checks what a clone carries).
      template = new Response(text);
      const headers = template.headers;
      headers.set("content-type", JSON_CONTENT["content-type"]);
      if (etag !== undefined) headers.set("etag", etag);
      this.fixedLabels?.(headers);
      this.#templates.set(identity, template);
    }
    const copy = template.clone();
    if (requestId !== undefined) giveRequestId(copy, requestId);
    return copy;
  }
}
