/**
 * The generated typed client talks to the app in-process (openapi-fetch with the app's fetch). These calls are
 * type-checked by `deno check` / `deno test`: a request that does not fit the contract breaks the build.
 */
import assert from "node:assert/strict";
import { createEarlierClient, createV2Client } from "../../gen/client.ts";
import { testApp } from "../helpers/app.ts";
import { assertMatchesContract } from "../helpers/contract.ts";

async function inProcessFetch() {
  const app = await testApp();
  return async (request: Request) => {
    const response = await app.fetch(request);
    const copy = response.clone();
    const type = response.headers.get("content-type") ?? "";
    const body = type.includes("json") ? await copy.json() : await copy.text();
    if (response.status !== 501) {
      assertMatchesContract(request.method, request.url, response.status, type, body, response.headers);
    }
    return response;
  };
}

Deno.test("typed v2 client: reads the v2 description", async () => {
  const client = createV2Client({ baseUrl: "http://service.test/v2", fetch: await inProcessFetch() });
  const { data, error, response } = await client.GET("/api-docs/openapi.json");
  assert.equal(response.status, 200);
  assert.equal(error, undefined);
  assert.equal((data as { openapi: string }).openapi, "3.1.0");
});

Deno.test("typed v2 client: a malformed builder request comes back as a typed 400", async () => {
  const client = createV2Client({ baseUrl: "http://service.test/v2", fetch: await inProcessFetch() });
  const { error, response } = await client.POST("/transaction-builder/open-position", {
    body: {
      inputTokenSymbol: "USDC",
      outputTokenSymbol: "SOL",
      inputAmountUi: "ten", // a decimal string is required: the contract's pattern rejects it
      leverage: 5,
      tradeType: "LONG",
    },
  });
  assert.equal(response.status, 400);
  assert.equal(error?.code, "INVALID_DECIMAL");
  assert.equal(error?.field, "body.inputAmountUi");
});

Deno.test("typed earlier client: reads the earlier description", async () => {
  const client = createEarlierClient({ baseUrl: "http://service.test", fetch: await inProcessFetch() });
  const { data, response } = await client.GET("/api-docs/openapi.json");
  assert.equal(response.status, 200);
  assert.equal((data as { openapi: string }).openapi, "3.1.0");
});
