import { describe, expect, it } from "vitest";
import { EngineError } from "../../engine-error";
import { readCsv } from "./csv-reader";
import { detectDelimiter } from "./detect-delimiter";

function rows(text: string): string[][] {
  const table = readCsv({ text });
  const result: string[][] = [];
  for (let r = 0; r < table.rowCount; r++) {
    result.push(
      Array.from({ length: table.columnCount }, (_, c) => table.field(r * table.columnCount + c)),
    );
  }
  return result;
}

function errorOf(run: () => unknown): EngineError {
  try {
    run();
  } catch (error) {
    if (EngineError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected an EngineError");
}

describe("readCsv", () => {
  it("reads quoted fields with escaped quotes, delimiters and line breaks inside", () => {
    const text = 'a,b,c\r\n"x,1","say ""hi""","two\r\nlines"\r\nplain, spaced ,""\r\n';
    expect(rows(text)).toEqual([
      ["a", "b", "c"],
      ["x,1", 'say "hi"', "two\r\nlines"],
      ["plain", "spaced", ""],
    ]);
  });

  it("skips a UTF-8 BOM and blank lines, and accepts a last line without a line break", () => {
    expect(rows("\uFEFFsource,target\n\n  \nü,ß\nc,d")).toEqual([
      ["source", "target"],
      ["ü", "ß"],
      ["c", "d"],
    ]);
  });

  it("treats a lone \\r as a line break", () => {
    expect(rows("a;b\rc;d\r")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
  });

  it("detects , ; tab and | outside quotes", () => {
    expect(detectDelimiter({ text: "a,b\nc,d\n" })).toBe(",");
    expect(detectDelimiter({ text: "a;b;c\n1;2,5;3\n" })).toBe(";");
    expect(detectDelimiter({ text: 'a\tb\n"x,y"\tz\n' })).toBe("\t");
    expect(detectDelimiter({ text: "a|b\nc|d" })).toBe("|");
    expect(detectDelimiter({ text: "single\ncolumn\n" })).toBe(",");
  });

  it("reports an unterminated quote at the opening quote", () => {
    const error = errorOf(() => readCsv({ text: 'a,b\nc,d\ne,"f\ng,h\n' }));
    expect(error.code).toBe("PARSE_ERROR");
    expect(error.details).toMatchObject({ line: 3, column: 3 });
  });

  it("reports a ragged row with its line and the extra field's column", () => {
    const error = errorOf(() => readCsv({ text: "a,b\nc,d\ne,f,g\n" }));
    expect(error.code).toBe("PARSE_ERROR");
    expect(error.details).toMatchObject({ line: 3, column: 5 });
    expect(error.message).toMatch(/3 fields.*first row has 2/);
  });

  it("reports a short row at its end, counting lines inside quoted fields", () => {
    const error = errorOf(() => readCsv({ text: 'a,b\n"multi\nline",x\nlonely\n' }));
    expect(error.details).toMatchObject({ line: 4, column: 7 });
  });

  it("rejects text after a closing quote", () => {
    const error = errorOf(() => readCsv({ text: 'a,b\n"c"x,d\n' }));
    expect(error.details).toMatchObject({ line: 2, column: 4 });
  });
});
