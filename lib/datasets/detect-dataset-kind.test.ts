import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { detectDatasetKind as detectFromContent } from "./detect-dataset-kind";
import { inspectUploadBytes } from "./upload-content";

const fixtures = path.resolve(__dirname, "../../tests/fixtures");
const text = (value: string) => new TextEncoder().encode(value);
const detectDatasetKind = ({ filename, bytes }: { filename: string; bytes: Uint8Array }) =>
  detectFromContent({ filename, content: inspectUploadBytes({ bytes }) });

function rejection(filename: string, bytes: Uint8Array) {
  try {
    detectDatasetKind({ filename, bytes });
  } catch (error) {
    if (ApiError.isInstance(error)) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error("expected a rejection");
}

describe("detectDatasetKind", () => {
  it("accepts the shared fixtures by content", () => {
    const karate = readFileSync(path.join(fixtures, "karate_edges.csv"));
    const shop = readFileSync(path.join(fixtures, "shop.sql"));
    expect(detectDatasetKind({ filename: "karate_edges.csv", bytes: karate }).kind).toBe("csv");
    expect(detectDatasetKind({ filename: "shop.sql", bytes: shop }).kind).toBe("sql");
  });

  it("accepts a SNAP-style edge list with comments", () => {
    const bytes = text("# Directed graph\n# FromNodeId\tToNodeId\n0\t1\n1\t2\n");
    expect(detectDatasetKind({ filename: "web.txt", bytes })).toEqual({
      kind: "txt",
      mediaType: "text/plain",
    });
  });

  it("refuses a 0-byte file", () => {
    expect(rejection("empty.csv", new Uint8Array())).toMatchObject({
      code: "UNSUPPORTED_FILE",
      details: { reason: "empty" },
    });
  });

  it("refuses a file with only blank lines and comments", () => {
    expect(rejection("blank.txt", text("\n  \n# nothing here\n\n"))).toMatchObject({
      details: { reason: "no_data" },
    });
  });

  it("refuses a binary file renamed .csv", () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(rejection("image.csv", png)).toMatchObject({ details: { reason: "binary" } });
  });

  it("refuses text that is not UTF-8", () => {
    const latin1 = new Uint8Array([0x61, 0x2c, 0x62, 0x0a, 0xe9, 0x2c, 0x66]);
    expect(rejection("latin1.csv", latin1)).toMatchObject({ details: { reason: "not_utf8" } });
  });

  it("refuses other extensions whatever the content", () => {
    expect(rejection("graph.xlsx", text("a,b\n"))).toMatchObject({ code: "UNSUPPORTED_FILE" });
    expect(rejection("no-extension", text("a,b\n"))).toMatchObject({ code: "UNSUPPORTED_FILE" });
  });

  it("refuses JSON named .csv and prose named .sql", () => {
    expect(rejection("data.csv", text('[{"a": 1, "b": 2}]'))).toMatchObject({
      details: { reason: "wrong_content" },
    });
    expect(rejection("notes.sql", text("just some notes\nabout the graph\n"))).toMatchObject({
      details: { reason: "wrong_content" },
    });
  });

  it("refuses a single-column .csv and names the line", () => {
    expect(rejection("ids.csv", text("\n# ids\nid\nn1\n"))).toMatchObject({
      details: { reason: "wrong_content", line: 3 },
    });
  });

  it("accepts each graph format and SQLite by extension and content", () => {
    const formats = path.join(fixtures, "formats");
    for (const [filename, kind] of [
      ["people.graphml", "graphml"],
      ["people.gexf", "gexf"],
      ["people.gml", "gml"],
      ["people.json", "json"],
      ["people.net", "pajek"],
      ["payments.sqlite", "sqlite"],
    ] as const) {
      const bytes = readFileSync(path.join(formats, filename));
      expect(detectDatasetKind({ filename, bytes }).kind, filename).toBe(kind);
    }
    const sqlite = readFileSync(path.join(formats, "payments.sqlite"));
    expect(detectDatasetKind({ filename: "payments.db", bytes: sqlite }).kind).toBe("sqlite");
    expect(detectDatasetKind({ filename: "payments.sqlite3", bytes: sqlite }).kind).toBe("sqlite");
  });

  it("judges a .gz upload by the name and content of the file inside", () => {
    // The upload stages a .gz decompressed: detection sees the inner bytes.
    const graphml = readFileSync(path.join(fixtures, "formats", "people.graphml"));
    expect(detectDatasetKind({ filename: "people.graphml.gz", bytes: graphml }).kind).toBe(
      "graphml",
    );
    expect(detectDatasetKind({ filename: "edges.CSV.GZ", bytes: text("a,b\n") }).kind).toBe("csv");
    expect(rejection("archive.tar.gz", text("a,b\n"))).toMatchObject({ code: "UNSUPPORTED_FILE" });
  });

  it("refuses a graph file whose content is another format, saying what was expected", () => {
    expect(rejection("graph.graphml", text('{"nodes": []}'))).toMatchObject({
      details: { reason: "wrong_content" },
    });
    expect(rejection("graph.gexf", text("<graphml></graphml>"))).toMatchObject({
      details: { reason: "wrong_content" },
    });
    expect(rejection("graph.json", text('[{"a": 1}]'))).toMatchObject({
      details: { reason: "wrong_content" },
    });
    expect(rejection("graph.net", text("1 2\n2 3\n"))).toMatchObject({
      details: { reason: "wrong_content" },
    });
    expect(rejection("graph.gml", text("node [ id 1 ]"))).toMatchObject({
      details: { reason: "wrong_content" },
    });
  });

  it("refuses a .sqlite that is not a SQLite database, and a binary graph file", () => {
    expect(rejection("data.db", text("CREATE TABLE t (id int);"))).toMatchObject({
      details: { reason: "wrong_content" },
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(rejection("graph.graphml", png)).toMatchObject({ details: { reason: "binary" } });
  });

  it("still refuses XML or JSON named .csv as before", () => {
    expect(rejection("people.csv", text("<graphml>\n</graphml>\n"))).toMatchObject({
      details: { reason: "wrong_content", line: 1 },
    });
  });
});
