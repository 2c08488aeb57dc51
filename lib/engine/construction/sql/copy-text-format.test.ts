import { describe, expect, it } from "vitest";
import { decodeCopyText } from "./copy-text-format";

describe("decodeCopyText", () => {
  it("splits rows and columns, reads \\N as NULL and undoes escapes", () => {
    const text =
      "1\tplain\t\\N\n2\ttab\\there\\nnewline \\\\ back\t\n3\t\\303\\251t\\xc3\\xa9\tok\n";
    expect(decodeCopyText({ text })).toEqual([
      ["1", "plain", null],
      ["2", "tab\there\nnewline \\ back", ""],
      ["3", "été", "ok"],
    ]);
  });

  it("reads no rows from empty output, and an empty one-column row", () => {
    expect(decodeCopyText({ text: "" })).toEqual([]);
    expect(decodeCopyText({ text: "\n" })).toEqual([[""]]);
  });
});
