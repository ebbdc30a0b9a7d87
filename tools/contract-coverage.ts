/**
 * `deno run -A tools/contract-coverage.ts [SPEC_DIR]`: checks the OpenAPI YAML against the interface documents.
 * Every path the documents name must be an operation of the right interface, and every backticked identifier the
 * documents use (field names, enum values, message types) must appear in the bundled contract. Prints what is
 * missing and exits 1 if anything is. The documents live outside the repository (../shared/spec by default).
 */
import { join } from "node:path";
import { bundleOpenApi } from "./gen/bundle.ts";

const specDir = Deno.args[0] ?? "../shared/spec";
const docs = {
  v2: await Deno.readTextFile(join(specDir, "v2-interface.md")),
  earlier: await Deno.readTextFile(join(specDir, "earlier-interface.md")),
  decisions: await Deno.readTextFile(join(specDir, "DECISIONS.md")),
};
const contracts = { v2: bundleOpenApi("openapi/v2.yaml"), earlier: bundleOpenApi("openapi/earlier.yaml") };
const paths = new Set([...Object.keys(contracts.v2.paths), ...Object.keys(contracts.earlier.paths)]);
const text = JSON.stringify(contracts);

const mentionedPaths = new Set<string>();
for (const source of Object.values(docs)) {
  for (const m of source.matchAll(/`(?:(?:GET|POST) )?(\/[A-Za-z0-9_{}/.*-]+)`/g)) mentionedPaths.add(m[1]);
}

/** A document path maps to contract paths: v2 paths as written; the previews and "(ext)" builders also under /v2. */
function candidates(path: string): string[] {
  // Prefixes and ellipses ("/v2/...", "/raw/...", "/{pubkey}") name families of paths, not endpoints.
  if (path.includes("*") || path.includes("...") || path === "/v2" || path.startsWith("/{")) return [];
  const clean = path.replace(/\/$/, "") || "/";
  return [clean, `${clean}/`, `/v2${clean}`, `/v2/transaction-builder${clean}`, `/transaction-builder${clean}`];
}

const missingPaths: string[] = [];
let checkedPaths = 0;
for (const path of mentionedPaths) {
  const options = candidates(path);
  if (!options.length) continue;
  checkedPaths++;
  if (!options.some((p) => paths.has(p))) missingPaths.push(path);
}

const identifiers = new Set<string>();
for (const source of [docs.v2, docs.earlier, docs.decisions]) {
  for (const m of source.matchAll(/`([A-Za-z_][A-Za-z0-9_]*)`/g)) identifiers.add(m[1]);
}
// Words the documents backtick that are not contract vocabulary (program names, placeholders, constants).
const prose = new Set(["true", "false", "null", "ok", "base_url", "BPS_POWER", "RATE_POWER", "exponent"]);
const missingIdentifiers = [...identifiers].filter((id) => !prose.has(id) && !text.includes(`"${id}"`))
  .sort();

console.log(`paths mentioned: ${mentionedPaths.size}, checked: ${checkedPaths}, missing: ${missingPaths.length}`);
for (const p of missingPaths) console.log(`  missing path ${p}`);
console.log(`identifiers mentioned: ${identifiers.size}, absent from the contract: ${missingIdentifiers.length}`);
console.log("  (review: program ids, settings, vendor names and prose words are expected here)");
for (const id of missingIdentifiers) console.log(`  absent: ${id}`);
Deno.exit(missingPaths.length ? 1 : 0);
