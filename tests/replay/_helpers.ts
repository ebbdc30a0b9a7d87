import { PublicKey } from "@solana/web3.js";
import { fromHex } from "../../src/protocol/codec/bytes.ts";
import {
  type ChainRecording,
  type RecordedAccount,
  type Recording,
  RECORDING_FORMAT,
} from "../../src/replay/format.ts";
import { RecordedAccounts } from "../../src/replay/recorded-accounts.ts";
import type { Chain } from "../../src/state/types.ts";
import type { PackedBytes } from "../../src/state/packed-bytes.ts";

/** A recorded account as a plain object with its full bytes (packed accounts read back as their data). */
export function plainAccount(a: RecordedAccount): RecordedAccount {
  const out: RecordedAccount = {
    pubkey: a.pubkey,
    owner: a.owner,
    lamports: a.lamports,
    executable: a.executable,
    data: a.data.slice(),
  };
  if (a.rentEpoch !== undefined) out.rentEpoch = a.rentEpoch;
  return out;
}

/** A recording with its initial accounts as an array of plain objects (`plainAccount`), in their order. */
export type PlainRecording = Omit<Recording, "chains"> & {
  chains: Record<Chain, Omit<ChainRecording, "initialAccounts"> & { initialAccounts: RecordedAccount[] }>;
};

/**
 * A recording whose initial accounts are plain objects (`plainAccount`), to compare two recordings: `deepEqual` does
 * not see into a `RecordedAccounts` (its accounts are private fields), so both sides must go through this.
 */
export function plainRecording(rec: Recording): PlainRecording {
  const chain = (c: ChainRecording) => ({ ...c, initialAccounts: [...c.initialAccounts].map(plainAccount) });
  return { ...rec, chains: { base: chain(rec.chains.base), er: chain(rec.chains.er) } };
}

/**
 * Whether two packed forms are the same bytes in memory (one slab, one place): what "one copy" means for accounts
 * read from a table, whose every read makes a new `PackedBytes` over the same place.
 */
export function samePlace(a: PackedBytes | undefined, b: PackedBytes | undefined): boolean {
  return a !== undefined && b !== undefined && a.slab === b.slab && a.offset === b.offset && a.size === b.size;
}

/** Polls `cond` until true or the deadline passes (network delivery is asynchronous). */
export async function waitFor(
  cond: () => boolean | Promise<boolean>,
  what = "condition",
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export function key(n: number): string {
  const b = new Uint8Array(32);
  b[0] = 7;
  b[31] = n;
  b[30] = n >> 8;
  return new PublicKey(b).toBase58();
}

export const PROGRAM = "FTv2RxXarPfNta45HTTMVaGvjzsGg27FXJ3hEKWBhrzV";
export const DELEGATION = "DELeGGvXpWV2fqJUhqcF5ZSYMS4JTLjteaAMARRSaeSh";
export const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
export const ALT_PROGRAM = "AddressLookupTab1e1111111111111111111111111";
export const BASKET_DISC = "db4f6b87e7f3daf8";
export const POOL_DISC = "f19a6d0411b16dbc";

/** Account data = discriminator + payload bytes. */
export function withDisc(disc: string, payload: number[] | Uint8Array, size = 48): Uint8Array {
  const d = new Uint8Array(size);
  d.set(fromHex(disc), 0);
  d.set(payload, 8);
  return d;
}

/** A valid, active address lookup table holding `addresses`. */
export function altData(addresses: string[]): Uint8Array {
  const d = new Uint8Array(56 + 32 * addresses.length);
  const v = new DataView(d.buffer);
  v.setUint32(0, 1, true);
  v.setBigUint64(4, 0xffffffffffffffffn, true);
  v.setBigUint64(12, 10n, true);
  addresses.forEach((a, i) => d.set(new PublicKey(a).toBytes(), 56 + 32 * i));
  return d;
}

export const K = {
  pool: key(1), // on both chains: ER copy must win
  basketA: key(2), // base only
  basketB: key(3), // ER (live), base copy delegated
  basketC: key(4), // ER only
  basketD: key(5), // created on base during the replay
  alt: key(6), // base extra account
  mint: key(7), // base extra account
  walletX: key(8),
};

export function acct(pubkey: string, owner: string, data: Uint8Array, lamports = 1_000_000n): RecordedAccount {
  return { pubkey, owner, lamports, executable: false, data };
}

export const START_MS = 1_760_000_000_000;

/** A small two-chain world with a few timed updates and oracle frames. */
export function smallRecording(): Recording {
  return {
    meta: {
      format: RECORDING_FORMAT,
      name: "small",
      seed: 1,
      createdAt: new Date(START_MS).toISOString(),
      durationMs: 5000,
      startedAtMs: START_MS,
      chains: { base: { startSlot: 1000 }, er: { startSlot: 5000 } },
      oracle: { feedIds: [1, 2] },
    },
    chains: {
      base: {
        initialAccounts: RecordedAccounts.of("base", [
          acct(K.pool, PROGRAM, withDisc(POOL_DISC, [1, 1, 1])),
          acct(K.basketA, PROGRAM, withDisc(BASKET_DISC, [0xa])),
          acct(K.basketB, DELEGATION, withDisc(BASKET_DISC, [0xb, 0])),
          acct(K.alt, ALT_PROGRAM, altData([K.pool, K.basketA])),
          acct(K.mint, TOKEN_PROGRAM, new Uint8Array(82).fill(3), 1_461_600n),
        ]),
        updates: [
          {
            atMs: 1000,
            slot: 1010,
            pubkey: K.mint,
            account: {
              owner: TOKEN_PROGRAM,
              lamports: 2_000_000n,
              executable: false,
              data: new Uint8Array(82).fill(4),
            },
          },
          {
            atMs: 2000,
            slot: 1020,
            pubkey: K.basketD,
            account: { owner: PROGRAM, lamports: 1_000_000n, executable: false, data: withDisc(BASKET_DISC, [0xd]) },
          },
        ],
        blockhashes: [
          { atMs: 0, slot: 1000, blockhash: key(100), lastValidBlockHeight: 900_150 },
          { atMs: 2000, slot: 1020, blockhash: key(101), lastValidBlockHeight: 900_170 },
        ],
      },
      er: {
        initialAccounts: RecordedAccounts.of("er", [
          acct(K.pool, PROGRAM, withDisc(POOL_DISC, [2, 2, 2])),
          acct(K.basketB, PROGRAM, withDisc(BASKET_DISC, [0xb, 1])),
          acct(K.basketC, PROGRAM, withDisc(BASKET_DISC, [0xc])),
        ]),
        updates: [
          {
            atMs: 1000,
            slot: 5010,
            pubkey: K.basketB,
            account: { owner: PROGRAM, lamports: 1_000_000n, executable: false, data: withDisc(BASKET_DISC, [0xb, 2]) },
          },
          {
            atMs: 3000,
            slot: 5030,
            pubkey: K.pool,
            account: { owner: PROGRAM, lamports: 1_000_000n, executable: false, data: withDisc(POOL_DISC, [3, 3, 3]) },
          },
        ],
        blockhashes: [
          { atMs: 0, slot: 5000, blockhash: key(200), lastValidBlockHeight: 7_150 },
          { atMs: 2000, slot: 5020, blockhash: key(201), lastValidBlockHeight: 7_170 },
        ],
      },
    },
    oracle: [
      {
        atMs: 500,
        feeds: [
          {
            feedId: 1,
            price: 15_000_000_000n,
            exponent: -8,
            confidence: 1_000n,
            marketSession: "regular",
            feedUpdateTimestampUs: BigInt(START_MS + 490) * 1000n,
          },
          {
            feedId: 2,
            price: 9_000_000_000_000n,
            exponent: -8,
            confidence: 5n,
            marketSession: "regular",
            feedUpdateTimestampUs: BigInt(START_MS + 480) * 1000n,
          },
          {
            feedId: 999,
            price: 1n,
            exponent: -2,
            confidence: 0n,
            marketSession: "regular",
            feedUpdateTimestampUs: BigInt(START_MS + 480) * 1000n,
          },
        ],
      },
      {
        atMs: 1500,
        feeds: [
          {
            feedId: 1,
            price: 15_100_000_000n,
            exponent: -8,
            confidence: 900n,
            marketSession: "regular",
            feedUpdateTimestampUs: BigInt(START_MS + 1490) * 1000n,
          },
        ],
      },
    ],
  };
}
