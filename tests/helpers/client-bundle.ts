/**
 * The generated typed client (gen/client.ts) bundled for the browser with Deno's own bundler (`deno bundle
 * --platform browser`, esbuild underneath), as an app would ship it: one self-contained ES module.
 */

/** Bundles gen/client.ts into one ES module for browsers and returns its code. */
export async function bundleClientForBrowser(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "client-bundle-" });
  try {
    const output = `${dir}/client.js`;
    const { success, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["bundle", "--quiet", "--platform", "browser", "--format", "esm", "--output", output, "gen/client.ts"],
      stdout: "null",
      stderr: "piped",
    }).output();
    if (!success) throw new Error(`deno bundle failed:\n${new TextDecoder().decode(stderr)}`);
    return await Deno.readTextFile(output);
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
