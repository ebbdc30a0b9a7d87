/**
 * The token list of one deployment (GET /v2/tokens, GET /tokens). The configuration is fixed after boot, so once
 * started the list is built once and kept; before `start()` (and after `stop()`) every read builds it.
 */
import type { DeploymentIndex } from "../config/deployment-index.ts";
import type { TokenConfig } from "../config/pool-config.ts";

export class TokenListCache<T> {
  #kept: readonly T[] | undefined;
  #started = false;

  constructor(
    private readonly index: DeploymentIndex,
    private readonly build: (tokens: readonly TokenConfig[]) => T[],
  ) {}

  get tokens(): readonly T[] {
    if (!this.#started) return this.build(this.index.tokens);
    return this.#kept ??= this.build(this.index.tokens);
  }

  start(): void {
    this.#started = true;
  }

  stop(): void {
    this.#started = false;
    this.#kept = undefined;
  }
}
