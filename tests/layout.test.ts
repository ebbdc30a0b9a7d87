/**
 * The test tree's own conventions, so the next engineer finds a module's test where its path says:
 * - a unit test mirrors its module: `tests/<path>.test.ts` tests `src/<path>.ts` (in the areas below), except the
 *   folder-wide checks named in CROSS_CUTTING (`properties.test.ts`, `roundtrip.test.ts`, …);
 * - a helper is private to its area and named `_<name>.ts` (`_helpers.ts` unless it has one focused job); helpers
 *   shared by several areas live in `tests/helpers/`.
 * Integration areas (e2e, http, ingest, gen, tools, domain/sdk) test behaviour across modules and are not mirrored.
 * - the reverse: every source file under src/ and tools/ has its mirrored test (`tests/<path>.test.ts`,
 *   `tests/tools/<path>.test.ts`), unless an entry of UNMIRRORED says which tests cover it instead, or why nothing
 *   runs in it (types only). An entry that names no source file, or a file that has a test, is stale and fails too.
 */
import assert from "node:assert/strict";
import { dirname, join, normalize } from "node:path";

const ROOT = normalize(join(dirname(new URL(import.meta.url).pathname), ".."));
const MIRRORED_AREAS = ["config", "domain", "protocol", "state", "replay", "runtime", "limits", "handlers", "streams"];
const NOT_MIRRORED = ["domain/sdk/"];
/** Folder-wide checks: properties over every module, codec round trips, discriminators, vendor-SDK vectors. */
const CROSS_CUTTING = new Set([
  "properties.test.ts",
  "roundtrip.test.ts",
  "discriminators.test.ts",
  "sdk-vectors.test.ts",
]);

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(join(ROOT, dir))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) out.push(...await filesUnder(path));
    else out.push(path);
  }
  return out.sort();
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(join(ROOT, path));
    return true;
  } catch {
    return false;
  }
}

const testFiles = (await filesUnder("tests")).filter((f) => f.endsWith(".ts"));

Deno.test("every TypeScript file under tests/ is a test, an area's _helper, or a shared helper", () => {
  const strays = testFiles.filter((f) => {
    const name = f.split("/").at(-1)!;
    return !name.endsWith(".test.ts") && !name.startsWith("_") && !f.startsWith("tests/helpers/");
  });
  assert.deepEqual(strays, [], "name a helper _<name>.ts in its area, or move it to tests/helpers/");
});

Deno.test("unit tests mirror src/: tests/<path>.test.ts tests src/<path>.ts", async () => {
  const orphans: string[] = [];
  for (const file of testFiles) {
    const path = file.slice("tests/".length);
    const name = path.split("/").at(-1)!;
    if (!name.endsWith(".test.ts") || CROSS_CUTTING.has(name)) continue;
    if (!MIRRORED_AREAS.includes(path.split("/")[0]) || NOT_MIRRORED.some((p) => path.startsWith(p))) continue;
    if (!await exists(`src/${path.replace(/\.test\.ts$/, ".ts")}`)) orphans.push(file);
  }
  assert.deepEqual(orphans, [], "these tests name no source file: rename or move them to mirror the module");
});

/**
 * Source files without a mirrored test, each with what covers it instead. A path ending in "/" covers a folder.
 * Prefer a real test over an entry where the module is pure and a test is cheap.
 */
const UNMIRRORED: Record<string, string> = {
  // Handlers: request → domain → answer, nothing else.
  "src/handlers/v2/":
    "thin handlers: every operation is driven through the app by tests/http/contract.test.ts; the builders end to end " +
    "by tests/e2e/v2-trading-builders.test.ts, v2-funds-builders.test.ts and v2-funds-lifecycle.test.ts",
  "src/handlers/earlier/":
    "thin handlers: every operation is driven through the app by tests/http/contract.test.ts; the builders end to end " +
    "by tests/e2e/world-earlier-builders.test.ts, the previews by world-owner-previews.test.ts",
  "src/handlers/mod.ts": "the handler tables: tests/http/contract.test.ts (drift: served operations equal the YAML's)",
  "src/handlers/context.ts": "types and context accessors: tests/e2e/v2-trading-builders.test.ts, world-owner-previews",
  "src/handlers/shared/prices.ts":
    "both interfaces' price routes: tests/http/contract.test.ts, tests/e2e/replay-reads.test.ts",
  "src/handlers/shared/stream-upgrade.ts": "the WebSocket upgrade: tests/e2e/streams.test.ts, client-stream.test.ts",
  // HTTP: the app and the edge, tested through requests.
  "src/http/app.ts": "the app assembly: tests/http/contract.test.ts and every test of tests/http/ that calls the app",
  "src/http/metrics.ts": "the metrics registry: tests/http/middleware/observe.test.ts",
  "src/http/validation.ts": "request validation errors: tests/http/request-validator.test.ts, hostile-input.test.ts",
  // The fast path, tested through the edge.
  "src/http/fast-path/cached-reads.ts": "the cached owner reads through the edge: tests/http/fast-path/edge.test.ts",
  "src/http/fast-path/deno-internals.ts":
    "Deno's request internals read by the edge: tests/http/fast-path/request-header.test.ts, answer-templates.test.ts",
  "src/http/fast-path/plain-reads.ts": "the plain reads through the edge: tests/http/fast-path/edge.test.ts",
  "src/http/connections/websocket.ts":
    "the handshake switched over a real loopback connection: tests/http/connections/listener.test.ts (the 1009 " +
    "bound), tests/http/connections/socket-upgrade.test.ts, tests/e2e/streams.test.ts",
  "src/http/middleware/answer-headers.ts":
    "headers of every answer: tests/http/fast-path/edge.test.ts, contract.test.ts",
  // Ingest: the chain source runs against a replayed RPC (tests/ingest/_helpers.ts).
  "src/ingest/chain-source.ts":
    "sessions end to end against a replayed RPC: tests/ingest/ingest-e2e.test.ts, faults.test.ts, " +
    "subscribe-race.test.ts, in-process-load.test.ts",
  "src/ingest/chain-session.ts": "connect and subscribe: tests/ingest/subscribe-race.test.ts, faults.test.ts",
  "src/ingest/full-load.ts":
    "full loads (streamed, batched, refused streams, in-process state): tests/ingest/ingest-e2e.test.ts, " +
    "faults.test.ts, in-process-load.test.ts",
  "src/ingest/chain-source-config.ts": "types only",
  "src/ingest/rpc-result.ts": "JSON-RPC answers' results: tests/ingest/json-rpc-http.test.ts",
  "src/ingest/status.ts": "the status record: tests/ingest/ingest-e2e.test.ts, tests/handlers/shared/health.test.ts",
  "src/ingest/web3-internals.ts": "web3.js internals the source reaches: tests/ingest/subscribe-race.test.ts",
  // Entry points and wiring.
  "src/main.ts": "the process: tests/e2e/main.test.ts",
  "src/server.ts": "the service app: tests/runtime/boot.test.ts, tests/handlers/shared/first-load.test.ts",
  "src/services.ts": "types only",
  "src/runtime/endpoints.ts": "endpoint resolution at boot: tests/runtime/boot.test.ts",
  "src/runtime/sources.ts": "the sources at boot: tests/runtime/boot.test.ts, tests/e2e/upstream-faults.test.ts",
  "src/limits/mod.ts": "the limits' wiring: tests/streams/hub.test.ts, tests/http/middleware/rate-limit.test.ts",
  "src/limits/redis.ts": "the Redis client: tests/limits/connection-store.test.ts, rate-limit-store.test.ts",
  // Domain.
  "src/domain/builders/v2/funds-plan.ts": "the funds builders' plans: tests/domain/builders/v2/funds-*.test.ts",
  "src/domain/math/constants.ts": "constants only",
  "src/domain/math/types.ts": "types only",
  "src/domain/quotes/open-contract.ts": "types only",
  "src/domain/deployment-snapshot.ts": "the per-request snapshot: every test of tests/domain/ reads through it",
  "src/domain/views/dto.ts": "DTO formatting: tests/domain/views/owner.test.ts, tests/domain/quotes/",
  "src/domain/views/order-metrics.ts": "order figures: tests/domain/views/owner.test.ts, owner-stream.test.ts",
  "src/domain/views/position-metrics.ts": "position figures: tests/domain/views/owner.test.ts, tests/domain/quotes/",
  "src/domain/views/prices.ts": "the price views: tests/http/contract.test.ts, tests/e2e/replay-reads.test.ts",
  // Protocol.
  "src/protocol/accounts/common.ts": "the account codecs' parts: tests/protocol/accounts/roundtrip.test.ts",
  "src/protocol/accounts/custody-settlement-receipt.ts": "codec: tests/protocol/accounts/roundtrip.test.ts",
  "src/protocol/accounts/perpetuals.ts": "codec: tests/protocol/accounts/roundtrip.test.ts",
  "src/protocol/accounts/referral.ts": "codec: tests/protocol/accounts/roundtrip.test.ts",
  "src/protocol/accounts/token-stake.ts": "codec: tests/protocol/accounts/roundtrip.test.ts",
  "src/protocol/accounts/trade-vault.ts": "codec: tests/protocol/accounts/roundtrip.test.ts",
  "src/protocol/accounts/whitelist.ts": "codec: tests/protocol/accounts/roundtrip.test.ts",
  "src/protocol/accounts/withdrawal-escrow-receipt.ts": "codec: tests/protocol/accounts/roundtrip.test.ts",
  "src/protocol/codec/errors.ts": "the codec's errors: tests/protocol/codec/reader.test.ts, offsets.test.ts",
  "src/protocol/codec/json.ts":
    "JSON of codec values: tests/protocol/raw-json.test.ts, tests/http/decimal-input.test.ts",
  "src/protocol/codec/mod.ts": "the codec's index: tests/protocol/codec/",
  "src/protocol/constants.ts": "constants only",
  "src/protocol/external/delegation-metadata.ts":
    "the delegation metadata's size per seeds: tests/domain/builders/v2/withdrawal-rent.test.ts",
  "src/protocol/external/layout.ts": "external layouts: tests/protocol/external/",
  "src/protocol/rent.ts": "the rent-exemption minimum: tests/domain/builders/v2/withdrawal-rent.test.ts",
  // Replay and state.
  "src/replay/codec.ts": "the recording codec: tests/replay/format.test.ts, binary-accounts.test.ts",
  "src/replay/harness.ts": "the replay harness: tests/replay/replayer.test.ts, tests/runtime/boot.test.ts",
  "src/replay/recorded-account.ts": "recorded accounts: tests/replay/recorded-accounts.test.ts, replayed-accounts",
  "src/state/key-index.ts": "the store's key index: tests/state/account-store.test.ts, account-table.test.ts",
  "src/state/packed-account.ts": "packed accounts: tests/state/account-store.test.ts, packed-bytes.test.ts",
  "src/state/prefaulted-slabs.worker.ts": "a worker: tests/state/prefaulted-slabs.test.ts runs it",
  "src/state/types.ts": "types only",
  // Tools: command-line programs, tested by running them or through what they drive.
  "tools/attack/": "the hostile-client harness: tests/tools/attack.test.ts (the bounded run of every scenario), " +
    "tests/tools/attack/instruments.test.ts (its instruments)",
  "tools/contract-coverage.ts": "a report over the YAML and the tests; run by hand",
  "tools/convert-recording.ts": "tests/replay/binary-accounts.test.ts",
  "tools/endpoint-status.ts": "the README's endpoint table: tests/readme.test.ts",
  "tools/fixtures.ts": "tests/tools/world/fixtures.test.ts",
  "tools/fuzz.ts": "the fuzzer's command line; its engine: tests/http/fuzz.test.ts",
  "tools/gen/": "the generator: tests/gen/freshness.test.ts (gen/ is what it writes today)",
  "tools/record.ts": "the recorder's command line: tests/tools/record-cli.test.ts",
  "tools/replay-serve-process.ts": "tests/tools/replay-serve.test.ts, tests/ingest/subscribe-race.test.ts",
  "tools/world/":
    "the world generator: tests/tools/world/ (accounts, consistency, determinism, fixtures, recording, served)",
};

const sourceFiles = [
  ...(await filesUnder("src")),
  ...(await filesUnder("tools")),
].filter((f) => f.endsWith(".ts"));

/** tests/<path>.test.ts for src/<path>.ts; tests/tools/<path>.test.ts for tools/<path>.ts. */
const mirroredTest = (source: string) =>
  (source.startsWith("src/") ? `tests/${source.slice(4)}` : `tests/${source}`).replace(/\.ts$/, ".test.ts");

const coveringEntry = (source: string) =>
  Object.keys(UNMIRRORED).find((entry) => entry.endsWith("/") ? source.startsWith(entry) : source === entry);

Deno.test("every source file under src/ and tools/ has its mirrored test, or an entry saying what covers it", async () => {
  const untested: string[] = [];
  for (const source of sourceFiles) {
    if (!await exists(mirroredTest(source)) && coveringEntry(source) === undefined) untested.push(source);
  }
  assert.deepEqual(untested, [], "write tests/<path>.test.ts, or add an UNMIRRORED entry naming what covers it");
});

Deno.test("every UNMIRRORED entry covers a source file without a test, and gives a reason", async () => {
  const stale: string[] = [];
  for (const [entry, reason] of Object.entries(UNMIRRORED)) {
    const covered = sourceFiles.filter((f) => coveringEntry(f) === entry);
    const tested = [];
    for (const f of covered) if (await exists(mirroredTest(f))) tested.push(f);
    // A file entry whose file now has a test is stale; a folder entry is stale only when it covers nothing untested.
    const isStale = entry.endsWith("/") ? covered.length === tested.length : covered.length === 0 || tested.length > 0;
    if (isStale || reason.trim().length < 10) stale.push(entry);
  }
  assert.deepEqual(stale, [], "remove these entries (or give a reason): they cover no untested source file");
});

Deno.test("every test an UNMIRRORED reason names by path exists", async () => {
  const named = Object.values(UNMIRRORED).flatMap((reason) => reason.match(/tests\/[\w/.-]+\.test\.ts/g) ?? []);
  const missing = [];
  for (const path of new Set(named)) if (!await exists(path)) missing.push(path);
  assert.deepEqual(missing, [], "these tests are named as covering a source file but do not exist");
});
