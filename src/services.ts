/**
 * Everything a handler may use, assembled once at boot (src/main.ts) or by a test.
 * Handlers read state through these objects and never reach for globals.
 */
import type { Config } from "./config/env.ts";

export interface Services {
  config: Config;
}
