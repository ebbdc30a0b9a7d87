/**
 * One world for the tests of a file: started by the first test that asks for it and stopped by the file's last
 * test, so each endpoint is a Deno.test of its own (one failure hides no other, `--filter` runs one) while the world
 * starts once per file. The world's timers and sockets outlive each test by design, so these tests run without the
 * op and resource sanitizers; a run filtered down to some of them leaves the world to the process's exit.
 */
export function sharedWorld<T extends { service: { stop(): Promise<void> } }>(label: string, start: () => Promise<T>) {
  let started: Promise<T> | undefined;
  const options = { sanitizeOps: false, sanitizeResources: false };
  return {
    /** The world, started on the first call. */
    world: (): Promise<T> => started ??= start(),
    /** A test of the file, named after its label. */
    test: (name: string, fn: () => Promise<void>) => Deno.test({ name: `${label}: ${name}`, ...options, fn }),
    /** The file's last test: stops the world if a test started it. */
    stopAfterAll: () =>
      Deno.test({
        name: `${label}: the world stops`,
        ...options,
        fn: async () => {
          if (started) await (await started).service.stop();
        },
      }),
  };
}
