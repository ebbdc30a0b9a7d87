/**
 * The embedded world: a deterministic generator of a mainnet-like recording (both deployments, both chains, oracle
 * tape, scripted updates), its deployment configurations and a manifest. See `generateWorld`.
 */
export {
  CONFIG_FILES,
  DEFAULT_STARTED_AT_MS,
  generateWorld,
  MANIFEST_FILE,
  README_FILE,
  WORLD_GENERATOR_VERSION,
  type WorldOptions,
  type WorldProgress,
  type WorldSummary,
} from "./generate.ts";
export type { ManifestOrderSlots, ManifestOwner, ManifestPosition } from "./manifest.ts";
export { CASES } from "./manifest.ts";
export { type Deployment, deploymentFile, lookupTableContents, resolveDeployment } from "./deployment.ts";
export { FEEDS, POOLS, TOKENS } from "./catalog.ts";
export { Rng } from "./rng.ts";
