/**
 * `deno task client:pack [--out DIR]`: the typed client as an installable npm package, built from what `deno task gen`
 * made of the YAML (gen/client.ts and both interfaces' types), packed by `npm pack` into DIR (default `dist/`).
 *
 * The package has no dependencies, so it installs offline (`npm install ./perps-api-client-2.0.0.tgz`):
 * - `index.js`: gen/client.ts bundled into one ES module (openapi-fetch inside), for Node 18+ and browsers;
 * - `index.d.ts`: its declarations (TypeScript's own emit), `v2/types.d.ts`, `earlier/types.d.ts` (the generated
 *   types, which declare nothing but types), and openapi-fetch's declarations with their helpers' under `vendor/`
 *   (MIT, their licences beside them), so a consumer type-checks without installing anything else.
 *
 * Both interfaces and both streams: `createV2Client`, `createEarlierClient`, `openV2BasketStream`,
 * `openEarlierOwnerStream`, each given its interface's base URL (the service's address and the interface's mount).
 */
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { loadYamlFile } from "./bundle.ts";

export const PACKAGE_NAME = "perps-api-client";

const require = createRequire(import.meta.url);

/** What this tool uses of the TypeScript compiler's API. */
interface Diagnostic {
  file?: unknown;
}
interface TypeScript {
  ModuleKind: { ESNext: number };
  ModuleResolutionKind: { Bundler: number };
  ScriptTarget: { ES2022: number };
  createCompilerHost(options: object): { writeFile: (name: string, text: string) => void };
  createProgram(roots: string[], options: object, host: object): {
    emit(): { diagnostics: readonly Diagnostic[] };
  };
  getPreEmitDiagnostics(program: object): readonly Diagnostic[];
  formatDiagnostics(diagnostics: readonly Diagnostic[], host: object): string;
}

/**
 * The TypeScript compiler openapi-typescript (a dependency of `deno task gen`) runs on, so the package is declared
 * by the compiler already locked for the generator rather than by one more dependency.
 */
export function typescriptPath(): string {
  return createRequire(require.resolve("openapi-typescript")).resolve("typescript");
}

async function run(command: string, args: string[], cwd?: string): Promise<string> {
  const { success, stdout, stderr } = await new Deno.Command(command, { args, cwd, stdout: "piped", stderr: "piped" })
    .output();
  const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  if (!success) throw new Error(`${command} ${args.join(" ")} failed:\n${text(stderr)}${text(stdout)}`);
  return text(stdout);
}

/** Declarations of gen/client.ts, with the generated types resolved beside it and openapi-fetch from `vendor/`. */
function clientDeclarations(repoRoot: string, openapiFetchTypes: string, helpersTypes: string): string {
  const ts = require(typescriptPath()) as TypeScript;
  const entry = resolve(repoRoot, "gen/client.ts");
  let declarations: string | undefined;
  const options = {
    declaration: true,
    emitDeclarationOnly: true,
    allowImportingTsExtensions: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    strict: true,
    skipLibCheck: true,
    types: [],
    paths: { "openapi-fetch": [openapiFetchTypes], "openapi-typescript-helpers": [helpersTypes] },
  };
  const host = ts.createCompilerHost(options);
  host.writeFile = (name: string, text: string) => {
    if (name.endsWith("client.d.ts")) declarations = text;
  };
  const program = ts.createProgram([entry], options, host);
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...program.emit().diagnostics];
  if (diagnostics.length > 0) {
    throw new Error(ts.formatDiagnostics(diagnostics, {
      getCanonicalFileName: (f: string) => f,
      getCurrentDirectory: () => repoRoot,
      getNewLine: () => "\n",
    }));
  }
  if (declarations === undefined) throw new Error("TypeScript emitted no declarations for gen/client.ts");
  // As the package lays the files out: `.js` specifiers (a consumer's TypeScript finds the `.d.ts` beside them).
  return declarations
    .replaceAll('"./v2/types.ts"', '"./v2/types.js"')
    .replaceAll('"./earlier/types.ts"', '"./earlier/types.js"')
    .replaceAll('"openapi-fetch"', '"./vendor/openapi-fetch.js"');
}

/** Builds the package into a fresh directory and packs it into `outDir`; returns the tarball's path. */
export async function packClient(outDir: string, repoRoot = "."): Promise<string> {
  const root = resolve(repoRoot);
  const stage = await Deno.makeTempDir({ prefix: "client-package-" });
  try {
    const write = async (relative: string, text: string) => {
      await Deno.mkdir(dirname(join(stage, relative)), { recursive: true });
      await Deno.writeTextFile(join(stage, relative), text);
    };
    const openapiFetchTypes = join(dirname(require.resolve("openapi-fetch")), "index.d.ts");
    const helpersEntry = createRequire(require.resolve("openapi-fetch")).resolve("openapi-typescript-helpers");
    const helpersTypes = join(dirname(helpersEntry), "index.d.ts");
    const licence = (typesFile: string) => Deno.readTextFile(join(dirname(typesFile), "..", "LICENSE"));

    await run(Deno.execPath(), [
      "bundle",
      "--quiet",
      "--platform",
      "browser",
      "--format",
      "esm",
      "--output",
      join(stage, "index.js"),
      join(root, "gen/client.ts"),
    ]);
    await write("index.d.ts", clientDeclarations(root, openapiFetchTypes, helpersTypes));
    for (const iface of ["v2", "earlier"]) {
      await write(`${iface}/types.d.ts`, await Deno.readTextFile(join(root, `gen/${iface}/types.ts`)));
    }
    await write(
      "vendor/openapi-fetch.d.ts",
      (await Deno.readTextFile(openapiFetchTypes)).replaceAll(
        "'openapi-typescript-helpers'",
        "'./openapi-typescript-helpers.js'",
      ),
    );
    await write("vendor/openapi-typescript-helpers.d.ts", await Deno.readTextFile(helpersTypes));
    await write("vendor/LICENSE-openapi-fetch", await licence(openapiFetchTypes));
    await write("vendor/LICENSE-openapi-typescript-helpers", await licence(helpersTypes));

    const version: string = loadYamlFile(join(root, "openapi/v2.yaml")).info.version;
    const manifest = {
      name: PACKAGE_NAME,
      version,
      description: "Typed client of the perpetuals trading API: both interfaces (REST) and both WebSocket streams.",
      license: "UNLICENSED",
      type: "module",
      main: "./index.js",
      types: "./index.d.ts",
      exports: { ".": { types: "./index.d.ts", import: "./index.js", default: "./index.js" } },
      files: ["index.js", "index.d.ts", "v2/", "earlier/", "vendor/", "README.md"],
      engines: { node: ">=18" },
      sideEffects: false,
    };
    await write("package.json", JSON.stringify(manifest, null, 2) + "\n");
    await write(
      "README.md",
      `# ${PACKAGE_NAME}

Typed client of the perpetuals trading API, generated from its OpenAPI documents. One base URL per interface: the
service's address followed by the interface's mount (v2: \`/v2\` by default, the root in the live layout).

\`\`\`js
import { createV2Client, openV2BasketStream } from "${PACKAGE_NAME}";
const v2 = createV2Client({ baseUrl: "http://localhost:8080/v2" });
const { data } = await v2.GET("/prices/{symbol}", { params: { path: { symbol: "SOL" } } });
\`\`\`
`,
    );
    await Deno.mkdir(outDir, { recursive: true });
    const packed = JSON.parse(await run("npm", ["pack", "--json", "--pack-destination", resolve(outDir)], stage));
    return join(resolve(outDir), packed[0].filename);
  } finally {
    await Deno.remove(stage, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) {
  const outIndex = Deno.args.indexOf("--out");
  const tarball = await packClient(outIndex >= 0 ? Deno.args[outIndex + 1] : "dist");
  console.log(tarball);
}
