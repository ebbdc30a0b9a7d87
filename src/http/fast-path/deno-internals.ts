/**
 * Where Deno 2.9.6 keeps a Request's or Response's internals: an own property under a symbol of its own, named
 * `request` or `response`. Two hot paths of the edge read them (request-header.ts, answer-templates.ts: each says why
 * and what it falls back to), and each checks the shape of what it finds on every call, so a Deno keeping them
 * otherwise is met with the public API, not an error.
 */

/**
 * A reader of the internals an object keeps under the symbol described `description`, or undefined where it keeps
 * none. The symbol is looked for once, on the first object read (every object of one class has the same), and
 * remembered, found or not.
 */
export function internalsReader(description: string): (object: object) => unknown {
  let key: symbol | null | undefined;
  return (object) => {
    if (key === undefined) {
      key = Object.getOwnPropertySymbols(object).find((k) => k.description === description) ?? null;
    }
    return key === null ? undefined : (object as Record<symbol, unknown>)[key];
  };
}
