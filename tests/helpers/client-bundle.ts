/**
 * The typed client as an app installs it: the ES module of the package `deno task client:pack` builds
 * (tools/gen/client-package.ts: gen/client.ts bundled for browsers and Node, openapi-fetch inside), read out of the
 * packed tarball.
 */
import { join } from "node:path";
import { packClient } from "../../tools/gen/client-package.ts";

/** Packs the client and returns the code of its package's `index.js`. */
export async function packagedClientModule(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "client-bundle-" });
  try {
    const tarball = await packClient(dir);
    const { success, stderr } = await new Deno.Command("tar", {
      args: ["-xzf", tarball, "-C", dir, "package/index.js"],
      stdout: "null",
      stderr: "piped",
    }).output();
    if (!success) throw new Error(`tar failed:\n${new TextDecoder().decode(stderr)}`);
    return await Deno.readTextFile(join(dir, "package", "index.js"));
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/**
 * What a browser bundle must not hold, as readable descriptions: imports left for a runtime to resolve (the
 * bundler keeps `node:` modules external instead of failing), CommonJS `require`, and Deno's namespace.
 */
export function runtimeSpecificParts(code: string): string[] {
  const found: string[] = [];
  for (
    const [what, pattern] of [
      ["a static import", /^\s*import\s[^(]/m],
      ["a re-export from another module", /^\s*export\s[^;]*\sfrom\s*["']/m],
      ["a dynamic import", /\bimport\s*\(/],
      ["a node: module", /["']node:/],
      ["require()", /\brequire\s*\(/],
      ["the Deno namespace", /\bDeno\./],
    ] as const
  ) {
    const match = pattern.exec(code);
    if (match) found.push(`${what}: ${code.slice(match.index, match.index + 80).trim()}`);
  }
  return found;
}
