/**
 * A JSON-RPC answer whose result carries a large `value` array (getMultipleAccounts: 100 accounts a request, about
 * 530 KB of JSON per answer of baskets at 100,000 owners), parsed as it arrives, 64 KiB at a time. Read whole, every
 * such answer was one string above V8's largest regular object: it went straight into the old generation and stayed
 * there as garbage until the next full collection, and these strings were most of the garbage a live start held at its
 * memory peak (at 100,000 owners the peak fell by 55-70 MiB). Here no string is longer than a piece plus one element.
 *
 * The answer is cut only where JSON allows it: the envelope before the array (`{"jsonrpc":…,"result":{…,"value":[`),
 * each element of the array, and the envelope after it. Each part is parsed by JSON.parse, so what comes out is what
 * JSON.parse makes of the whole answer. An answer of another shape (an error, a value array elsewhere) is gathered and
 * parsed whole.
 *
 * Given an `ElementSink`, the elements are handed over as they are parsed instead of gathered, so an answer of any size
 * (a streamed getProgramAccounts of a whole account kind) is applied while it arrives and nothing of it is kept.
 */

/** `"value":[` as it opens the result's value array (JSON allows spaces around the colon and before the bracket). */
const VALUE_START = /"value"\s*:\s*\[/;
/** The envelope is looked for in this many characters at most before the answer is read whole instead. */
const HEAD_LIMIT = 64 * 1024;

const QUOTE = 0x22;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * An answer is read and parsed this many bytes at a time: each piece's text is a regular young-generation object (V8
 * allocates strings over 128 KiB in the old generation), gone at the next scavenge.
 */
export const PIECE_BYTES = 64 * 1024;

/**
 * Where the elements of a value array go as they are parsed, when they are not gathered into the answer: `envelope`
 * first (the answer up to the array, closed as if the array were empty: a JSON-RPC result's `context` and its slot
 * when the RPC writes them before the value, as Agave does), then each `element` in order.
 */
export interface ElementSink {
  envelope(head: unknown): void;
  element(value: unknown): void;
}

/**
 * An HTTP body parsed as it arrives, `PIECE_BYTES` at a time at most. An answer that comes in one piece is parsed
 * whole. With a `sink`, every element of the value array goes to it (after the envelope) and the answer comes back
 * with an empty value array. `onPiece` is called as each piece arrives (a sign of progress, for a time limit).
 */
export async function readValueArrayAnswer(
  body: ReadableStream<Uint8Array>,
  sink?: ElementSink,
  onPiece?: () => void,
): Promise<unknown> {
  const decoder = new TextDecoder();
  let first: string | undefined;
  let answer: ValueArrayAnswer | undefined;
  for await (const bytes of piecesOf(body)) {
    onPiece?.();
    const piece = decoder.decode(bytes, { stream: true });
    if (answer) answer.push(piece);
    else if (first === undefined) first = piece;
    else {
      answer = new ValueArrayAnswer(sink);
      answer.push(first);
      answer.push(piece);
    }
  }
  const last = decoder.decode();
  if (answer === undefined) {
    if (!sink) return JSON.parse((first ?? "") + last);
    answer = new ValueArrayAnswer(sink);
    answer.push(first ?? "");
  }
  answer.push(last);
  return answer.end();
}

/**
 * A body's bytes in pieces of at most `PIECE_BYTES`, each valid until the next is asked for. A byte stream (a fetch
 * body) is read into one reused buffer: fewer reads than its own chunks and no buffer per read (faster than reading the
 * body as text); another stream's chunks are cut to size.
 */
export async function* piecesOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  let reader: ReadableStreamBYOBReader;
  try {
    reader = body.getReader({ mode: "byob" });
  } catch {
    for await (const chunk of body) {
      for (let at = 0; at < chunk.length; at += PIECE_BYTES) yield chunk.subarray(at, at + PIECE_BYTES);
    }
    return;
  }
  let buffer = new ArrayBuffer(PIECE_BYTES);
  try {
    for (;;) {
      const { value, done } = await reader.read(new Uint8Array(buffer));
      if (done) return;
      yield value;
      buffer = value.buffer;
    }
  } finally {
    reader.releaseLock();
  }
}

type Phase = "head" | "array" | "tail" | "whole";

/**
 * Fed the answer's text in pieces of any size (`push`), gives the parsed answer at the `end`; with a sink, its elements
 * go there as they are parsed (an answer read whole hands them over at the end) and the answer's value array is empty.
 */
export class ValueArrayAnswer {
  #phase: Phase = "head";
  /** The envelope up to and including the array's `[` (from the array phase on), or the text so far (head phase). */
  #head = "";
  /** Parsed elements, in order (none with a sink: they went there). */
  #elements: unknown[] = [];
  /** How many elements were parsed. */
  #count = 0;
  /**
   * Array phase: the start of the element being read, from earlier pieces; empty once that element is parsed, so an
   * element's text is always `#pending` followed by its part of the current piece.
   */
  #pending = "";
  /** Array phase: where scanning resumes in the next piece (1 after a backslash that ended the last one). */
  #scanAt = 0;
  #depth = 0;
  #inString = false;
  /** Array phase: elements are found by scanning (`#scanPiece`) rather than by their closing brace (`#hopPiece`). */
  #scanning = false;
  /** Hop mode: `#pending` ends with a `}` whose next character is in the next piece. */
  #braceAtEnd = false;
  /** Tail and whole phases: the pieces gathered. */
  #rest: string[] = [];

  constructor(readonly sink?: ElementSink) {}

  push(piece: string): void {
    if (piece.length === 0) return;
    switch (this.#phase) {
      case "head":
        return this.#pushHead(piece);
      case "array":
        return this.#scanning ? this.#scanPiece(piece) : this.#hopPiece(piece);
      default:
        this.#rest.push(piece);
    }
  }

  /** The answer as JSON.parse reads the whole text (a syntax error is thrown as JSON.parse throws it). */
  end(): unknown {
    switch (this.#phase) {
      case "head":
        return this.#handedOver(JSON.parse(this.#head));
      case "whole":
        return this.#handedOver(JSON.parse(this.#rest.join("")));
      case "array":
        throw new SyntaxError("Unexpected end of JSON input (inside the value array)");
    }
    const answer = JSON.parse(this.#head + this.#rest.join("")) as { result: { value: unknown[] } };
    answer.result.value = this.#elements;
    return answer;
  }

  /** An answer read whole: with a sink, its value array's elements go there now, as they would have one by one. */
  #handedOver(answer: unknown): unknown {
    const result = (answer as { result?: { value?: unknown } } | null)?.result;
    if (!this.sink || !Array.isArray(result?.value)) return answer;
    const elements = result.value;
    result.value = [];
    this.sink.envelope(answer);
    for (const element of elements) this.sink.element(element);
    return answer;
  }

  #pushHead(piece: string): void {
    this.#head += piece;
    const found = VALUE_START.exec(this.#head);
    if (!found) {
      if (this.#head.length > HEAD_LIMIT) this.#readWhole(this.#head);
      return;
    }
    const arrayAt = found.index + found[0].length;
    const head = this.#head.slice(0, arrayAt);
    const envelope = resultValueEnvelope(head);
    if (envelope === undefined) return this.#readWhole(this.#head);
    const after = this.#head.slice(arrayAt);
    this.#head = head;
    this.#phase = "array";
    this.sink?.envelope(envelope);
    if (after.length > 0) this.#hopPiece(after);
  }

  #readWhole(text: string): void {
    this.#phase = "whole";
    this.#head = "";
    this.#rest.push(text);
  }

  /**
   * The common case, an array of objects written without spacing (an RPC's account objects), at one search per
   * closing brace: an element that starts with `{` ends at a `}` followed by `,` or `]`, and is that element when it
   * parses (an object is never a prefix of a longer JSON value; a `}` inside a string does not parse). A `}` followed
   * by anything else closes a nested object (a getProgramAccounts entry's `account`) or is inside a string, so the
   * search goes on past it. Anything else (null, spacing, a text that does not parse) goes to the scanner, from the
   * start of the element.
   */
  #hopPiece(piece: string): void {
    let elementAt = 0; // where the element being read starts in this piece (it may have begun in `#pending`)
    let searchAt = 0;
    if (this.#braceAtEnd) {
      this.#braceAtEnd = false;
      const next = piece.charCodeAt(0);
      // Otherwise that brace closed something inside the element, which goes on in this piece.
      if (next === COMMA || next === CLOSE_BRACKET) {
        if (!this.#parsedElement(this.#pending)) return this.#startScanning(this.#pending + piece);
        this.#pending = "";
        if (next === CLOSE_BRACKET) return this.#endArray(piece);
        elementAt = searchAt = 1;
      }
    }
    const n = piece.length;
    for (;;) {
      if (elementAt < n && this.#pending.length === 0 && piece.charCodeAt(elementAt) !== OPEN_BRACE) {
        return this.#startScanning(piece.slice(elementAt));
      }
      let braceAt = piece.indexOf("}", searchAt);
      let next = braceAt >= 0 && braceAt < n - 1 ? piece.charCodeAt(braceAt + 1) : -1;
      while (next >= 0 && next !== COMMA && next !== CLOSE_BRACKET) {
        braceAt = piece.indexOf("}", braceAt + 1);
        next = braceAt >= 0 && braceAt < n - 1 ? piece.charCodeAt(braceAt + 1) : -1;
      }
      if (braceAt < 0 || braceAt === n - 1) {
        this.#pending += piece.slice(elementAt);
        this.#braceAtEnd = braceAt >= 0;
        return;
      }
      const text = this.#pending + piece.slice(elementAt, braceAt + 1);
      if (!this.#parsedElement(text)) return this.#startScanning(this.#pending + piece.slice(elementAt));
      this.#pending = "";
      if (next === CLOSE_BRACKET) return this.#endArray(piece.slice(braceAt + 1));
      elementAt = searchAt = braceAt + 2;
    }
  }

  /** Parses an element found by hopping; false when the text is not one JSON value. */
  #parsedElement(text: string): boolean {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return false;
    }
    this.#took(value);
    return true;
  }

  /** An element parsed: handed to the sink, or gathered. */
  #took(value: unknown): void {
    this.#count++;
    if (this.sink) this.sink.element(value);
    else this.#elements.push(value);
  }

  /** The array goes on from `rest`, which starts where an element starts, read by the scanner. */
  #startScanning(rest: string): void {
    this.#scanning = true;
    this.#braceAtEnd = false;
    this.#pending = "";
    this.#scanAt = 0;
    this.#depth = 0;
    this.#inString = false;
    if (rest.length > 0) this.#scanPiece(rest);
  }

  /** The array ended; `tail` is the envelope's text from its `]` on. */
  #endArray(tail: string): void {
    this.#phase = "tail";
    this.#rest.push(tail);
  }

  /**
   * Scans a piece for the array's top-level commas and its closing bracket; each element is parsed on its own, from
   * a slice of the piece (no copy of the piece is made), joined to the text of earlier pieces only when it began in
   * them.
   */
  #scanPiece(piece: string): void {
    let at = this.#scanAt;
    let depth = this.#depth;
    let inString = this.#inString;
    let elementAt = 0; // where the element being read starts in this piece (it may have begun in `#pending`)
    // Strings are skipped with the engine's own search; a backslash matters only when it comes before the quote.
    let backslashAt = piece.indexOf("\\", at);
    const n = piece.length;
    while (at < n) {
      if (inString) {
        const quoteAt = piece.indexOf('"', at);
        if (backslashAt >= 0 && backslashAt < at) backslashAt = piece.indexOf("\\", at);
        if (backslashAt >= 0 && (quoteAt < 0 || backslashAt < quoteAt)) {
          at = backslashAt + 2; // the escaped character is part of the string, whatever it is
          continue;
        }
        if (quoteAt < 0) {
          at = n;
          break;
        }
        at = quoteAt + 1;
        inString = false;
        continue;
      }
      const c = piece.charCodeAt(at++);
      if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (depth > 0) depth--;
        else if (c === CLOSE_BRACKET) {
          // The array ends: its last element (none in `[ ]`), then the envelope's tail from the `]` on. Every element
          // parsed so far ended at a top-level comma, so after one the last must hold a value too.
          const last = this.#takeElementText(piece, elementAt, at - 1);
          if (this.#count > 0 || /\S/.test(last)) this.#took(JSON.parse(last));
          return this.#endArray(piece.slice(at - 1));
        } else throw new SyntaxError("Unexpected '}' in the value array");
      } else if (c === COMMA && depth === 0) {
        this.#took(JSON.parse(this.#takeElementText(piece, elementAt, at - 1)));
        elementAt = at;
      }
    }
    this.#pending += piece.slice(elementAt);
    this.#scanAt = at - n;
    this.#depth = depth;
    this.#inString = inString;
  }

  /** The text of the element that ends at `to` in this piece (it starts at `from`, or in `#pending`). */
  #takeElementText(piece: string, from: number, to: number): string {
    const text = this.#pending + piece.slice(from, to);
    this.#pending = "";
    return text;
  }
}

/**
 * The envelope `head` (ending with the array's `[`) stands for when it is a JSON-RPC result's with a value array: it
 * parses once the array and the two objects around it are closed. Undefined otherwise.
 */
function resultValueEnvelope(head: string): unknown {
  try {
    const parsed = JSON.parse(head + "]}}") as { result?: { value?: unknown } };
    return Array.isArray(parsed?.result?.value) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
