/**
 * Structured logs: one JSON object per line (`{"time","level","msg",...fields}`), so a log shipper can index
 * every field without parsing prose. The level comes from config `LOG_LEVEL`; below it a call costs one
 * comparison and builds nothing.
 *
 * At the default level every answered request writes a line, so a line must cost little: debug and info lines are
 * gathered and written to stdout every 10 ms (or every 64 KiB) instead of one write call each (that call was a third
 * of the CPU time of a small GET), and a line whose fields are all plain values is serialized without a replacer
 * (the request line, whose fields the caller serializes itself, with none). Warnings and errors go to stderr at once,
 * after what stdout holds, so a crash loses at most the last 10 ms of info lines.
 */

export const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
type EntryLevel = Exclude<LogLevel, "silent">;

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type LogFields = Record<string, unknown>;

export interface Logger {
  readonly level: LogLevel;
  enabled(level: EntryLevel): boolean;
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /**
   * A line whose fields the caller has already serialized, for a hot path that knows them (the request line):
   * `members` is the inside of a JSON object (`"a":1,"b":"x"`, no braces; empty for none) with no key named time,
   * level or msg. The caller checks `enabled(level)` first.
   */
  serialized(level: EntryLevel, msg: string, members: string): void;
  /** Writes out any line still held (call before the process exits). */
  flush(): void;
}

export interface LoggerOptions {
  level: LogLevel;
  /** Where a finished line goes (default: `bufferedConsole()`: stdout, stderr for warn and error). */
  write?: ((line: string, level: EntryLevel) => void) | LineSink;
  /** Clock for the `time` field (default: wall clock). */
  now?: () => number;
}

/** Where finished lines go: `write` takes one line, `flush` writes out whatever is held. */
export interface LineSink {
  write(line: string, level: EntryLevel): void;
  flush(): void;
}

/** Writes all of `bytes` (a write call may take only part of them). */
function writeAll(target: { writeSync(p: Uint8Array): number }, bytes: Uint8Array): void {
  let written = 0;
  while (written < bytes.length) written += target.writeSync(bytes.subarray(written));
}

/** Bytes held before they are written without waiting for the timer. */
const FLUSH_AT_CHARS = 64 * 1024;

/**
 * How long the first held line waits for others, ms. One timer per event-loop turn (the former zero delay) was a
 * twentieth of a busy service's CPU time; at this delay a crash loses at most this long's info lines.
 */
export const LOG_HOLD_MS = 10;

/**
 * stdout for debug and info lines, gathered and written `holdMs` after the first of them (one timer for all the lines
 * of that while) or when 64 KiB are held; stderr for warnings and errors, written at once after stdout's held lines.
 * Held lines are written when the process unloads (Deno.exit, end of the script); `flush()` writes them at any time.
 */
export function bufferedConsole(
  out: { writeSync(p: Uint8Array): number } = Deno.stdout,
  err: { writeSync(p: Uint8Array): number } = Deno.stderr,
  holdMs = LOG_HOLD_MS,
): LineSink {
  const encoder = new TextEncoder();
  const flushBuffer = new Uint8Array(4 * FLUSH_AT_CHARS);
  // One string appended to, not an array of lines joined at the flush: V8 appends to a rope cheaply and flattens it
  // once when it is encoded (in isolation about a third less per line than push + join; in the service under load
  // the difference is within the noise).
  let held = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (held.length === 0) return;
    const text = held;
    held = "";
    // Encoded into one reused buffer when it surely fits (UTF-8 takes at most 3 bytes per UTF-16 unit): a new 64 KiB
    // array per flush is memory the collector has to account for, about 150 times a second at 50,000 requests/s.
    if (text.length * 3 <= flushBuffer.length) {
      writeAll(out, flushBuffer.subarray(0, encoder.encodeInto(text, flushBuffer).written));
    } else writeAll(out, encoder.encode(text));
  };
  globalThis.addEventListener("unload", flush);
  return {
    write(line, level) {
      if (level === "warn" || level === "error") {
        flush();
        writeAll(err, encoder.encode(line + "\n"));
        return;
      }
      held += line + "\n";
      if (held.length >= FLUSH_AT_CHARS) flush();
      else if (timer === undefined) {
        timer = setTimeout(flush, holdMs);
        // A pending log write never keeps the process alive on its own (unload writes it).
        Deno.unrefTimer(timer);
      }
    },
    flush,
  };
}

/** Errors become `{name, message, stack}`; bigints become strings (JSON cannot hold them). */
function jsonValue(_key: string, value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

/** Keys every line starts with; a field of the same name would repeat them, so such a line takes the slow path. */
const HEAD_KEYS = new Set(["time", "level", "msg"]);

/**
 * The line of `fields` after the head (`,"a":1}`), or undefined when it needs the general path (a field that is not
 * a plain value, or one that would repeat a head key). Plain fields are serialized once, without a replacer, and
 * spliced after the head instead of being copied into a new entry object first.
 */
function plainTail(fields: LogFields | undefined): string | undefined {
  if (fields === undefined) return "}";
  for (const key in fields) {
    const value = fields[key];
    const type = typeof value;
    if (value !== null && type !== "string" && type !== "number" && type !== "boolean" && type !== "undefined") {
      return undefined;
    }
    if (HEAD_KEYS.has(key)) return undefined;
  }
  const json = JSON.stringify(fields);
  return json.length > 2 ? "," + json.slice(1) : "}";
}

export function createLogger(options: LoggerOptions): Logger {
  const threshold = RANK[options.level];
  const sink: LineSink = typeof options.write === "function"
    ? { write: options.write, flush: () => {} }
    : options.write ?? (threshold < RANK.silent ? bufferedConsole() : { write: () => {}, flush: () => {} });
  const now = options.now ?? Date.now;
  // Lines of the same millisecond share their timestamp text (a busy service writes many per millisecond), and the
  // text up to the second is formatted once a second: a new millisecond only appends its three digits.
  let stampedMs = NaN;
  let stamp = "";
  let second = NaN;
  let secondText = ""; // "2026-11-23T15:25:45."
  const timeOf = (instant: number) => {
    const ms = Math.floor(instant);
    if (ms !== stampedMs) {
      stampedMs = ms;
      const milli = ((ms % 1000) + 1000) % 1000;
      if (ms - milli !== second) {
        second = ms - milli;
        secondText = new Date(second).toISOString().slice(0, -4);
      }
      stamp = `${secondText}${String(milli).padStart(3, "0")}Z`;
    }
    return stamp;
  };
  // What follows the time in a serialized line, cached for the last level and message (every request line has the
  // same).
  let afterTimeMsg: string | undefined;
  let afterTimeLevel: EntryLevel | undefined;
  let afterTime = "";
  const emit = (level: EntryLevel, msg: string, fields?: LogFields) => {
    if (RANK[level] < threshold) return;
    const time = timeOf(now());
    const tail = plainTail(fields);
    let line: string;
    if (tail !== undefined) {
      line = `{"time":"${time}","level":"${level}","msg":${JSON.stringify(msg)}${tail}`;
    } else {
      try {
        line = JSON.stringify({ time, level, msg, ...fields }, jsonValue);
      } catch {
        // A field that cannot be serialized (a cycle) must not lose the line.
        line = JSON.stringify({ time, level, msg, fieldsError: "fields not serializable" });
      }
    }
    sink.write(line, level);
  };
  return {
    level: options.level,
    enabled: (level) => RANK[level] >= threshold,
    serialized: (level, msg, members) => {
      if (RANK[level] < threshold) return;
      if (msg !== afterTimeMsg || level !== afterTimeLevel) {
        afterTimeMsg = msg;
        afterTimeLevel = level;
        afterTime = `","level":"${level}","msg":${JSON.stringify(msg)}`;
      }
      const time = timeOf(now());
      sink.write(members === "" ? `{"time":"${time}${afterTime}}` : `{"time":"${time}${afterTime},${members}}`, level);
    },
    debug: (msg, fields) => emit("debug", msg, fields),
    info: (msg, fields) => emit("info", msg, fields),
    warn: (msg, fields) => emit("warn", msg, fields),
    error: (msg, fields) => emit("error", msg, fields),
    flush: () => sink.flush(),
  };
}

/** A logger that drops everything (tests, benchmarks). */
export const silentLogger: Logger = createLogger({ level: "silent" });
