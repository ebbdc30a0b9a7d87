/**
 * ARCHITECTURE.md's folder table is the law of `src/`: this test reads the table, parses the imports of every file
 * under `src/` and fails on an edge the table does not allow, on a folder or file of `src/` the table does not list,
 * and on any import cycle between files (type-only imports included: a cycle of types is still a knot to untie).
 *
 * Table semantics (the "May import" column, items in backticks): a file may always import files of its own row (the
 * row whose folder is the longest prefix of its path); `src/x` allows every file under `src/x/` (or the file
 * `src/x.ts`); `gen/` allows the generated code; any other item is an npm package or `node:` module. An item
 * followed by `(types)` allows type-only imports; by `(A, B)` only those named imports. Static imports are read at
 * the start of a statement, so a string that merely contains "import … from" is no edge.
 */
import assert from "node:assert/strict";
import { dirname, join, normalize, relative } from "node:path";

const ROOT = normalize(join(dirname(new URL(import.meta.url).pathname), ".."));

interface Allowance {
  target: string;
  typesOnly: boolean;
  names?: string[];
}
interface Row {
  path: string;
  allows: Allowance[];
}
interface Edge {
  from: string;
  specifier: string;
  /** Repository-relative path of a local target, or the package name. */
  target: string;
  local: boolean;
  typeOnly: boolean;
  names: string[];
}

/** The folders of the "Folders" section under `src/` (a `### \`src/…\`` heading each) and their "May import:" lines. */
export function parseTable(markdown: string): Row[] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith("Folders"));
  assert.ok(section, "ARCHITECTURE.md has a '## Folders' section");
  const rows: Row[] = [];
  for (const entry of section.split(/^### /m).slice(1)) {
    const path = entry.match(/^`(src\/[^`]*)`/)?.[1];
    if (!path) continue;
    // "May import:" to the end of its paragraph, its lines joined (a code span may wrap).
    const mayImport = entry.match(/^May import:([\s\S]*?)(?:\n\s*\n|(?![\s\S]))/m)?.[1].replace(/\s*\n\s*/g, " ") ?? "";
    const allows: Allowance[] = [];
    for (const m of mayImport.matchAll(/`([^`]+)`(?:\s*\(([^)]*)\))?/g)) {
      const note = m[2]?.trim();
      allows.push({
        target: m[1],
        typesOnly: note === "types",
        names: note && note !== "types" ? note.split(",").map((n) => n.trim()) : undefined,
      });
    }
    rows.push({ path, allows });
  }
  return rows;
}

/** Source text without comments (strings and template literals kept), so commented examples are not imports. */
export function stripComments(text: string): string {
  let out = "";
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      out += ch;
      if (ch === "\\") out += text[++i] ?? "";
      else if (ch === quote) quote = null;
    } else if (ch === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else if (ch === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 1;
    } else {
      if (ch === '"' || ch === "'" || ch === "`") quote = ch;
      out += ch;
    }
  }
  return out;
}

function namesOf(clause: string): { names: string[]; allTypes: boolean } {
  const names: string[] = [];
  let allTypes = true;
  const braces = clause.match(/\{([^}]*)\}/);
  for (const part of (braces?.[1] ?? "").split(",").map((p) => p.trim()).filter(Boolean)) {
    if (!part.startsWith("type ")) allTypes = false;
    names.push(part.replace(/^type\s+/, "").split(/\s+as\s+/)[0]);
  }
  const outside = clause.replace(/\{[^}]*\}/, "").replace(/^\s*type\b/, "").replace(/,/g, " ").trim();
  if (outside.startsWith("*")) names.push("*"), allTypes = false;
  else if (outside) names.push("default"), allTypes = false;
  return { names, allTypes: allTypes && names.length > 0 };
}

function packageOf(specifier: string): string {
  if (specifier.startsWith("node:")) return specifier;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** Every import and re-export of a file: static (value or type), side-effect and dynamic. */
export function importsOf(file: string, text: string): Edge[] {
  const code = stripComments(text);
  const edges: Edge[] = [];
  const add = (specifier: string, typeOnly: boolean, names: string[]) => {
    const local = specifier.startsWith(".");
    const target = local ? relative(ROOT, normalize(join(ROOT, dirname(file), specifier))) : packageOf(specifier);
    edges.push({ from: file, specifier, target, local, typeOnly, names });
  };
  for (const m of code.matchAll(/(?:^|;)\s*(import|export)(\s+type\b)?([^;'"`]*?)\bfrom\s*(["'])(.+?)\4/gm)) {
    const { names, allTypes } = namesOf(m[3]);
    add(m[5], m[2] !== undefined || allTypes, names);
  }
  for (const m of code.matchAll(/(?:^|;)\s*import\s*(["'])(.+?)\1/gm)) add(m[2], false, []);
  for (const m of code.matchAll(/\bimport\s*\(\s*(["'])(.+?)\1\s*\)/g)) add(m[2], false, ["*"]);
  return edges;
}

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(join(ROOT, dir))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) out.push(...await sourceFiles(path));
    else if (entry.name.endsWith(".ts")) out.push(path);
  }
  return out.sort();
}

/** The row governing a path: the longest row path that is the file itself or one of its folders. */
export function rowOf(rows: Row[], path: string): Row | undefined {
  let best: Row | undefined;
  for (const row of rows) {
    const matches = row.path.endsWith("/") ? path.startsWith(row.path) : path === row.path;
    if (matches && (!best || row.path.length > best.path.length)) best = row;
  }
  return best;
}

function covers(allowance: string, target: string): boolean {
  if (allowance.startsWith("src/") || allowance.startsWith("gen/")) {
    const folder = allowance.endsWith("/") ? allowance : `${allowance}/`;
    return target === allowance || target.startsWith(folder);
  }
  return allowance === target;
}

/** Why an edge is not allowed, or undefined when it is. */
export function violation(rows: Row[], edge: Edge): string | undefined {
  const own = rowOf(rows, edge.from);
  if (!own) return `${edge.from} is under no row of the table`;
  if (edge.local && rowOf(rows, edge.target) === own) return undefined;
  const allowance = own.allows.find((a) => covers(a.target, edge.target));
  const what = `${edge.from} imports ${edge.specifier}`;
  if (!allowance) return `${what}: \`${own.path}\` may not import ${edge.target}`;
  if (allowance.typesOnly && !edge.typeOnly) return `${what}: \`${own.path}\` may import only types from it`;
  const extra = allowance.names && edge.names.filter((n) => !allowance.names!.includes(n));
  if (extra?.length) return `${what}: \`${own.path}\` may import only ${allowance.names!.join(", ")} from it`;
  return undefined;
}

/** One cycle of the file graph, as a path that returns to its start, or undefined when there is none. */
export function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, "done");
    return undefined;
  };
  for (const node of graph.keys()) {
    if (!state.has(node)) {
      const found = visit(node);
      if (found) return found;
    }
  }
  return undefined;
}

const rows = parseTable(await Deno.readTextFile(join(ROOT, "ARCHITECTURE.md")));
const files = await sourceFiles("src");
const edges = (await Promise.all(files.map(async (f) => importsOf(f, await Deno.readTextFile(join(ROOT, f)))))).flat();

Deno.test("ARCHITECTURE.md lists every folder and top-level file of src/", async () => {
  for await (const entry of Deno.readDir(join(ROOT, "src"))) {
    const path = entry.isDirectory ? `src/${entry.name}/` : `src/${entry.name}`;
    assert.ok(rows.some((r) => r.path === path), `the folder table has no row for \`${path}\``);
  }
});

Deno.test("every import in src/ is an edge ARCHITECTURE.md allows", () => {
  const problems = edges.map((e) => violation(rows, e)).filter((v) => v !== undefined);
  assert.deepEqual(problems, [], `forbidden imports:\n${problems.join("\n")}`);
});

Deno.test("no import cycle between files of src/ (type-only imports included)", () => {
  const graph = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const e of edges) if (e.local && graph.has(e.target)) graph.get(e.from)!.push(e.target);
  const cycle = findCycle(graph);
  assert.equal(cycle, undefined, `import cycle: ${cycle?.join(" → ")}`);
});

Deno.test("the checker itself: parses every import form and judges edges by the table", () => {
  const sample = [
    `import { a, type B } from "./x.ts";`,
    `import type { C } from "../y.ts";`,
    `import { type D } from "@solana/web3.js";`,
    `import * as z from "hono/factory";`,
    `export { e } from "./e.ts";`,
    `// import { hidden } from "./commented.ts";`,
    `const s = "import { no } from './string.ts'";`,
    `await import("./lazy.ts");`,
    `import "./side-effect.ts"; import { f } from "./same-line.ts";`,
  ].join("\n");
  const found = importsOf("src/domain/a.ts", sample).map((e) => [e.target, e.typeOnly, e.names.join(",")]);
  assert.deepEqual(found, [
    ["src/domain/x.ts", false, "a,B"],
    ["src/y.ts", true, "C"],
    ["@solana/web3.js", true, "D"],
    ["hono", false, "*"],
    ["src/domain/e.ts", false, "e"],
    ["src/domain/same-line.ts", false, "f"],
    ["src/domain/side-effect.ts", false, ""],
    ["src/domain/lazy.ts", false, "*"],
  ]);
  const table = parseTable([
    "## Folders",
    "### `src/a/`",
    "x",
    "",
    "May import: `src/b`, `src/c`",
    "(types), `pkg` (Only)",
    "",
    "### `src/a/sub/`",
    "x",
    "",
    "May import: —",
    "### `src/b/`",
    "",
    "May import: —",
  ].join("\n"));
  const edge = (from: string, target: string, typeOnly = false, names: string[] = []): Edge => ({
    from,
    specifier: target,
    target,
    local: target.startsWith("src/"),
    typeOnly,
    names,
  });
  assert.equal(violation(table, edge("src/a/x.ts", "src/a/y.ts")), undefined);
  assert.equal(violation(table, edge("src/a/x.ts", "src/b/deep/y.ts")), undefined);
  assert.match(violation(table, edge("src/a/x.ts", "src/a/sub/y.ts"))!, /may not import/);
  assert.match(violation(table, edge("src/b/x.ts", "src/a/y.ts"))!, /may not import/);
  assert.match(violation(table, edge("src/a/x.ts", "src/c/y.ts"))!, /only types/);
  assert.equal(violation(table, edge("src/a/x.ts", "src/c/y.ts", true)), undefined);
  assert.equal(violation(table, edge("src/a/x.ts", "pkg", false, ["Only"])), undefined);
  assert.match(violation(table, edge("src/a/x.ts", "pkg", false, ["Other"]))!, /only Only/);
  assert.match(violation(table, edge("src/z.ts", "src/a/y.ts"))!, /under no row/);
  assert.deepEqual(findCycle(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]]])), ["a", "b", "c", "a"]);
  assert.equal(findCycle(new Map([["a", ["b"]], ["b", []]])), undefined);
});
