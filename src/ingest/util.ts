/**
 * `text` with every URL cut to its origin: a cause names the URL it failed on, and an RPC provider's URL often carries
 * its API key in the path or query, which must not reach the logs.
 */
function withoutUrlSecrets(text: string): string {
  return text.replace(/\b(?:https?|wss?):\/\/[^\s)]+/g, (url) => {
    try {
      return `${new URL(url).origin}/…`;
    } catch {
      return "<url>";
    }
  });
}

/**
 * An error's message, with its cause's when it has one: `fetch failed` alone does not tell a refused connection from a
 * DNS failure or a TLS error; Deno puts that in the cause.
 */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) {
    const cause = err.cause === undefined ? undefined : withoutUrlSecrets(errorMessage(err.cause));
    return cause && !err.message.includes(cause) ? `${err.message} (${cause})` : err.message;
  }
  if (err && typeof err === "object" && "message" in err) return String((err as { message: unknown }).message);
  return String(err);
}

/** Sleeps `ms`, rejecting early with the signal's reason when it aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** Resolves like `p`, or rejects as soon as `signal` aborts (p keeps running; its rejection is swallowed). */
export function raceSignal<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    p.catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener("abort", onAbort);
        reject(e);
      },
    );
  });
}

/**
 * A signal that aborts with `parent` or after `ms`; call `clear()` to drop the timer, `restart()` to count the `ms`
 * from now again (a time limit between signs of progress rather than over the whole). A restart only notes the time:
 * the timer, when it fires, waits again for what is left (a streamed answer restarts for each of its thousands of
 * pieces, and a new timer each time was 146 ms of a profiled 100,000-owner start).
 */
export function timeoutSignal(
  parent: AbortSignal,
  ms: number,
  what = "timeout",
): { signal: AbortSignal; clear(): void; restart(): void } {
  const ctl = new AbortController();
  let from = performance.now();
  const expire = () => {
    const left = from + ms - performance.now();
    if (left > 0) timer = setTimeout(expire, left);
    else ctl.abort(new Error(`${what} after ${ms} ms`));
  };
  let timer = setTimeout(expire, ms);
  const signal = AbortSignal.any([parent, ctl.signal]);
  return {
    signal,
    clear: () => clearTimeout(timer),
    restart: () => {
      from = performance.now();
    },
  };
}

/**
 * Runs `task` every `intervalMs` (wall time, counted from the end of the previous run) until `signal` aborts. A run
 * that fails goes to `onError` and the schedule goes on. `onWaiting` receives a function that ends the current wait
 * early (a requested run).
 */
export async function runEvery(
  intervalMs: number,
  signal: AbortSignal,
  task: () => Promise<void>,
  onError: (err: unknown) => void,
  onWaiting?: (wakeUp: () => void) => void,
): Promise<void> {
  while (!signal.aborted) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, intervalMs);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        resolve();
      }
      signal.addEventListener("abort", done, { once: true });
      onWaiting?.(done);
    });
    if (signal.aborted) return;
    try {
      await raceSignal(task(), signal);
    } catch (err) {
      if (!signal.aborted) onError(err);
    }
  }
}
