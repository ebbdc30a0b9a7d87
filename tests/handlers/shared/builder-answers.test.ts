/**
 * How builders answer: quote failures as 200 `{err, code}` (counted when a transaction was asked for), simple-builder
 * refusals as 404 / 503 / 400 with the field at fault, and the request checks the schema cannot express.
 */
import assert from "node:assert/strict";
import { type Context, Hono } from "hono";
import type { AppEnv, Services } from "../../../src/services.ts";
import { ApiError } from "../../../src/http/errors.ts";
import type { QuoteResult } from "../../../src/domain/quotes/result.ts";
import {
  answerBuild,
  requireBuilt,
  requirePositiveAmount,
  tokenStakeAccountOf,
} from "../../../src/handlers/shared/builder-answers.ts";

/** Runs `handle` inside a request (a fresh app each time) over services that record builder failures. */
function harness() {
  const failures: [string, string][] = [];
  const services = { metrics: { builderFailed: (op: string, code: string) => failures.push([op, code]) } };
  const within = async (handle: (c: Context<AppEnv>) => Response) => {
    const app = new Hono<AppEnv>();
    let thrown: unknown;
    app.get("/t", (c) => {
      c.set("services", services as unknown as Services);
      try {
        return handle(c);
      } catch (error) {
        thrown = error;
        return c.text("thrown");
      }
    });
    const response = await app.request("/t");
    return { response, thrown };
  };
  return { within, failures };
}

const failed = (
  code: "NOT_FOUND" | "PRICE_UNAVAILABLE" | "TRIGGER_PRICE_INVALID" | "UNKNOWN_SYMBOL",
): QuoteResult<number> => ({
  ok: false,
  code,
  err: `${code} text`,
});

Deno.test("answerBuild: the mapped value, or 200 {err, code} counted unless preview-only", async () => {
  const h = harness();
  const ok = await h.within((c) => answerBuild(c, "openPosition", { ok: true, value: 2 }, (v) => ({ v: v * 2 })));
  assert.deepEqual(await ok.response.json(), { v: 4 });
  const bad = await h.within((c) => answerBuild(c, "closePosition", failed("UNKNOWN_SYMBOL"), (v) => v));
  assert.equal(bad.response.status, 200);
  assert.deepEqual(await bad.response.json(), { err: "UNKNOWN_SYMBOL text", code: "UNKNOWN_SYMBOL" });
  await h.within((c) => answerBuild(c, "openPosition", failed("UNKNOWN_SYMBOL"), (v) => v, false));
  assert.deepEqual(h.failures, [["closePosition", "UNKNOWN_SYMBOL"]]);
});

Deno.test("requireBuilt: 404 for a missing account, 503 for a missing price, 400 with the field otherwise", async () => {
  const h = harness();
  const cases = [
    ["NOT_FOUND", 404, undefined],
    ["PRICE_UNAVAILABLE", 503, undefined],
    ["TRIGGER_PRICE_INVALID", 400, "body.triggerPriceUi"],
    ["UNKNOWN_SYMBOL", 400, undefined],
  ] as const;
  for (const [code, status, field] of cases) {
    const { thrown } = await h.within((c) => {
      requireBuilt(c, "placeTriggerOrder", failed(code));
      return c.text("unreachable");
    });
    assert.ok(thrown instanceof ApiError);
    assert.deepEqual([thrown.status, thrown.code, thrown.field], [status, code, field]);
  }
  assert.equal(h.failures.length, 4);
});

Deno.test("request checks: positive amounts, the vendor alias of the stake account", () => {
  requirePositiveAmount("depositAmountUi", "0.01");
  assert.throws(
    () => requirePositiveAmount("depositAmountUi", "0.000"),
    (e) => e instanceof ApiError && e.code === "INVALID_DECIMAL",
  );
  assert.equal(tokenStakeAccountOf({ tokenStakeFafAccount: "x" }), "x");
  assert.equal(tokenStakeAccountOf({ tokenStakeTokenAccount: "y", tokenStakeFafAccount: "y" }), "y");
  assert.throws(
    () => tokenStakeAccountOf({ tokenStakeTokenAccount: "y", tokenStakeFafAccount: "x" }),
    (e) => e instanceof ApiError && e.field === "body.tokenStakeFafAccount",
  );
});
