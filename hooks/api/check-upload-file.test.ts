import { describe, expect, it } from "vitest";
import { checkUploadFile, pickerExtensions } from "./check-upload-file";

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe("checkUploadFile", () => {
  it("lets every upload format through, plain or as .gz", () => {
    for (const name of [
      "edges.csv",
      "people.graphml",
      "people.GEXF",
      "people.gml",
      "graph.json",
      "graph.net",
      "payments.sqlite",
      "payments.sqlite3",
      "payments.db",
      "edges.csv.gz",
      "people.graphml.gz",
    ]) {
      expect(checkUploadFile({ file: file(name), maxBytes: 100 }), name).toBeNull();
    }
  });

  it("refuses other extensions, a bare .gz and a .gz of another kind", () => {
    for (const name of ["sheet.xlsx", "archive.gz", "bundle.tar.gz"]) {
      expect(checkUploadFile({ file: file(name), maxBytes: 100 })?.code, name).toBe(
        "UNSUPPORTED_FILE",
      );
    }
  });

  it("offers .gz in the picker, since browsers match only the last extension", () => {
    expect(pickerExtensions).toContain(".gz");
    expect(pickerExtensions).toContain(".graphml");
  });
});
