/**
 * `manifest.json` beside the recording: what the world holds, so QA and tests can pick cases ("an owner with ≥ 3
 * positions and ≥ 1 limit order", "an owner without a basket", …). Owner entries are streamed to a temporary file
 * while the world is generated (one line each) and spliced into the final document, so large worlds never build the
 * whole manifest in memory.
 */

export interface ManifestPosition {
  market: string;
  label: string;
  symbol: string;
  side: "long" | "short";
  collateral: string;
}

export interface ManifestOrderSlots {
  market: string;
  label: string;
  /** Indices (orderId) of the non-empty slots. */
  limit: number[];
  takeProfit: number[];
  stopLoss: number[];
}

export interface ManifestOwner {
  index: number;
  owner: string;
  /** The owner's accounts of that interface change during the replay. */
  activeInReplay: { v2: boolean; earlier: boolean };
  v2: {
    basket: string | null;
    ledger: string | null;
    /** Non-empty positions / limit orders / TP+SL orders at the start of the recording. */
    positions: number;
    limitOrders: number;
    triggerOrders: number;
    /** Entries of the basket's position vector (zero-size entries included). */
    positionEntries: number;
    positionList: ManifestPosition[];
    orders: ManifestOrderSlots[];
  };
  earlier: {
    positions: number;
    limitOrders: number;
    triggerOrders: number;
    positionList: (ManifestPosition & { position: string })[];
    orders: (ManifestOrderSlots & { order: string })[];
    tokenStake: string | null;
    referral: string | null;
  };
}

type Case = { name: string; iface: "v2" | "earlier"; test: (o: ManifestOwner) => boolean; description: string };

const sparse = (xs: number[]) => xs.some((x, i) => x !== i);
const hasSparse = (orders: ManifestOrderSlots[]) =>
  orders.some((o) => sparse(o.limit) || sparse(o.takeProfit) || sparse(o.stopLoss));

export const CASES: Case[] = [
  {
    name: "manyPositionsAndLimitOrder",
    iface: "v2",
    description: "≥ 3 positions and ≥ 1 limit order",
    test: (o) => o.v2.positions >= 3 && o.v2.limitOrders >= 1,
  },
  {
    name: "longAndShort",
    iface: "v2",
    description: "long and short positions",
    test: (o) => o.v2.positionList.some((p) => p.side === "long") && o.v2.positionList.some((p) => p.side === "short"),
  },
  { name: "triggerOrders", iface: "v2", description: "≥ 1 TP/SL order", test: (o) => o.v2.triggerOrders >= 1 },
  {
    name: "sparseOrderIds",
    iface: "v2",
    description: "order slots with empty slots before filled ones",
    test: (o) => hasSparse(o.v2.orders),
  },
  {
    name: "onlyLimitOrders",
    iface: "v2",
    description: "a basket with limit orders and no open position",
    test: (o) => o.v2.basket !== null && o.v2.positions === 0 && o.v2.limitOrders >= 1,
  },
  {
    name: "zeroSizePositionEntry",
    iface: "v2",
    description: "a basket keeping a closed (zero-size) position entry",
    test: (o) => o.v2.positionEntries > o.v2.positions,
  },
  {
    name: "withoutBasket",
    iface: "v2",
    description: "no basket and no ledger",
    test: (o) => o.v2.basket === null && o.v2.ledger === null,
  },
  {
    name: "ledgerWithoutBasket",
    iface: "v2",
    description: "a deposit ledger but no basket",
    test: (o) => o.v2.basket === null && o.v2.ledger !== null,
  },
  {
    name: "manyPositionsAndLimitOrder",
    iface: "earlier",
    description: "≥ 2 positions and ≥ 1 limit order",
    test: (o) => o.earlier.positions >= 2 && o.earlier.limitOrders >= 1,
  },
  {
    name: "triggerOrders",
    iface: "earlier",
    description: "≥ 1 TP/SL order",
    test: (o) => o.earlier.triggerOrders >= 1,
  },
  {
    name: "sparseOrderIds",
    iface: "earlier",
    description: "order slots with empty slots before filled ones",
    test: (o) => hasSparse(o.earlier.orders),
  },
  {
    name: "onlyOrders",
    iface: "earlier",
    description: "order accounts and no position",
    test: (o) => o.earlier.positions === 0 && o.earlier.orders.length > 0,
  },
  {
    name: "noAccounts",
    iface: "earlier",
    description: "no position or order account",
    test: (o) => o.earlier.positions === 0 && o.earlier.orders.length === 0,
  },
  {
    name: "tokenStake",
    iface: "earlier",
    description: "a TokenStake account",
    test: (o) => o.earlier.tokenStake !== null,
  },
  { name: "referral", iface: "earlier", description: "a Referral account", test: (o) => o.earlier.referral !== null },
];

interface Totals {
  owners: number;
  v2: {
    withBasket: number;
    withLedger: number;
    withoutBasket: number;
    positions: number;
    limitOrders: number;
    triggerOrders: number;
  };
  earlier: {
    withPositions: number;
    positions: number;
    limitOrders: number;
    triggerOrders: number;
    orderAccounts: number;
    tokenStakes: number;
    referrals: number;
  };
}

export class ManifestWriter {
  readonly #dir: string;
  readonly #tmp: string;
  readonly #file: Deno.FsFile;
  readonly #enc = new TextEncoder();
  #buf: string[] = [];
  #count = 0;
  readonly #cases = new Map<string, { owner: string; stable: boolean }>();
  readonly #active: Record<"v2" | "earlier", string | null> = { v2: null, earlier: null };
  readonly totals: Totals = {
    owners: 0,
    v2: { withBasket: 0, withLedger: 0, withoutBasket: 0, positions: 0, limitOrders: 0, triggerOrders: 0 },
    earlier: {
      withPositions: 0,
      positions: 0,
      limitOrders: 0,
      triggerOrders: 0,
      orderAccounts: 0,
      tokenStakes: 0,
      referrals: 0,
    },
  };

  private constructor(dir: string, tmp: string, file: Deno.FsFile) {
    this.#dir = dir;
    this.#tmp = tmp;
    this.#file = file;
  }

  static async open(dir: string): Promise<ManifestWriter> {
    await Deno.mkdir(dir, { recursive: true });
    const tmp = `${dir}/.manifest.owners.tmp`;
    const file = await Deno.open(tmp, { write: true, create: true, truncate: true, read: true });
    return new ManifestWriter(dir, tmp, file);
  }

  async owner(o: ManifestOwner): Promise<void> {
    const t = this.totals;
    t.owners++;
    if (o.v2.basket) t.v2.withBasket++;
    else t.v2.withoutBasket++;
    if (o.v2.ledger) t.v2.withLedger++;
    t.v2.positions += o.v2.positions;
    t.v2.limitOrders += o.v2.limitOrders;
    t.v2.triggerOrders += o.v2.triggerOrders;
    if (o.earlier.positions) t.earlier.withPositions++;
    t.earlier.positions += o.earlier.positions;
    t.earlier.limitOrders += o.earlier.limitOrders;
    t.earlier.triggerOrders += o.earlier.triggerOrders;
    t.earlier.orderAccounts += o.earlier.orders.length;
    if (o.earlier.tokenStake) t.earlier.tokenStakes++;
    if (o.earlier.referral) t.earlier.referrals++;
    for (const c of CASES) {
      const key = `${c.iface}:${c.name}`;
      const found = this.#cases.get(key);
      if (found?.stable) continue;
      const stable = !o.activeInReplay[c.iface];
      if (c.test(o) && (!found || stable)) this.#cases.set(key, { owner: o.owner, stable });
    }
    for (const iface of ["v2", "earlier"] as const) {
      if (o.activeInReplay[iface] && !this.#active[iface]) this.#active[iface] = o.owner;
    }
    this.#buf.push((this.#count++ ? ",\n    " : "    ") + JSON.stringify(o));
    if (this.#buf.length >= 256) await this.#flush();
  }

  async #flush() {
    if (!this.#buf.length) return;
    const chunk = this.#enc.encode(this.#buf.join(""));
    this.#buf = [];
    let off = 0;
    while (off < chunk.length) off += await this.#file.write(chunk.subarray(off));
  }

  /** Writes `manifest.json`: the header fields, counts, cases, then the owners. */
  async close(header: Record<string, unknown>): Promise<void> {
    await this.#flush();
    const cases: Record<string, Record<string, unknown>> = { v2: {}, earlier: {} };
    for (const c of CASES) {
      const f = this.#cases.get(`${c.iface}:${c.name}`);
      cases[c.iface][c.name] = f ? { owner: f.owner, stableDuringReplay: f.stable, description: c.description } : null;
    }
    for (const iface of ["v2", "earlier"] as const) {
      cases[iface].activeInReplay = this.#active[iface]
        ? { owner: this.#active[iface], stableDuringReplay: false, description: "accounts change during the replay" }
        : null;
    }
    const head = JSON.stringify({ ...header, counts: this.totals, cases }, null, 2);
    const out = await Deno.open(`${this.#dir}/manifest.json`, { write: true, create: true, truncate: true });
    try {
      const write = async (bytes: Uint8Array) => {
        let off = 0;
        while (off < bytes.length) off += await out.write(bytes.subarray(off));
      };
      await write(this.#enc.encode(head.slice(0, head.lastIndexOf("}")).trimEnd() + ',\n  "owners": [\n'));
      await this.#file.seek(0, Deno.SeekMode.Start);
      const buf = new Uint8Array(1 << 16);
      for (;;) {
        const n = await this.#file.read(buf);
        if (n === null || n === 0) break;
        await write(buf.subarray(0, n));
      }
      await write(this.#enc.encode((this.#count ? "\n" : "") + "  ]\n}\n"));
    } finally {
      out.close();
      this.#file.close();
      await Deno.remove(this.#tmp).catch(() => {});
    }
  }

  async abort(): Promise<void> {
    try {
      this.#file.close();
    } catch {
      // already closed
    }
    await Deno.remove(this.#tmp).catch(() => {});
  }
}
