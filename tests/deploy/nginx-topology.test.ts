/**
 * The compose topology without containers, on every run: deploy/nginx.conf (addresses substituted) in front of two
 * service processes sharing a real redis-server, with the replicas' defaults (10 rps, burst 10, 5 sockets per owner)
 * and TRUST_PROXY=true. A broken proxy configuration (upgrade headers dropped, X-Forwarded-For appended, request id
 * lost, no retry on a dead replica) fails here before it reaches a deployment.
 */
import assert from "node:assert/strict";
import { assertMatchesContract } from "../helpers/contract.ts";
import { eventually } from "../helpers/eventually.ts";
import { HAS_REDIS, rawCommand, startRedisServer } from "../helpers/redis-server.ts";
import { rawUpgrade, StreamClient } from "../helpers/streams.ts";
import { HAS_NGINX, type Process, servedBy, startNginx, startReplica } from "./_topology.ts";

const manifest = JSON.parse(await Deno.readTextFile("fixtures/world/manifest.json"));
const OWNER: string = manifest.cases.v2.manyPositionsAndLimitOrder.owner;
const PREFIX = "topology-test:";

/** Long enough for a client's bucket (10 tokens at 10 per second) to be full again. */
const refill = () => new Promise((r) => setTimeout(r, 1_200));

async function health(nginx: Process, headers: Record<string, string> = {}) {
  const response = await fetch(`${nginx.base}/v2/health`, { headers });
  const body = await response.json();
  assertMatchesContract("GET", "/v2/health", response.status, response.headers.get("content-type") ?? "", body);
  return { status: response.status, requestId: response.headers.get("x-request-id"), body };
}

Deno.test({
  name: "deploy/nginx.conf in front of two replicas sharing Redis: limits shared, no spoofing, ids, streams, failover",
  ignore: !HAS_REDIS || !HAS_NGINX,
  async fn(t) {
    const redis = await startRedisServer();
    const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: PREFIX, TRUST_PROXY: "true" };
    const replicas: Process[] = [];
    let nginx: (Process & { conf: string }) | undefined;
    let restarted: Awaited<ReturnType<typeof startRedisServer>> | undefined;
    try {
      // One after the other: two boots at once on a 2-core runner only slow both.
      replicas.push(await startReplica(env), await startReplica(env));
      nginx = await startNginx(replicas.map((r) => r.port));
      const lb = nginx;

      await t.step("X-Request-Id passes through both ways; nginx gives one when the client sends none", async () => {
        await refill();
        const served: number[] = [];
        for (let i = 0; i < 4; i++) {
          const id = `topology-${crypto.randomUUID()}`;
          const answer = await health(lb, { "x-request-id": id });
          assert.equal(answer.status, 200);
          assert.equal(answer.requestId, id, "the client's id comes back");
          const by = await servedBy(replicas, id);
          assert.equal(by.length, 1, `one replica logged ${id}`);
          served.push(by[0]);
        }
        assert.deepEqual([...new Set(served)].sort(), [0, 1], "round robin reaches both replicas");
        const fresh = await health(lb);
        assert.match(fresh.requestId ?? "", /^[0-9a-f]{32}$/, "nginx's $request_id, accepted by the service");
        assert.equal((await servedBy(replicas, fresh.requestId!)).length, 1);
      });

      // Each burst is sent at once: sent one after the other, 11 requests may take longer than the 100 ms a token
      // takes to come back on a loaded runner, and the 11th would then rightly pass.
      await t.step(
        "the rate limit is shared: of 11 requests at once, one is 429 whichever replica answers",
        async () => {
          await refill();
          const answers = await Promise.all(Array.from({ length: 11 }, async (_, i) => {
            const id = `burst-${i}-${crypto.randomUUID()}`;
            return { ...await health(lb, { "x-request-id": id }), id };
          }));
          assert.deepEqual(answers.map((a) => a.status).sort(), [...Array(10).fill(200), 429]);
          assert.equal(answers.find((a) => a.status === 429)!.body.code, "RATE_LIMITED");
          const by = await Promise.all(answers.map(async (a) => (await servedBy(replicas, a.id))[0]));
          const passed = by.filter((_, i) => answers[i].status === 200);
          assert.deepEqual([...new Set(passed)].sort(), [0, 1], "both replicas let requests pass");
          // Each replica alone allowed fewer than 10: only a count shared through Redis refused the 11th.
          for (const i of [0, 1]) assert.ok(passed.filter((b) => b === i).length < 10);
        },
      );

      await t.step("X-Forwarded-For from the client is replaced, so a client cannot pose as others", async () => {
        await refill();
        const statuses = await Promise.all(
          Array.from(
            { length: 11 },
            async (_, i) => (await health(lb, { "x-forwarded-for": `203.0.113.${i + 1}` })).status,
          ),
        );
        assert.deepEqual(statuses.sort(), [...Array(10).fill(200), 429], "eleven invented addresses, one client");
      });

      await t.step("a stream upgrades through nginx; the owner's sixth socket is 429 across replicas", async () => {
        await refill();
        const path = `/v2/owner/${OWNER}/ws`;
        const held: StreamClient[] = [];
        try {
          for (let i = 0; i < 5; i++) {
            const client = new StreamClient(lb.base, path);
            held.push(client);
            await client.opened;
            assert.equal((await client.next()).type, "basket", "frames flow through nginx");
          }
          assert.equal(await rawCommand(redis.port, ["ZCARD", `${PREFIX}ws:owner:${OWNER}`]), "5");
          // The sockets' upgrade requests were logged by both replicas.
          const upgrades = replicas.map((r) =>
            r.output().split("\n").filter((l) => l.includes('"route":"/v2/owner/:owner/ws"')).length
          );
          assert.ok(upgrades.every((n) => n > 0), `sockets on both replicas: ${upgrades}`);
          for (let i = 0; i < 2; i++) {
            const sixth = await rawUpgrade(lb.port, path);
            assert.equal(sixth.status, 429);
            const body = JSON.parse(sixth.body);
            assert.equal(body.code, "WS_OWNER_LIMIT");
            assertMatchesContract("GET", path, 429, sixth.headers.get("content-type") ?? "", body);
            sixth.close();
          }
        } finally {
          await Promise.all(held.map((c) => c.close()));
        }
      });

      await t.step("Redis stopped and started again: every request is still answered (fail open)", async () => {
        await refill();
        await redis.stop();
        for (let i = 0; i < 5; i++) assert.equal((await health(lb)).status, 200, "Redis down");
        restarted = await startRedisServer(redis.port);
        // The replicas reconnect by themselves: their buckets are counted in the new Redis again.
        await eventually(
          async () => {
            assert.equal((await health(lb)).status, 200, "Redis back");
            return Number(await rawCommand(redis.port, ["DBSIZE"])) > 0 ? true : undefined;
          },
          "the rate-limit buckets back in Redis",
          15_000,
        );
      });

      await t.step("a replica killed mid-load: nginx retries on the survivor, no request fails", async () => {
        await refill();
        // Bounded: 8 requests a second (under the limit) for 4 s, the second replica killed after 1.5 s.
        const statuses: number[] = [];
        const started = Date.now();
        let killed = false;
        for (let i = 0; i < 32 && Date.now() - started < 20_000; i++) {
          if (!killed && Date.now() - started > 1_500) {
            killed = true;
            await replicas[1].kill("SIGKILL");
          }
          const answer = await fetch(`${lb.base}/v2/health`);
          await answer.body?.cancel();
          statuses.push(answer.status);
          await new Promise((r) => setTimeout(r, 125));
        }
        assert.ok(killed, "the replica was killed during the load");
        assert.equal(statuses.length, 32);
        assert.deepEqual(statuses.filter((s) => s !== 200), [], "non-2xx answers through nginx");
        const id = `after-${crypto.randomUUID()}`;
        assert.equal((await health(lb, { "x-request-id": id })).status, 200);
        assert.deepEqual(await servedBy(replicas, id), [0], "the survivor answers");
      });
    } finally {
      await nginx?.kill();
      for (const replica of replicas) await replica.kill();
      await restarted?.stop();
      await redis.stop();
    }
  },
});
