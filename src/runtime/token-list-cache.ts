/**
 * The token list of one deployment (GET /v2/tokens, GET /tokens). The configuration is fixed after boot, so once
 * started the list is built once and cached; before `start()` (and after `stop()`) every read builds it.
 */
import type { DeploymentIndex } from "../config/deployment-index.ts";
import type { TokenConfig } from "../config/pool-config.ts";
import { JsonCache, type JsonText } from "./json-cache.ts";

/** The list as the answer's (mutable) array type; copied once per serialization, not per request. */
const asArray = <T>(list: readonly T[]): T[] => [...list];

export class TokenListCache<T> {
  #cached: readonly T[] | undefined;
  #started = false;
  readonly #answers = new JsonCache<readonly T[]>();

  constructor(
    private readonly index: DeploymentIndex,
    private readonly build: (tokens: readonly TokenConfig[]) => T[],
  ) {}

  get tokens(): readonly T[] {
    if (!this.#started) return this.build(this.index.tokens);
    return this.#cached ??= this.build(this.index.tokens);
  }

  /** `tokens` as JSON text, serialized once per cached list. */
  get json(): JsonText<T[]> {
    return this.#answers.of(this.tokens, asArray);
  }

  start(): void {
    this.#started = true;
  }

  stop(): void {
    this.#started = false;
    this.#cached = undefined;
  }
}
