/**
 * `fixtures/world/manifest.json` as the tests read it: the world's deployments, the owners that fit each named case,
 * and every owner's positions and orders (`tools/world/manifest.ts` writes it). One type for every test that picks
 * its cases from the manifest.
 */
import type { ManifestOrderSlots, ManifestOwner, ManifestPosition } from "../../tools/world/manifest.ts";

export type { ManifestOrderSlots, ManifestOwner, ManifestPosition };

export interface ManifestCustody {
  symbol: string;
  custodyId: number;
  account: string;
  mint: string;
}

export interface ManifestDeployment {
  programId: string;
  pools: { name: string; address: string; custodies: ManifestCustody[] }[];
}

export interface Manifest {
  deployments: Record<"v2" | "earlier", ManifestDeployment>;
  /** Per interface, the owner of each named case ("manyPositionsAndLimitOrder", "withoutBasket", …). */
  cases: Record<"v2" | "earlier", Record<string, { owner: string; stableDuringReplay?: boolean }>>;
  owners: ManifestOwner[];
}

/** The manifest beside a world's recording (`dir`: the world's folder, e.g. `fixtures/world`). */
export async function readManifest(dir: string): Promise<Manifest> {
  return JSON.parse(await Deno.readTextFile(`${dir}/manifest.json`)) as Manifest;
}
