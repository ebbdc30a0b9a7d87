/**
 * The single error type of the codec layer. Every failure to read or write account bytes (short buffer,
 * wrong discriminator, invalid enum index, value out of range for its field type…) surfaces as a `CodecError`
 * so callers can tell "these bytes are not what we expected" apart from programming errors.
 */
export class CodecError extends Error {
  /** Field path from the outermost structure to the failing field, e.g. `["positions", "1", "sizeUsd"]`. */
  readonly path: readonly string[];
  /** The message without the path prefix. */
  readonly detail: string;

  constructor(detail: string, path: readonly string[] = []) {
    super(path.length > 0 ? `${path.join(".")}: ${detail}` : detail);
    this.name = "CodecError";
    this.detail = detail;
    this.path = path;
  }

  /** A copy of this error with `segment` prepended to its path (used while unwinding nested structures). */
  within(segment: string): CodecError {
    const e = new CodecError(this.detail, [segment, ...this.path]);
    e.stack = this.stack;
    return e;
  }
}
