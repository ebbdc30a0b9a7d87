/**
 * The few C library calls the connection layer needs and Deno 2.9.6 does not offer: reading and raising the
 * descriptor limit, and looking at a connection's first bytes without taking them (`recv` with MSG_PEEK), so the
 * bytes stay for the HTTP server that the connection is handed to. Linux with glibc only (the service's images);
 * elsewhere `libc()` is undefined and callers fall back (src/http/connections/README.md says how).
 */

const RLIMIT_NOFILE = 7;
const MSG_PEEK = 0x2;
const MSG_DONTWAIT = 0x40;
const EAGAIN = 11;
const EINTR = 4;

const SYMBOLS = {
  getrlimit: { parameters: ["i32", "buffer"], result: "i32" },
  setrlimit: { parameters: ["i32", "buffer"], result: "i32" },
  recv: { parameters: ["i32", "buffer", "usize", "i32"], result: "isize" },
  close: { parameters: ["i32"], result: "i32" },
  __errno_location: { parameters: [], result: "pointer" },
} as const;

type Library = Deno.DynamicLibrary<typeof SYMBOLS>;

let loaded: Library | null | undefined;

/** The C library, opened once; undefined where it cannot be (not Linux/glibc, or no FFI permission). */
export function libc(): Library | undefined {
  if (loaded === undefined) {
    try {
      loaded = Deno.build.os === "linux" ? Deno.dlopen("libc.so.6", SYMBOLS) : null;
    } catch {
      loaded = null;
    }
  }
  return loaded ?? undefined;
}

function errno(library: Library): number {
  const pointer = library.symbols.__errno_location();
  return pointer === null ? 0 : new Deno.UnsafePointerView(pointer).getInt32();
}

/** The largest limit this module reports: RLIM_INFINITY and anything near it read as "a million descriptors". */
const LIMIT_CAP = 1 << 20;

export interface DescriptorLimit {
  soft: number;
  hard: number;
}

/** The process's descriptor limit, its soft value raised to the hard one first where it is lower. */
export function raiseDescriptorLimit(library: Library): DescriptorLimit | undefined {
  const limits = new BigUint64Array(2);
  if (library.symbols.getrlimit(RLIMIT_NOFILE, limits) !== 0) return undefined;
  if (limits[0] < limits[1]) {
    const raised = new BigUint64Array([limits[1], limits[1]]);
    if (library.symbols.setrlimit(RLIMIT_NOFILE, raised) === 0) limits[0] = limits[1];
  }
  const read = (value: bigint) => value > BigInt(LIMIT_CAP) ? LIMIT_CAP : Number(value);
  return { soft: read(limits[0]), hard: read(limits[1]) };
}

/** What a look at a socket's unread bytes found. */
export type Peek =
  | { kind: "bytes"; length: number }
  /** Nothing to read yet. */
  | { kind: "waiting" }
  /** The peer closed its side (0 bytes) or the socket failed (reset): nothing will come. */
  | { kind: "ended" };

/** Copies up to `into.length` unread bytes of socket `fd` into `into`, leaving them unread. Never blocks. */
export function peek(library: Library, fd: number, into: Uint8Array<ArrayBuffer>): Peek {
  const read = Number(library.symbols.recv(fd, into, BigInt(into.length), MSG_PEEK | MSG_DONTWAIT));
  if (read > 0) return { kind: "bytes", length: read };
  if (read === 0) return { kind: "ended" };
  const code = errno(library);
  return code === EAGAIN || code === EINTR ? { kind: "waiting" } : { kind: "ended" };
}

/** Closes a descriptor of our own (the copy a socket lends for looking: listener.ts). */
export function closeDescriptor(library: Library, fd: number): void {
  library.symbols.close(fd);
}
