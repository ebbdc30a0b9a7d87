/**
 * Runs handler helpers inside a real Hono request over services that hold what they read (cached blockhashes, an
 * account store for lookup tables, a clock, the priority fee) and record every `builder_failures_total` increment.
 */
import { type Context, Hono } from "hono";
import type { AppEnv, Services } from "../../../src/services.ts";
import { createBlockhashCaches } from "../../../src/state/blockhash-cache.ts";
import { AccountStore } from "../../../src/state/account-store.ts";
import { key } from "../../helpers/instructions.ts";

export const NOW = 1_750_000_000_000;
export const PAYER = key("payer");

export function harness(options: { priorityFee?: number } = {}) {
  const blockhashes = createBlockhashCaches();
  const accounts = new AccountStore();
  const failures: [string, string][] = [];
  const services = {
    blockhashes,
    accounts,
    clock: { nowMs: () => NOW },
    config: { PRIORITY_FEE_MICROLAMPORTS: options.priorityFee ?? 0 },
    metrics: { builderFailed: (operation: string, code: string) => failures.push([operation, code]) },
  } as unknown as Services;
  /** Fresh blockhashes on both chains (`key("er-hash")`, `key("base-hash")`). */
  const freshBlockhashes = () => {
    blockhashes.er.set({ blockhash: key("er-hash"), lastValidBlockHeight: 1, fetchedAtMs: NOW - 1_000 });
    blockhashes.base.set({ blockhash: key("base-hash"), lastValidBlockHeight: 1, fetchedAtMs: NOW - 1_000 });
  };
  /**
   * Runs `handle` inside a request (a fresh app each time): what it returned (the response, read back) or threw.
   */
  const within = async <T>(handle: (c: Context<AppEnv>) => T) => {
    const app = new Hono<AppEnv>();
    let outcome: { value?: T; error?: unknown } = {};
    app.get("/t", (c) => {
      c.set("services", services);
      try {
        outcome = { value: handle(c) };
      } catch (error) {
        outcome = { error };
      }
      return outcome.value instanceof Response ? outcome.value : c.text("done");
    });
    const response = await app.request("/t");
    return { ...outcome, response };
  };
  return { services, blockhashes, accounts, failures, freshBlockhashes, within };
}
