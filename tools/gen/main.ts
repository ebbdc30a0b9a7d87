/**
 * `deno task gen [--out DIR]`: regenerates `gen/` from `openapi/*.yaml`.
 *
 * Per interface: the bundled JSON document (served verbatim), TypeScript types (openapi-typescript),
 * zod schemas and the route table (our emitter, see zod.ts for why not a third-party generator), and
 * one shared typed client. The output is formatted with `deno fmt` so a fresh run is byte-identical.
 */
import { join } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { bundleOpenApi } from "./bundle.ts";
import { emitRoutesModule, emitSchemasModule, GENERATED_HEADER } from "./emit.ts";
import { emitClientModule, emitRuntimeModule } from "./client.ts";

export const INTERFACES = [
  { name: "v2", source: "openapi/v2.yaml" },
  { name: "earlier", source: "openapi/earlier.yaml" },
] as const;

export async function generate(outDir: string, repoRoot = "."): Promise<string[]> {
  const written: string[] = [];
  const write = async (relative: string, text: string) => {
    const path = join(outDir, relative);
    await Deno.mkdir(join(path, ".."), { recursive: true });
    await Deno.writeTextFile(path, text);
    written.push(path);
  };

  await write("runtime.ts", emitRuntimeModule());
  for (const { name, source } of INTERFACES) {
    const doc = bundleOpenApi(join(repoRoot, source));
    await write(`${name}/openapi.json`, JSON.stringify(doc, null, 2) + "\n");
    const ast = await openapiTS(structuredClone(doc), { defaultNonNullable: false, alphabetize: false });
    await write(`${name}/types.ts`, GENERATED_HEADER(source) + "\n" + astToString(ast));
    await write(`${name}/schemas.ts`, emitSchemasModule(doc, source));
    await write(`${name}/routes.ts`, emitRoutesModule(doc, source));
  }
  await write("client.ts", emitClientModule());

  const fmt = new Deno.Command(Deno.execPath(), {
    args: ["fmt", "--quiet", "--line-width", "120", ...written.filter((p) => p.endsWith(".ts"))],
  });
  const result = await fmt.output();
  if (!result.success) throw new Error(`deno fmt failed: ${new TextDecoder().decode(result.stderr)}`);
  return written;
}

if (import.meta.main) {
  const outIndex = Deno.args.indexOf("--out");
  const outDir = outIndex >= 0 ? Deno.args[outIndex + 1] : "gen";
  const files = await generate(outDir);
  console.log(`generated ${files.length} files into ${outDir}/`);
}
