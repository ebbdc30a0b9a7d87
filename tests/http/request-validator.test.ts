/**
 * The one-layer request validator (src/http/request-validator.ts) answers as the per-target validators of
 * `@hono/zod-openapi` it replaced: the same targets in the same order, the same media-type rules, a repeated query
 * parameter as an array. Checked on a small route here; the contract, hostile-input and fuzz suites check the app.
 */
import assert from "node:assert/strict";
import { createRoute, z } from "@hono/zod-openapi";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { requestValidator } from "../../src/http/request-validator.ts";

const route = createRoute({
  method: "post",
  path: "/things/{id}",
  request: {
    params: z.object({ id: z.string().regex(/^\d+$/) }),
    query: z.object({ verbose: z.enum(["true", "false"]).optional() }),
    body: { required: true, content: { "application/json": { schema: z.object({ name: z.string() }) } } },
  },
  responses: { 200: { description: "ok" } },
});

function app() {
  const hono = new Hono();
  const validate = requestValidator(
    route,
    (target, error, c) => c.json({ target, path: error.issues[0].path.join("."), code: error.issues[0].code }, 400),
  )!;
  // The route is registered untyped here, so the validated data is read through the untyped accessor.
  const valid = (c: { req: unknown }, target: string) => (c.req as { valid(t: string): unknown }).valid(target);
  hono.post(
    "/things/:id",
    validate,
    (c) => c.json({ param: valid(c, "param"), query: valid(c, "query"), json: valid(c, "json") }),
  );
  hono.onError((error, c) => c.json({ status: error instanceof HTTPException ? error.status : 500 }, 500));
  return hono;
}

const post = (path: string, body: string | undefined, headers: Record<string, string> = {}) =>
  app().request(path, { method: "POST", body, headers });

Deno.test("request validator: valid data of every target reaches the handler, parsed", async () => {
  const response = await post("/things/7?verbose=true", '{"name":"a","extra":1}', {
    "content-type": "application/json",
  });
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { param: { id: "7" }, query: { verbose: "true" }, json: { name: "a" } });
});

Deno.test("request validator: targets fail in order query, path, body", async () => {
  const all = await post("/things/x?verbose=maybe", "{}", { "content-type": "application/json" });
  assert.deepEqual(await all.json(), { target: "query", path: "verbose", code: "invalid_value" });
  const pathAndBody = await post("/things/x", "{}", { "content-type": "application/json" });
  assert.equal((await pathAndBody.json()).target, "param");
  const body = await post("/things/1", "{}", { "content-type": "application/json" });
  assert.deepEqual(await body.json(), { target: "json", path: "name", code: "invalid_type" });
});

Deno.test("request validator: a repeated query parameter is an array, so a single-valued one fails", async () => {
  const response = await post("/things/1?verbose=true&verbose=false", '{"name":"a"}', {
    "content-type": "application/json",
  });
  assert.deepEqual(await response.json(), { target: "query", path: "verbose", code: "invalid_value" });
});

Deno.test("request validator: media types", async (t) => {
  await t.step("JSON with parameters and +json types are read", async () => {
    for (const type of ["application/json; charset=utf-8", "application/vnd.example+json"]) {
      assert.equal((await post("/things/1", '{"name":"a"}', { "content-type": type })).status, 200, type);
    }
  });
  await t.step("another type is refused with 415", async () => {
    const response = await post("/things/1", '{"name":"a"}', { "content-type": "text/plain" });
    assert.deepEqual(await response.json(), { status: 415 });
  });
  await t.step("a body without a type is refused with 415", async () => {
    const response = await app().request("/things/1", {
      method: "POST",
      body: new TextEncoder().encode('{"name":"a"}'),
    });
    assert.deepEqual(await response.json(), { status: 415 });
  });
  await t.step("no body and no type validates {} (the required fields are reported)", async () => {
    const response = await post("/things/1", undefined);
    assert.deepEqual(await response.json(), { target: "json", path: "name", code: "invalid_type" });
  });
  await t.step("a body that is not JSON is a 400", async () => {
    const response = await post("/things/1", "{nope", { "content-type": "application/json" });
    assert.deepEqual(await response.json(), { status: 400 });
  });
});

Deno.test("request validator: a route with nothing to validate gets no layer; unsupported shapes are refused", () => {
  const bare = createRoute({ method: "get", path: "/x", responses: { 200: { description: "ok" } } });
  assert.equal(requestValidator(bare, () => new Response()), undefined);
  const withHeaders = createRoute({
    method: "get",
    path: "/x",
    request: { headers: z.object({ a: z.string() }) },
    responses: { 200: { description: "ok" } },
  });
  assert.throws(() => requestValidator(withHeaders, () => new Response()), /header and cookie/);
  const optionalBody = createRoute({
    method: "post",
    path: "/x",
    request: { body: { content: { "application/json": { schema: z.object({}) } } } },
    responses: { 200: { description: "ok" } },
  });
  assert.throws(() => requestValidator(optionalBody, () => new Response()), /required application\/json/);
});

Deno.test("request validator: a bodyless route keeps what each URL validates to (counted parses), never a refusal", async () => {
  let parses = 0;
  const counted = <T extends z.ZodType>(schema: T) => schema.transform((value) => (parses++, value));
  const getRoute = createRoute({
    method: "get",
    path: "/owners/{id}",
    request: {
      params: counted(z.object({ id: z.string().regex(/^\d+$/) })),
      query: counted(z.object({ tags: z.array(z.string()).optional() })),
    },
    responses: { 200: { description: "ok" } },
  });
  const hono = new Hono();
  const validate = requestValidator(getRoute, (target, _error, c) => c.json({ target }, 400))!;
  const valid = (c: { req: unknown }, target: string) => (c.req as { valid(t: string): unknown }).valid(target);
  const seen: unknown[] = [];
  hono.get("/owners/:id", validate, (c) => {
    seen.push(valid(c, "query"));
    return c.json({ param: valid(c, "param"), query: valid(c, "query") });
  });
  const get = async (path: string) => {
    const response = await hono.request(path);
    return { status: response.status, body: await response.json() };
  };

  const first = await get("/owners/7?tags=a&tags=b");
  assert.deepEqual(first, { status: 200, body: { param: { id: "7" }, query: { tags: ["a", "b"] } } });
  assert.equal(parses, 2, "query and path parameters parsed once");
  assert.deepEqual(await get("/owners/7?tags=a&tags=b"), first);
  assert.equal(parses, 2, "the same URL again: its validated parts are cached, nothing parsed");
  assert.equal(seen[0], seen[1], "both requests were handed the same cached value");
  assert.ok(Object.isFrozen(seen[0]) && Object.isFrozen((seen[0] as { tags: string[] }).tags), "shared, so frozen");

  assert.deepEqual(await get("/owners/8?tags=a&tags=b"), {
    status: 200,
    body: { param: { id: "8" }, query: { tags: ["a", "b"] } },
  });
  assert.equal(parses, 4, "another URL is validated afresh");
  for (let i = 0; i < 2; i++) assert.deepEqual(await get("/owners/x"), { status: 400, body: { target: "param" } });
  assert.equal(
    parses,
    6,
    "a refused URL is not cached: its query is parsed again each time (its parameter is refused)",
  );
});
