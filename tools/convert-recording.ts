/**
 * Converts a recording's initial accounts to the binary form (`*.accounts.bin`, see fixtures/README.md), which a large
 * world's replay reads several times faster than the JSONL form, so an existing world need not be generated again.
 *
 *   deno run -A tools/convert-recording.ts --dir DIR [--out OUT]
 *
 * Without `--out` the binary files are written beside the JSONL ones (readers take the binary form first); with it,
 * OUT gets a copy of every other file of DIR and the binary accounts, and DIR is only read.
 */
import { parseArgs } from "node:util";
import { binaryAccountsFileName, chainFileName, streamInitialAccounts } from "../src/replay/format.ts";
import { writeBinaryAccounts } from "../src/replay/binary-accounts.ts";
import { CHAINS } from "../src/state/types.ts";

/** Writes `out`'s binary accounts from `dir`'s (JSONL) ones; returns the number of accounts per chain. */
export async function convertRecording(dir: string, out = dir): Promise<Record<string, number>> {
  const jsonlAccounts = new Set(
    CHAINS.flatMap((c) => [chainFileName(c, "accounts"), chainFileName(c, "accounts") + ".gz"]),
  );
  if (out !== dir) {
    await Deno.mkdir(out, { recursive: true });
    for await (const entry of Deno.readDir(dir)) {
      if (!entry.isFile && !entry.isSymlink) continue;
      if (jsonlAccounts.has(entry.name) || entry.name.includes(".accounts.bin")) continue;
      await Deno.copyFile(`${dir}/${entry.name}`, `${out}/${entry.name}`);
    }
  }
  const counts: Record<string, number> = {};
  for (const chain of CHAINS) {
    const target = `${out}/${binaryAccountsFileName(chain)}`;
    // Written under another name first: the reader takes a `.bin` file first, and this one is read from the JSONL.
    const partial = `${target}.partial`;
    counts[chain] = await writeBinaryAccounts(partial, streamInitialAccounts(dir, chain));
    await Deno.rename(partial, target);
  }
  return counts;
}

if (import.meta.main) {
  const { values } = parseArgs({ args: Deno.args, options: { dir: { type: "string" }, out: { type: "string" } } });
  if (!values.dir) {
    console.error("usage: deno run -A tools/convert-recording.ts --dir DIR [--out OUT]");
    Deno.exit(2);
  }
  const started = performance.now();
  const counts = await convertRecording(values.dir, values.out ?? values.dir);
  console.error(`converted ${JSON.stringify(counts)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
