/** The largest static asset the documentation page loads: what a slow reader asks for to hold the most bytes. */
import { httpGet } from "./probe.ts";

export interface Asset {
  path: string;
  /** Its size as served without compression (no Accept-Encoding). */
  bytes: number;
}

/** Reads `/docs/` and every `/docs/…` script or stylesheet it names; the largest wins. */
export async function largestDocsAsset(port: number): Promise<Asset> {
  const page = await httpGet(port, "/docs/", { timeoutMs: 5_000 });
  if (page.status !== 200) throw new Error(`GET /docs/ answered ${page.status || page.error}`);
  const html = new TextDecoder().decode(page.body);
  const paths = new Set([...html.matchAll(/(?:src|href)="(\/docs\/[^"?#]+)"/g)].map((m) => m[1]));
  let largest: Asset | undefined;
  for (const path of paths) {
    const answer = await httpGet(port, path, { timeoutMs: 10_000, maxBytes: 64 * 1024 * 1024 });
    if (answer.status === 200 && answer.body.length > (largest?.bytes ?? -1)) {
      largest = { path, bytes: answer.body.length };
    }
  }
  if (!largest) throw new Error(`/docs/ names no asset that answers 200 (${[...paths].join(", ") || "none"})`);
  return largest;
}
