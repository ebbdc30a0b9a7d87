/**
 * Structured logs: one JSON object per line (`{"time","level","msg",...fields}`), so a log shipper can index
 * every field without parsing prose. The level comes from config `LOG_LEVEL`; below it a call costs one
 * comparison and builds nothing.
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
}

export interface LoggerOptions {
  level: LogLevel;
  /** Where a finished line goes (default: stdout, stderr for warn and error). */
  write?: (line: string, level: EntryLevel) => void;
  /** Clock for the `time` field (default: wall clock). */
  now?: () => number;
}

const defaultWrite = (line: string, level: EntryLevel) => {
  if (level === "warn" || level === "error") console.error(line);
  else console.log(line);
};

/** Errors become `{name, message, stack}`; bigints become strings (JSON cannot hold them). */
function jsonValue(_key: string, value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

export function createLogger(options: LoggerOptions): Logger {
  const threshold = RANK[options.level];
  const write = options.write ?? defaultWrite;
  const now = options.now ?? Date.now;
  const emit = (level: EntryLevel, msg: string, fields?: LogFields) => {
    if (RANK[level] < threshold) return;
    const entry = { time: new Date(now()).toISOString(), level, msg, ...fields };
    let line: string;
    try {
      line = JSON.stringify(entry, jsonValue);
    } catch {
      // A field that cannot be serialized (a cycle) must not lose the line.
      line = JSON.stringify({ time: entry.time, level, msg, fieldsError: "fields not serializable" });
    }
    write(line, level);
  };
  return {
    level: options.level,
    enabled: (level) => RANK[level] >= threshold,
    debug: (msg, fields) => emit("debug", msg, fields),
    info: (msg, fields) => emit("info", msg, fields),
    warn: (msg, fields) => emit("warn", msg, fields),
    error: (msg, fields) => emit("error", msg, fields),
  };
}

/** A logger that drops everything (tests, benchmarks). */
export const silentLogger: Logger = createLogger({ level: "silent" });
