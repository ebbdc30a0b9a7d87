/** Owners to attack with: the embedded world's (fixtures/world/manifest.json) and fresh random wallets. */
import bs58 from "bs58";
import { ROOT } from "./service.ts";

interface ManifestOwner {
  owner: string;
  earlier?: { positions?: number };
}

/** The world's owners, in the manifest's order. */
export function worldOwners(): string[] {
  const manifest = JSON.parse(Deno.readTextFileSync(`${ROOT}fixtures/world/manifest.json`));
  return (manifest.owners as ManifestOwner[]).map((o) => o.owner);
}

/** A wallet address nobody has used: 32 random bytes in base58, as the routes accept any 32-byte key. */
export function randomOwner(): string {
  return bs58.encode(crypto.getRandomValues(new Uint8Array(32)));
}
