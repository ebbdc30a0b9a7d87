/**
 * POST /transaction-builder/open-position (earlier interface) with an owner, so each request quotes and builds a
 * transaction: a MARKET open paid in the collateral token and a swap-and-open, each against a bare Hono POST route
 * answering the same bytes (`comparePost` of ./funds-builders.ts: requests/s, p99, ratios). The owner is the embedded
 * world's `noAccounts` case, so every request opens a new position.
 */
import { comparePost, type PostThroughput } from "./funds-builders.ts";

export async function compareEarlierOpens(serviceBase: string, durationMs: number): Promise<PostThroughput[]> {
  const manifest = JSON.parse(await Deno.readTextFile("fixtures/world/manifest.json"));
  const owner: string = manifest.cases.earlier.noAccounts.owner;
  const base = { inputTokenSymbol: "USDC", inputAmountUi: "100", leverage: 5, owner };
  const cases = [
    { label: "MARKET, USDC into a SOL short", body: { ...base, outputTokenSymbol: "SOL", tradeType: "SHORT" } },
    { label: "swap-and-open, USDC into a BTC long", body: { ...base, outputTokenSymbol: "BTC", tradeType: "LONG" } },
  ];
  const out: PostThroughput[] = [];
  for (const { label, body } of cases) {
    const measured = await comparePost(serviceBase, "/transaction-builder/open-position", body, durationMs);
    out.push({ ...measured, route: `${measured.route} with owner (${label})` });
  }
  return out;
}
