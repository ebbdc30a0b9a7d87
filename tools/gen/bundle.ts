/**
 * Bundles one hand-written OpenAPI document with the components it borrows from sibling files
 * (`./shared.yaml#/components/...`) into a single self-contained document.
 *
 * Every external reference becomes a local `#/components/<kind>/<Name>` reference and the referenced
 * component (with everything it references in turn) is copied in under the same name. Two different
 * components with one name are an error: names are the contract's vocabulary and must stay unique.
 */
import { dirname, join } from "node:path";
import YAML from "yaml";

// deno-lint-ignore no-explicit-any
export type Json = any;

const documentCache = new Map<string, Json>();

export function loadYamlFile(path: string): Json {
  const cached = documentCache.get(path);
  if (cached) return cached;
  const parsed = YAML.parse(Deno.readTextFileSync(path));
  documentCache.set(path, parsed);
  return parsed;
}

interface RefTarget {
  file: string;
  kind: string;
  name: string;
}

function parseRef(ref: string, currentFile: string): RefTarget {
  const [filePart, pointer] = ref.split("#");
  const file = filePart ? join(dirname(currentFile), filePart) : currentFile;
  const match = /^\/components\/([^/]+)\/([^/]+)$/.exec(pointer ?? "");
  if (!match) {
    throw new Error(`Unsupported $ref '${ref}' in ${currentFile}: only #/components/<kind>/<Name> is allowed`);
  }
  return { file, kind: match[1], name: match[2] };
}

export function bundleOpenApi(entryFile: string): Json {
  const entry = structuredClone(loadYamlFile(entryFile));
  entry.components ??= {};
  const origin = new Map<string, string>(); // "kind/name" -> file it came from

  for (const [kind, group] of Object.entries(entry.components as Record<string, Json>)) {
    for (const name of Object.keys(group)) origin.set(`${kind}/${name}`, entryFile);
  }

  const pullIn = (target: RefTarget): void => {
    const key = `${target.kind}/${target.name}`;
    const known = origin.get(key);
    if (known === target.file) return;
    if (known !== undefined) {
      throw new Error(`Component name clash: ${key} is defined in both ${known} and ${target.file}`);
    }
    const source = loadYamlFile(target.file);
    const component = source?.components?.[target.kind]?.[target.name];
    if (component === undefined) throw new Error(`Unresolved $ref to ${key} in ${target.file}`);
    origin.set(key, target.file);
    entry.components[target.kind] ??= {};
    entry.components[target.kind][target.name] = rewrite(structuredClone(component), target.file);
  };

  const rewrite = (node: Json, file: string): Json => {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, file));
    if (node === null || typeof node !== "object") return node;
    if (typeof node.$ref === "string") {
      const target = parseRef(node.$ref, file);
      if (target.file !== entryFile) pullIn(target);
      node.$ref = `#/components/${target.kind}/${target.name}`;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== "$ref") node[key] = rewrite(value, file);
    }
    return node;
  };

  const bundled = rewrite(entry, entryFile);
  // Stable, readable order: each component group sorted by name.
  for (const [kind, group] of Object.entries(bundled.components as Record<string, Json>)) {
    bundled.components[kind] = Object.fromEntries(
      Object.entries(group).sort(([a], [b]) => a.localeCompare(b)),
    );
  }
  return bundled;
}
