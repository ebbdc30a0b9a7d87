/**
 * Writes accounts and timed updates of the world into a `flash-replay/1` recording, per chain, with slots derived
 * from the recording offset (base 400 ms slots, ER 50 ms slots). v2 accounts that are delegated live on the ER
 * (owner: the program) and have a base copy owned by the delegation program plus a delegation record; the base copy
 * is refreshed at each ER commit (every 10 s) for the accounts that changed.
 */
import type { RecordingWriter } from "../../src/replay/format.ts";
import type { Chain } from "../../src/state/types.ts";
import { DELEGATION_PROGRAM_ID, MAGICBLOCK_VALIDATOR_KEY } from "../../src/protocol/constants.ts";
import * as pda from "../../src/protocol/pda.ts";
import { encodeDelegationRecord, rentExempt } from "./spl.ts";

export const SLOT_MS: Record<Chain, number> = { base: 400, er: 50 };
export const START_SLOT: Record<Chain, number> = { base: 391_240_000, er: 157_300_000 };
export const START_BLOCK_HEIGHT: Record<Chain, number> = { base: 369_512_345, er: 157_300_000 };
/** ER → base commit period of delegated accounts (the service's `delegate-basket` uses 10 000 ms). */
export const COMMIT_FREQUENCY_MS = 10_000;

export function slotAt(chain: Chain, atMs: number): number {
  return START_SLOT[chain] + 1 + Math.floor(atMs / SLOT_MS[chain]);
}

export class Emitter {
  readonly initialCounts: Record<Chain, number> = { base: 0, er: 0 };
  readonly updateCounts: Record<Chain, number> = { base: 0, er: 0 };
  readonly updatesByKind: Record<string, number> = {};
  /** Delegated accounts changed on the ER since the last commit: pubkey → latest data. */
  readonly #dirty = new Map<string, { data: Uint8Array; lamports: bigint }>();
  #lastAt: Record<Chain, number> = { base: 0, er: 0 };

  constructor(readonly writer: RecordingWriter, readonly v2ProgramId: string) {}

  async initial(chain: Chain, pubkey: string, owner: string, data: Uint8Array, lamports = rentExempt(data.length)) {
    this.initialCounts[chain]++;
    await this.writer.writeInitialAccount(chain, { pubkey, owner, lamports, executable: false, data });
  }

  /** A delegated v2 account: ER copy, stale-able base copy, and its delegation record. */
  async delegated(pubkey: string, data: Uint8Array) {
    const lamports = rentExempt(data.length);
    await this.initial("er", pubkey, this.v2ProgramId, data, lamports);
    await this.initial("base", pubkey, DELEGATION_PROGRAM_ID, data, lamports);
    const record = encodeDelegationRecord(
      MAGICBLOCK_VALIDATOR_KEY["mainnet-beta"],
      this.v2ProgramId,
      BigInt(START_SLOT.base - 1_000_000),
      lamports,
      BigInt(COMMIT_FREQUENCY_MS),
    );
    await this.initial("base", pda.delegationRecord(pubkey), DELEGATION_PROGRAM_ID, record);
  }

  async update(
    chain: Chain,
    atMs: number,
    kind: string,
    pubkey: string,
    owner: string,
    data: Uint8Array | null,
    lamports?: bigint,
  ) {
    if (atMs < this.#lastAt[chain]) {
      throw new Error(`updates out of order on ${chain}: ${atMs} < ${this.#lastAt[chain]}`);
    }
    this.#lastAt[chain] = atMs;
    this.updateCounts[chain]++;
    const k = `${chain}:${kind}`;
    this.updatesByKind[k] = (this.updatesByKind[k] ?? 0) + 1;
    await this.writer.writeUpdate(chain, {
      atMs,
      slot: slotAt(chain, atMs),
      pubkey,
      account: data === null ? null : { owner, lamports: lamports ?? rentExempt(data.length), executable: false, data },
    });
  }

  /** An update of a delegated v2 account on the ER (its base copy follows at the next commit). */
  async er(atMs: number, kind: string, pubkey: string, data: Uint8Array) {
    const lamports = rentExempt(data.length);
    await this.update("er", atMs, kind, pubkey, this.v2ProgramId, data, lamports);
    this.#dirty.set(pubkey, { data, lamports });
  }

  /** ER commit: the base copies of the changed delegated accounts catch up. */
  async commit(atMs: number) {
    for (const [pubkey, { data, lamports }] of this.#dirty) {
      await this.update("base", atMs, "commit", pubkey, DELEGATION_PROGRAM_ID, data, lamports);
    }
    this.#dirty.clear();
  }
}
