/**
 * Generated worlds for the benchmarks (bench/worlds/, git-ignored): made once by `deno task fixtures`, reused by
 * later runs. The cold-start bench and bench:ws both use them, with different recording lengths.
 */
import { convertRecording } from "../tools/convert-recording.ts";
import { binaryAccountsFileName } from "../src/replay/format.ts";
import { CHAINS } from "../src/state/types.ts";

/** Whether both chains' initial accounts are in the binary form (a conversion cut short leaves only `.partial` files). */
async function hasBinaryAccounts(dir: string): Promise<boolean> {
  const names = new Set<string>();
  for await (const entry of Deno.readDir(dir)) names.add(entry.name);
  return CHAINS.every((chain) =>
    names.has(binaryAccountsFileName(chain)) || names.has(binaryAccountsFileName(chain) + ".gz")
  );
}

export function worldDirFor(worldsDir: string, owners: number): string {
  return `${worldsDir}/owners-${owners}`;
}

/**
 * Generates a world of `owners` with a recording of `durationS` seconds into `dir`, unless one is there already (its
 * recording's `meta.json` and its `manifest.json`, which the benches read). Its initial accounts are in the binary
 * form, which the service boots from several times faster; a world generated before that form existed is converted
 * once (tools/convert-recording.ts: seconds, where generating again would take up to an hour).
 */
export async function ensureWorld(
  dir: string,
  owners: number,
  durationS: number,
  log: (line: string) => void,
): Promise<void> {
  try {
    await Deno.stat(`${dir}/meta.json`);
    await Deno.stat(`${dir}/manifest.json`);
    if (!(await hasBinaryAccounts(dir))) {
      log(`converting ${dir}'s initial accounts to the binary form (once) ...`);
      await convertRecording(dir);
    }
    return;
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    log(`generating a ${owners.toLocaleString("en-US")}-owner world into ${dir} (once; minutes for large ones) ...`);
  }
  const generated = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-all",
      "tools/fixtures.ts",
      "--owners",
      String(owners),
      "--duration-s",
      String(durationS),
      "--out",
      dir,
      "--binary-accounts",
    ],
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!generated.success) throw new Error("world generation failed");
}
