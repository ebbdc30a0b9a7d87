/**
 * Two replicas of the whole service sharing a real `redis-server` (REDIS_URL), each listening on loopback with its own
 * embedded replay: the per-owner WebSocket limit holds across them for real upgrades, not only for the slot store
 * (tests/limits/connection-store.test.ts proves the store's scripts; this proves the routes use the shared store).
 */
import assert from "node:assert/strict";
import { assertMatchesContract } from "../helpers/contract.ts";
import { eventually } from "../helpers/eventually.ts";
import { HAS_REDIS, rawCommand, startRedisServer } from "../helpers/redis-server.ts";
import { rawUpgrade } from "../helpers/streams.ts";
import { streamingService } from "./_streaming-service.ts";

const manifest = JSON.parse(await Deno.readTextFile("fixtures/world/manifest.json"));
const OWNER: string = manifest.cases.v2.manyPositionsAndLimitOrder.owner;
const OTHER_OWNER: string = manifest.cases.v2.withoutBasket.owner;

Deno.test({
  name: "two replicas sharing Redis: the 6th socket of an owner is refused on either, and a close on one frees a slot",
  ignore: !HAS_REDIS,
  async fn() {
    const redis = await startRedisServer();
    const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: "replicas-test:" };
    const replicas = [await streamingService(env), await streamingService(env)];
    const [a, b] = replicas;
    try {
      const path = `/v2/owner/${OWNER}/ws`;
      // Five sockets of one owner spread over both replicas, on both streams (one limit per owner).
      const held = [
        await a.open(path),
        await b.open(path),
        await a.open(`/owner/${OWNER}/ws`),
        await b.open(path),
        await a.open(path),
      ];
      assert.equal(await rawCommand(redis.port, ["ZCARD", `replicas-test:ws:owner:${OWNER}`]), "5");
      for (const replica of replicas) {
        const sixth = await rawUpgrade(replica.port, path);
        assert.equal(sixth.status, 429, "the sixth socket, on either replica");
        const body = JSON.parse(sixth.body);
        assert.equal(body.code, "WS_OWNER_LIMIT");
        assertMatchesContract("GET", path, 429, sixth.headers.get("content-type") ?? "", body);
        sixth.close();
      }
      // Another owner is unaffected.
      const other = await b.open(`/v2/owner/${OTHER_OWNER}/ws`);
      // A socket closed on replica b gives its slot back to the owner on replica a.
      await held[1].close();
      await eventually(
        async () =>
          await rawCommand(redis.port, ["ZCARD", `replicas-test:ws:owner:${OWNER}`]) === "4" ? true : undefined,
        "the closed socket's slot back in Redis",
      );
      const again = await a.open(path);
      assert.equal((await again.next()).type, "basket");
      const refused = await rawUpgrade(b.port, path);
      assert.equal(refused.status, 429, "full again");
      refused.close();
      await Promise.all([...held.filter((_, i) => i !== 1), other, again].map((c) => c.close()));
    } finally {
      for (const replica of replicas) await replica.close();
      await redis.stop();
    }
  },
});
