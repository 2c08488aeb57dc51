import { fileParseError } from "../graph-file/graph-file-builder";

/** One GML token with where it starts (1-based line and column). */
export type GmlToken =
  | { kind: "key"; text: string; line: number; column: number }
  | { kind: "number"; value: number; text: string; line: number; column: number }
  | { kind: "string"; value: string; line: number; column: number }
  | { kind: "open" | "close"; line: number; column: number }
  | { kind: "end"; line: number; column: number };

const htmlEntities: Record<string, string> = { quot: '"', amp: "&", lt: "<", gt: ">", apos: "'" };

/**
 * Reads GML's tokens one at a time (keys, numbers, "strings", `[`, `]`; `#` comments to the end
 * of the line), tracking line and column so every error can say where. Strings decode the HTML
 * character entities NetworkX and igraph write (`&quot;`, `&#1234;`).
 */
export class GmlTokenizer {
  private offset = 0;
  private line = 1;
  private lineStart = 0;

  constructor(private readonly text: string) {}

  next(): GmlToken {
    this.skipSpaceAndComments();
    const line = this.line;
    const column = this.offset - this.lineStart + 1;
    if (this.offset >= this.text.length) return { kind: "end", line, column };
    const character = this.text[this.offset];
    if (character === "[" || character === "]") {
      this.offset++;
      return { kind: character === "[" ? "open" : "close", line, column };
    }
    if (character === '"')
      return { kind: "string", value: this.readString(line, column), line, column };
    const word = /[^\s[\]"]+/y;
    word.lastIndex = this.offset;
    const text = word.exec(this.text)?.[0] ?? "";
    this.offset += text.length;
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(text)) return { kind: "key", text, line, column };
    const value = Number(text);
    if (
      text !== "" &&
      /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) &&
      Number.isFinite(value)
    ) {
      return { kind: "number", value, text, line, column };
    }
    if (/^[+-]?(inf|nan)$/i.test(text))
      return { kind: "number", value: Number.NaN, text, line, column };
    throw fileParseError(
      `The GML file has an unexpected "${text}" at line ${line}, column ${column}.`,
      {
        line,
        column,
      },
    );
  }

  private skipSpaceAndComments() {
    const text = this.text;
    while (this.offset < text.length) {
      const character = text[this.offset];
      if (character === "\n") {
        this.offset++;
        this.line++;
        this.lineStart = this.offset;
      } else if (character === " " || character === "\t" || character === "\r") this.offset++;
      else if (character === "#") {
        const end = text.indexOf("\n", this.offset);
        this.offset = end === -1 ? text.length : end;
      } else return;
    }
  }

  private readString(line: number, column: number): string {
    const end = this.text.indexOf('"', this.offset + 1);
    if (end === -1) {
      throw fileParseError(
        `The GML file has a string that never ends, opened at line ${line}, column ${column}.`,
        { line, column },
      );
    }
    const raw = this.text.slice(this.offset + 1, end);
    for (let index = raw.indexOf("\n"); index !== -1; index = raw.indexOf("\n", index + 1)) {
      this.line++;
      this.lineStart = this.offset + 1 + index + 1;
    }
    this.offset = end + 1;
    return raw.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === "#") {
        const code =
          name[1] === "x" || name[1] === "X"
            ? Number.parseInt(name.slice(2), 16)
            : Number(name.slice(1));
        return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return htmlEntities[name.toLowerCase()] ?? entity;
    });
  }
}
