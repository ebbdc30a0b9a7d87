/** Polls `probe` until it yields a value (network delivery has no fixed latency); fails after `ms`. */
export async function eventually<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  what: string,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}
