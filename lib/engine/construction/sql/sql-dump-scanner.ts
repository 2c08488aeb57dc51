import { parseError } from "../../engine-error";

/** One statement of a dump, without its terminating semicolon. */
export type SqlPiece = {
  kind: "statement";
  /** Exact dump text from after the previous statement up to (not including) its `;`. */
  text: string;
  /** Offset of `text` in the dump. */
  offset: number;
  /** Position of the statement's first token (after comments and blanks). */
  line: number;
  column: number;
  /** The first word, upper-cased (COPY needs its data read before the next statement). */
  firstWord: string;
};

/** A psql meta-command line (`\restrict KEY`, `\connect db`, …). */
export type SqlMetaCommand = { kind: "meta"; command: string; line: number; column: number };

const newline = 10;

/**
 * Splits a plain-text SQL dump into statements the way psql does: `;` ends a statement outside
 * quotes ('…', E'…', "…", $tag$…$tag$), comments (--, nested /* *\/) and parentheses. It only
 * delimits; the real PostgreSQL parser decides what each piece is, and the load plan checks
 * that the parser sees exactly the same boundaries. COPY … FROM stdin data is read by
 * `readCopyData` right after its statement, as psql would.
 */
export class SqlDumpScanner {
  private readonly text: string;
  private position = 0;
  private readonly lineStarts: number[] = [0];

  constructor({ text }: { text: string }) {
    this.text = text;
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) {
      this.lineStarts.push(i + 1);
    }
    // Skip a UTF-8 byte-order mark.
    if (text.charCodeAt(0) === 0xfeff) this.position = 1;
  }

  /** 1-based line and column of a dump offset. */
  positionOf(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low] + 1 };
  }

  /** The next statement or meta-command, or null at the end of the dump. */
  next(): SqlPiece | SqlMetaCommand | null {
    const text = this.text;
    const n = text.length;
    let start = this.position;
    let first = -1;
    let depth = 0;
    let i = start;
    while (i < n) {
      const c = text[i];
      if (c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f") {
        i++;
      } else if (c === "-" && text[i + 1] === "-") {
        const end = text.indexOf("\n", i);
        i = end === -1 ? n : end + 1;
      } else if (c === "/" && text[i + 1] === "*") {
        i = this.skipBlockComment(i);
      } else if (first === -1 && c === "\\") {
        return this.readMetaCommand(i);
      } else if (first === -1 && c === ";") {
        // An empty statement (";;"): start over after it.
        i++;
        start = i;
      } else {
        if (first === -1) first = i;
        if (c === "'") i = this.skipString(i);
        else if (c === '"') i = this.skipQuoted(i, '"', "quoted identifier");
        else if (c === "$" && this.dollarTagAt(i) !== null) i = this.skipDollarQuoted(i);
        else if (c === "(") {
          depth++;
          i++;
        } else if (c === ")") {
          depth = Math.max(0, depth - 1);
          i++;
        } else if (c === ";" && depth === 0) {
          this.position = i + 1;
          return this.piece(start, i, first);
        } else i++;
      }
    }
    this.position = n;
    if (first === -1) return null;
    const at = this.positionOf(first);
    throw parseError(
      `The dump ends inside the statement that starts at line ${at.line} (no terminating ';'): it looks truncated.`,
      at,
    );
  }

  /**
   * The inline data of the COPY … FROM stdin just returned: the lines after it up to a line
   * `\.`, which is consumed. The rest of the COPY's own line must be blank.
   */
  readCopyData(): { data: string; line: number } {
    const text = this.text;
    const n = text.length;
    let i = this.position;
    while (i < n && (text[i] === " " || text[i] === "\t" || text[i] === "\r")) i++;
    if (i < n && text.charCodeAt(i) !== newline) {
      throw parseError("COPY … FROM stdin must be the last thing on its line.", this.positionOf(i));
    }
    const dataStart = Math.min(i + 1, n);
    let lineStart = dataStart;
    while (lineStart < n) {
      if (text.startsWith("\\.", lineStart)) {
        let after = lineStart + 2;
        if (text[after] === "\r") after++;
        if (after === n || text.charCodeAt(after) === newline) {
          this.position = Math.min(after + 1, n);
          return { data: text.slice(dataStart, lineStart), line: this.positionOf(dataStart).line };
        }
      }
      const end = text.indexOf("\n", lineStart);
      if (end === -1) break;
      lineStart = end + 1;
    }
    const at = this.positionOf(dataStart);
    throw parseError(
      `The COPY data starting at line ${at.line} has no end marker (a line "\\."): the dump looks truncated.`,
      at,
    );
  }

  private piece(start: number, end: number, first: number): SqlPiece {
    const at = this.positionOf(first);
    const word = /^[A-Za-z_]+/.exec(this.text.slice(first, first + 32));
    return {
      kind: "statement",
      text: this.text.slice(start, end),
      offset: start,
      line: at.line,
      column: at.column,
      firstWord: word ? word[0].toUpperCase() : "",
    };
  }

  private readMetaCommand(at: number): SqlMetaCommand {
    const end = this.text.indexOf("\n", at);
    const lineEnd = end === -1 ? this.text.length : end;
    this.position = end === -1 ? this.text.length : end + 1;
    const position = this.positionOf(at);
    return { kind: "meta", command: this.text.slice(at, lineEnd).trim(), ...position };
  }

  private skipBlockComment(open: number): number {
    let depth = 0;
    let i = open;
    while (i < this.text.length) {
      if (this.text[i] === "/" && this.text[i + 1] === "*") {
        depth++;
        i += 2;
      } else if (this.text[i] === "*" && this.text[i + 1] === "/") {
        depth--;
        i += 2;
        if (depth === 0) return i;
      } else i++;
    }
    throw this.unterminated(open, "comment");
  }

  private skipString(open: number): number {
    // E'…' strings take backslash escapes; plain ones don't (standard_conforming_strings is on,
    // and the load plan refuses to turn it off).
    const before = this.text[open - 1];
    const escaped =
      (before === "E" || before === "e") && !isIdentifierChar(this.text.charCodeAt(open - 2));
    if (!escaped) return this.skipQuoted(open, "'", "string");
    let i = open + 1;
    while (i < this.text.length) {
      const c = this.text[i];
      if (c === "\\") i += 2;
      else if (c === "'") {
        if (this.text[i + 1] === "'") i += 2;
        else return i + 1;
      } else i++;
    }
    throw this.unterminated(open, "string");
  }

  private skipQuoted(open: number, quote: string, what: string): number {
    let i = open + 1;
    for (;;) {
      const close = this.text.indexOf(quote, i);
      if (close === -1) throw this.unterminated(open, what);
      if (this.text[close + 1] === quote) i = close + 2;
      else return close + 1;
    }
  }

  private dollarTagAt(i: number): string | null {
    if (i > 0 && isIdentifierChar(this.text.charCodeAt(i - 1))) return null;
    const match = /^\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(
      this.text.slice(i, i + 64),
    );
    return match ? match[0] : null;
  }

  private skipDollarQuoted(open: number): number {
    const tag = this.dollarTagAt(open) ?? "$$";
    const close = this.text.indexOf(tag, open + tag.length);
    if (close === -1) throw this.unterminated(open, "dollar-quoted string");
    return close + tag.length;
  }

  private unterminated(open: number, what: string) {
    const at = this.positionOf(open);
    return parseError(
      `Unterminated ${what} starting at line ${at.line}, column ${at.column}: the dump looks truncated or malformed.`,
      at,
    );
  }
}

function isIdentifierChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95 ||
    code === 36 ||
    code >= 0x80
  );
}
