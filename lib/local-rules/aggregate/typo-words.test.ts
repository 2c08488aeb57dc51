import { describe, expect, it } from "vitest";
import { readQueryCatalogue } from "./query-catalogue";
import { correctTypos } from "./typo-words";

const catalogue = readQueryCatalogue({
  schema: {
    node_types: [
      { name: "orders", count: 3, properties: [{ name: "total", kind: "number" }] },
      { name: "students", count: 2, properties: [{ name: "enrollment_year", kind: "number" }] },
    ],
    query_tables: [
      { name: "orders", kind: "node-type", columns: { id: "VARCHAR", total: "DOUBLE" } },
      {
        name: "students",
        kind: "node-type",
        columns: { id: "VARCHAR", enrollment_year: "DOUBLE" },
      },
    ],
  },
});
const correct = (question: string) => correctTypos({ question, catalogue });

describe("correctTypos", () => {
  it("mends a letter left out, added or swapped in aggregate and schema words", () => {
    expect(correct("whats the avrage total?")).toBe("whats the average total?");
    expect(correct("Which student has the hihgest total?")).toBe(
      "Which student has the highest total?",
    );
    expect(correct("how many studentss are there")).toBe("how many students are there");
  });

  it("leaves short words, names and real words one wrong letter apart alone", () => {
    expect(correct("Which students are older than 20?")).toBe("Which students are older than 20?");
    expect(correct("hwo many orders from Ordres Inc?")).toBe("hwo many orders from Ordres Inc?");
  });
});
