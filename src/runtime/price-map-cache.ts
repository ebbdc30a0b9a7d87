/**
 * The price map of one deployment (GET /v2/prices, GET /prices). It changes only when a price does (every 200 ms at
 * most) while it may be read thousands of times a second, so once started it is cached and rebuilt on the first read
 * after a change, which the price store's subscription signals. Before `start()` (and after `stop()`) nothing tells
 * it of changes, so every read builds it afresh.
 */
import type { DeploymentIndex } from "../config/deployment-index.ts";
import { type PriceDto, priceMap } from "../domain/views/prices.ts";
import type { PriceStore } from "../state/price-store.ts";
import type { Unsubscribe } from "../state/types.ts";
import { JsonCache, type JsonText } from "./json-cache.ts";

const asIs = <T>(value: T) => value;

export class PriceMapCache {
  #cached: Record<string, PriceDto> | undefined;
  #unsubscribe: Unsubscribe | undefined;
  readonly #answers = new JsonCache<Record<string, PriceDto>>();

  constructor(private readonly index: DeploymentIndex, private readonly prices: PriceStore) {}

  /** Every configured symbol that has a price. */
  get bySymbol(): Record<string, PriceDto> {
    if (!this.#unsubscribe) return this.#build();
    return this.#cached ??= this.#build();
  }

  /** `bySymbol` as JSON text, serialized once per cached map. */
  get json(): JsonText<Record<string, PriceDto>> {
    return this.#answers.of(this.bySymbol, asIs);
  }

  start(): void {
    if (this.#unsubscribe) return;
    this.#unsubscribe = this.prices.subscribe(() => this.#cached = undefined);
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#cached = undefined;
  }

  #build(): Record<string, PriceDto> {
    return priceMap(this.index.pools, (feedId) => this.prices.get(feedId));
  }
}
