/** Shared helpers of the world tests: generate into temp dirs, replay a recording's account state in memory. */
import {
  type AccountUpdate,
  readRecording,
  type RecordedAccountData,
  type Recording,
} from "../../../src/replay/format.ts";
import { generateWorld, type WorldOptions, type WorldSummary } from "../../../tools/world/mod.ts";
import type { Chain } from "../../../src/state/types.ts";
import { plainAccount } from "../../replay/_helpers.ts";

export const V2_PROGRAM = "FTv2RxXarPfNta45HTTMVaGvjzsGg27FXJ3hEKWBhrzV";
export const EARLIER_PROGRAM = "FLASH6Lo6h3iasJKWDs2F8TkW2UKf3s15C8PMGuVfgBn";
export const DELEGATION = "DELeGGvXpWV2fqJUhqcF5ZSYMS4JTLjteaAMARRSaeSh";
export const TOKEN = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
export const TOKEN_2022 = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";
export const ALT = "AddressLookupTab1e1111111111111111111111111";

export async function generateInTemp(
  options: Omit<WorldOptions, "outDir"> = {},
): Promise<{ dir: string; summary: WorldSummary; cleanup: () => Promise<void> }> {
  const dir = await Deno.makeTempDir({ prefix: "world-test-" });
  const summary = await generateWorld({ ...options, outDir: dir });
  return { dir, summary, cleanup: () => Deno.remove(dir, { recursive: true }) };
}

/** Account state of both chains at the start, then after each update (applied in recording order). */
export class ChainStates {
  readonly accounts: Record<Chain, Map<string, RecordedAccountData>> = { base: new Map(), er: new Map() };

  constructor(rec: Recording) {
    for (const chain of ["base", "er"] as const) {
      for (const a of rec.chains[chain].initialAccounts) {
        const { pubkey, ...data } = plainAccount(a);
        this.accounts[chain].set(pubkey, data);
      }
    }
  }

  apply(chain: Chain, u: AccountUpdate): void {
    if (u.account) this.accounts[chain].set(u.pubkey, u.account);
    else this.accounts[chain].delete(u.pubkey);
  }

  applyAll(rec: Recording): void {
    for (const chain of ["base", "er"] as const) for (const u of rec.chains[chain].updates) this.apply(chain, u);
  }
}

let cached: Promise<{ dir: string; rec: Recording; manifest: Record<string, unknown> }> | undefined;

/** The default world (seed 1, 40 owners, 180 s), generated once per test process into a temp dir. */
export function defaultWorld(): Promise<{ dir: string; rec: Recording; manifest: Record<string, unknown> }> {
  cached ??= (async () => {
    const dir = await Deno.makeTempDir({ prefix: "world-default-" });
    await generateWorld({ outDir: dir });
    globalThis.addEventListener("unload", () => {
      try {
        Deno.removeSync(dir, { recursive: true });
      } catch {
        // already gone
      }
    });
    const rec = await readRecording(dir);
    const manifest = JSON.parse(await Deno.readTextFile(`${dir}/manifest.json`));
    return { dir, rec, manifest };
  })();
  return cached;
}

export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) if (e.isFile) out.push(e.name);
  return out.sort();
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
