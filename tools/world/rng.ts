/**
 * Deterministic randomness for the world generator: a seeded sfc32 generator whose state comes from SHA-256 of
 * (seed, label), so every part of the world (each owner, each feed, the timeline) draws from its own stream and
 * adding a draw in one part never shifts another. Same seed ⇒ same numbers on every run and machine.
 */
import { createHash } from "node:crypto";
import { PublicKey } from "@solana/web3.js";

/** 32 bytes of SHA-256 over the UTF-8 text. */
export function sha256(text: string): Uint8Array {
  return new Uint8Array(createHash("sha256").update(text).digest());
}

/** A fixed, seed-independent key for a structural role (admin, vaults, …): SHA-256 of a label. */
export function labelKey(label: string): string {
  return new PublicKey(sha256(`flash-world:key:${label}`)).toBase58();
}

export class Rng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  /** A generator for `label` under `seed`. */
  constructor(seed: number | string, label: string) {
    const h = sha256(`flash-world:rng:${seed}:${label}`);
    const v = new DataView(h.buffer, h.byteOffset, h.byteLength);
    this.#a = v.getUint32(0, true);
    this.#b = v.getUint32(4, true);
    this.#c = v.getUint32(8, true);
    this.#d = v.getUint32(12, true) | 1;
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** Uniform 32-bit unsigned integer (sfc32). */
  u32(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform in [lo, hi). */
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.float();
  }

  /** Log-uniform in [lo, hi) (lo > 0). */
  logRange(lo: number, hi: number): number {
    return Math.exp(this.range(Math.log(lo), Math.log(hi)));
  }

  /** Integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(xs: readonly T[]): T {
    if (xs.length === 0) throw new RangeError("pick from an empty list");
    return xs[Math.floor(this.float() * xs.length)];
  }

  /** Picks by weights (same length as xs). */
  weighted<T>(xs: readonly T[], weights: readonly number[]): T {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = this.float() * total;
    for (let i = 0; i < xs.length; i++) {
      r -= weights[i];
      if (r < 0) return xs[i];
    }
    return xs[xs.length - 1];
  }

  /** Fisher–Yates shuffle of a copy. */
  shuffle<T>(xs: readonly T[]): T[] {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.float() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.float();
    const v = this.float();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i += 4) {
      const x = this.u32();
      for (let k = 0; k < 4 && i + k < n; k++) out[i + k] = (x >>> (8 * k)) & 0xff;
    }
    return out;
  }

  /** A wallet-like public key: random 32 bytes that are a valid ed25519 point (as real wallets are). */
  walletKey(): string {
    for (;;) {
      const b = this.bytes(32);
      if (PublicKey.isOnCurve(b)) return new PublicKey(b).toBase58();
    }
  }
}
