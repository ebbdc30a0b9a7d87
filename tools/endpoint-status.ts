/**
 * `deno run -A tools/endpoint-status.ts [--write]`: the README's endpoint status table, generated from the contract
 * and the handler table so it cannot drift. A test compares the README with this output; `--write` updates it.
 */
import { handlers } from "../src/handlers/mod.ts";
import { bundleOpenApi } from "./gen/bundle.ts";

/** Operations whose handler answers only part of the contract yet; the note says which part. */
export const PARTIAL: Record<string, string> = {};

const METHODS = ["get", "post", "put", "delete", "patch"];
export const TABLE_START = "<!-- endpoint-status:start -->";
export const TABLE_END = "<!-- endpoint-status:end -->";

export function endpointStatusTable(): string {
  const rows: string[] = ["| Interface | Endpoint | Status |", "|---|---|---|"];
  for (const [iface, file] of [["v2", "openapi/v2.yaml"], ["earlier", "openapi/earlier.yaml"]]) {
    const doc = bundleOpenApi(file);
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { operationId: string }>>)) {
      for (const method of METHODS.filter((m) => item[m])) {
        const id = item[method].operationId;
        const status = PARTIAL[id] ?? (id in handlers ? "implemented" : "501 (input validated)");
        rows.push(`| ${iface} | \`${method.toUpperCase()} ${path}\` | ${status} |`);
      }
    }
  }
  return [TABLE_START, ...rows, TABLE_END].join("\n");
}

/** The cells of the table between the markers, whitespace-insensitive (deno fmt pads markdown tables). */
export function tableCells(text: string): string[][] {
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < 0) throw new Error("no endpoint-status markers");
  return text.slice(start + TABLE_START.length, end).split("\n")
    .filter((line) => line.trim().startsWith("|") && !/^\|[\s|:-]+\|$/.test(line.trim()))
    .map((line) => line.trim().slice(1, -1).split("|").map((cell) => cell.trim()));
}

export function withTable(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < 0) throw new Error("README has no endpoint-status markers");
  return readme.slice(0, start) + endpointStatusTable() + readme.slice(end + TABLE_END.length);
}

if (import.meta.main) {
  const readme = await Deno.readTextFile("README.md");
  if (Deno.args.includes("--write")) {
    await Deno.writeTextFile("README.md", withTable(readme));
    await new Deno.Command(Deno.execPath(), { args: ["fmt", "--quiet", "README.md"] }).output();
  } else console.log(endpointStatusTable());
}
