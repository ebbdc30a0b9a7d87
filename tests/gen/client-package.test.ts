/**
 * The installable client (`deno task client:pack`, tools/gen/client-package.ts) as an app would use it: the tarball is
 * installed offline into a scratch Node project, a TypeScript file using it is type-checked against the package's
 * declarations, and a Node script calls the embedded service with it (both interfaces, both streams). Every body the
 * script received is checked against the contract here.
 */
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { PACKAGE_NAME, packClient, typescriptPath } from "../../tools/gen/client-package.ts";
import { assertMatchesContract, assertMessageMatchesContract } from "../helpers/contract.ts";
import { streamingService } from "../e2e/_streaming-service.ts";

const manifest = JSON.parse(await Deno.readTextFile("fixtures/world/manifest.json"));
const OWNER: string = manifest.cases.v2.manyPositionsAndLimitOrder.owner;

async function run(command: string, args: string[], cwd: string): Promise<string> {
  const { success, stdout, stderr } = await new Deno.Command(command, { args, cwd, stdout: "piped", stderr: "piped" })
    .output();
  const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  assert.ok(success, `${command} ${args.join(" ")}:\n${text(stderr)}${text(stdout)}`);
  return text(stdout);
}

/** What the app writes: typed calls of both interfaces; a path the contract does not have must not type-check. */
const CONSUMER_TS = `
import { createEarlierClient, createV2Client, openV2BasketStream, type V2StreamMessage } from "${PACKAGE_NAME}";
const v2 = createV2Client({ baseUrl: "http://localhost:8080/v2" });
const earlier = createEarlierClient({ baseUrl: "http://localhost:8080" });
export async function read(): Promise<string> {
  const { data } = await v2.GET("/prices/{symbol}", { params: { path: { symbol: "SOL" } } });
  const positions = await earlier.GET("/positions/owner/{owner}", {
    params: { path: { owner: "x" }, query: { includePnlInLeverageDisplay: true } },
  });
  // @ts-expect-error: v2's paths are relative to its base URL
  await v2.GET("/v2/prices");
  return String(data?.priceUi) + String(positions.response.status);
}
export const stream = (owner: string) =>
  openV2BasketStream("http://localhost:8080/v2", owner, { onMessage: (m: V2StreamMessage) => void m.type });
`;

/** What the app runs with Node: reads of both interfaces, a builder preview, the first message of each stream. */
const SCRIPT = `
import { createEarlierClient, createV2Client, openEarlierOwnerStream, openV2BasketStream } from "${PACKAGE_NAME}";
const [base, owner] = process.argv.slice(2);
const v2 = createV2Client({ baseUrl: base + "/v2" });
const earlier = createEarlierClient({ baseUrl: base });
const answer = async (promise) => { const { data, error, response } = await promise; return { status: response.status, body: data ?? error }; };
const first = (open, url) => new Promise((resolve, reject) => {
  const stream = open(url, owner, { reconnect: false, onMessage: (m) => { stream.close(); resolve(m); }, onError: reject });
});
const out = {
  tokens: await answer(v2.GET("/tokens")),
  owner: await answer(v2.GET("/owner/{owner}", { params: { path: { owner } } })),
  quote: await answer(v2.POST("/transaction-builder/open-position", { body: {
    inputTokenSymbol: "USDC", outputTokenSymbol: "SOL", inputAmountUi: "10", leverage: 2, tradeType: "LONG" } })),
  earlierPrices: await answer(earlier.GET("/prices")),
  v2Stream: await first(openV2BasketStream, base + "/v2"),
  earlierStream: await first(openEarlierOwnerStream, base),
};
console.log(JSON.stringify(out));
`;

Deno.test("the packed client installs offline, type-checks, and calls the service from Node", async () => {
  const work = await Deno.makeTempDir({ prefix: "client-package-test-" });
  const s = await streamingService();
  try {
    const tarball = await packClient(join(work, "dist"));
    assert.match(tarball, new RegExp(`${PACKAGE_NAME}-\\d+\\.\\d+\\.\\d+\\.tgz$`));
    const app = join(work, "app");
    await Deno.mkdir(app);
    await Deno.writeTextFile(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
    await run("npm", ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", tarball], app);
    const installed = JSON.parse(await Deno.readTextFile(join(app, "node_modules", PACKAGE_NAME, "package.json")));
    assert.equal(installed.dependencies, undefined, "nothing else to install");

    await Deno.writeTextFile(join(app, "consumer.ts"), CONSUMER_TS);
    const tsc = join(dirname(typescriptPath()), "..", "bin", "tsc");
    await run("node", [
      tsc,
      "--noEmit",
      "--strict",
      "--module",
      "nodenext",
      "--moduleResolution",
      "nodenext",
      "--target",
      "es2022",
      "--lib",
      "es2022,dom",
      "consumer.ts",
    ], app);

    await Deno.writeTextFile(join(app, "main.mjs"), SCRIPT);
    const out = JSON.parse(await run("node", ["--experimental-websocket", "main.mjs", s.base, OWNER], app));
    const check = (method: string, path: string, answer: { status: number; body: unknown }) => {
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assertMatchesContract(method, path, answer.status, "application/json", answer.body);
    };
    check("GET", "/v2/tokens", out.tokens);
    check("GET", `/v2/owner/${OWNER}`, out.owner);
    assert.equal(out.owner.body.owner, OWNER);
    check("POST", "/v2/transaction-builder/open-position", out.quote);
    check("GET", "/prices", out.earlierPrices);
    assert.equal(assertMessageMatchesContract(`/v2/owner/${OWNER}/ws`, JSON.stringify(out.v2Stream)).type, "basket");
    assertMessageMatchesContract(`/owner/${OWNER}/ws`, JSON.stringify(out.earlierStream));
  } finally {
    await s.close();
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
});
