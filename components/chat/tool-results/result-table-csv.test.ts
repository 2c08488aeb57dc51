import { describe, expect, it } from "vitest";
import { resultTableCsv } from "./result-table-csv";

describe("resultTableCsv", () => {
  it("writes every row at full precision with RFC 4180 quoting and a BOM", () => {
    const csv = resultTableCsv({
      key: "top",
      caption: "Ranking",
      columns: ["rank", "id", "score"],
      rows: [
        [1, 'say "hi", <b>', 0.123456789],
        [2, "line\nbreak", null],
        [3, "中文", true],
      ],
      total: 3,
      truncated: false,
    });
    expect(csv).toBe(
      '\ufeffrank,id,score\r\n1,"say ""hi"", <b>",0.123456789\r\n2,"line\nbreak",\r\n3,中文,true\r\n',
    );
  });
});
