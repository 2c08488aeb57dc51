import { describe, expect, it } from "vitest";
import { EngineError } from "../engine-error";
import { GraphBuilder } from "../graph/graph-builder";
import type { GraphData } from "../graph/graph-data";
import { searchNodes } from "./search-nodes";

function peopleGraph(): GraphData {
  const builder = new GraphBuilder({ directed: false });
  builder.addNode("Alice", { type: "person", label: "Alice Smith" });
  builder.addNode("alice-2", { type: "person", label: "Alice Jones" });
  builder.addNode("p3", { type: "person", label: "Malice Carter" });
  builder.addNode("p4", {
    type: "person",
    label: "Bob",
    properties: { email: "alice@example.com" },
  });
  builder.addNode("acme", { type: "company", label: "Alice Corp" });
  builder.addNode("p5", { type: "person", label: "Alcie Typo" });
  builder.addNode("p6", { type: "person", label: "Zed", properties: { age: 42, vip: true } });
  return builder.build();
}

describe("searchNodes", () => {
  it("puts the exact id first, then ranks exact > prefix > substring > fuzzy", () => {
    const result = searchNodes({ graph: peopleGraph(), query: "Alice", limit: 10 });
    expect(result.matches.map((match) => match.id)).toEqual([
      "Alice",
      "alice-2",
      "acme",
      "p4",
      "p3",
      "p5",
    ]);
    expect(result.matches[0]).toMatchObject({ score: 1, matchedOn: "id", label: "Alice Smith" });
    expect(result.matches.find((match) => match.id === "p4")?.matchedOn).toBe("property:email");
    expect(result.matches.find((match) => match.id === "p5")?.matchedOn).toBe("label");
    expect(result.truncated).toBe(false);
    expect(result.total).toBe(6);
  });

  it("matches case-insensitively when no id is exact", () => {
    const result = searchNodes({ graph: peopleGraph(), query: "ACME", limit: 5 });
    expect(result.matches[0]).toMatchObject({ id: "acme", type: "company", matchedOn: "id" });
    expect(result.matches[0].score).toBeLessThan(1);
  });

  it("filters by type, case-insensitively", () => {
    const result = searchNodes({ graph: peopleGraph(), query: "alice", type: "Company", limit: 5 });
    expect(result.matches.map((match) => match.id)).toEqual(["acme"]);
  });

  it("rejects an unknown type, naming the known ones", () => {
    try {
      searchNodes({ graph: peopleGraph(), query: "alice", type: "city", limit: 5 });
      expect.unreachable();
    } catch (error) {
      expect(EngineError.isInstance(error) && error.code).toBe("INVALID_REQUEST");
      expect(EngineError.isInstance(error) && error.details?.knownTypes).toEqual([
        "person",
        "company",
      ]);
    }
  });

  it("matches number and boolean property values as written", () => {
    const graph = peopleGraph();
    expect(searchNodes({ graph, query: "42", limit: 5 }).matches[0]).toMatchObject({
      id: "p6",
      matchedOn: "property:age",
    });
    expect(searchNodes({ graph, query: "true", limit: 5 }).matches[0].id).toBe("p6");
  });

  it("bounds the result and says it was truncated", () => {
    const result = searchNodes({ graph: peopleGraph(), query: "alice", limit: 2 });
    expect(result.matches).toHaveLength(2);
    expect(result.truncated).toBe(true);
    expect(result.total).toBe(6);
  });

  it("breaks ties by graph order so the order is stable", () => {
    const builder = new GraphBuilder({ directed: false });
    for (const id of ["n-c", "n-a", "n-b"]) builder.addNode(id, { label: "same" });
    const result = searchNodes({ graph: builder.build(), query: "same", limit: 3 });
    expect(result.matches.map((match) => match.id)).toEqual(["n-c", "n-a", "n-b"]);
  });

  it("rejects an empty query and a bad limit", () => {
    const graph = peopleGraph();
    expect(() => searchNodes({ graph, query: "  ", limit: 5 })).toThrow(/empty/);
    expect(() => searchNodes({ graph, query: "a", limit: 0 })).toThrow(/limit/);
  });
});
