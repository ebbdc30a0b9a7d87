/**
 * A headless Chromium for end-to-end tests, driven by playwright-core (the library only: it never downloads a
 * browser). The browser is Debian's `chromium` (`.ci/run` installs it); where it is absent, tests that need it
 * are skipped with a message saying so.
 *
 *   const browser = await launchBrowser();
 *   try {
 *     const page = await browser.context.newPage();
 *     ...
 *     assert.deepEqual(browser.outsideRequests(), []);
 *   } finally {
 *     await browser.close();
 *   }
 *
 * Every request the pages make is seen: requests to loopback hosts go through, anything else is aborted and
 * recorded, so a test can assert that a page loads nothing from outside this machine.
 *
 * While Playwright intercepts requests it answers every CORS preflight itself, granting whatever was asked, so
 * the server's own preflight answer never reaches the browser. A test about CORS therefore launches with
 * `{ interceptRequests: false }`: requests are then only recorded (outside ones included), not aborted.
 */
import { type BrowserContext, chromium } from "playwright-core";

export const CHROMIUM_PATH = "/usr/bin/chromium";

function chromiumInstalled(): boolean {
  try {
    return Deno.statSync(CHROMIUM_PATH).isFile;
  } catch {
    return false;
  }
}

export const HAS_CHROMIUM = chromiumInstalled();
if (!HAS_CHROMIUM) console.warn(`${CHROMIUM_PATH} is not installed: the browser tests are skipped`);

/** Flags for a quiet, self-contained browser: no sandbox (root in CI), no GPU, no QUIC, no background traffic. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

export interface TestBrowser {
  context: BrowserContext;
  /** Every URL the pages requested, in order. */
  requests: string[];
  /** Requested URLs whose host is not loopback (aborted, unless interception is off). */
  outsideRequests(): string[];
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Abort requests to other hosts (default). Off: only record them, and let CORS preflights reach the server. */
  interceptRequests?: boolean;
}

export async function launchBrowser({ interceptRequests = true }: LaunchOptions = {}): Promise<TestBrowser> {
  // A fresh profile per launch (playwright passes it as --user-data-dir), removed on close.
  const profile = await Deno.makeTempDir({ prefix: "chromium-profile-" });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  const requests: string[] = [];
  const outside: string[] = [];
  const isLocal = (url: string) => {
    const { protocol, hostname } = new URL(url);
    return protocol === "data:" || protocol === "blob:" || LOOPBACK.has(hostname);
  };
  if (interceptRequests) {
    await context.route("**/*", (route) => {
      const url = route.request().url();
      requests.push(url);
      if (isLocal(url)) return route.continue();
      outside.push(url);
      return route.abort("blockedbyclient");
    });
  } else {
    context.on("request", (request) => {
      const url = request.url();
      requests.push(url);
      if (!isLocal(url)) outside.push(url);
    });
  }
  return {
    context,
    requests,
    outsideRequests: () => [...outside],
    async close() {
      await context.close();
      await Deno.remove(profile, { recursive: true }).catch(() => {});
    },
  };
}
