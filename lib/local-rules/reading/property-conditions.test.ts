import { describe, expect, it } from "vitest";
import type { GraphSchemaView } from "./graph-schema";
import { readPropertyConditions } from "./property-conditions";

const schema = {
  node_types: [
    {
      name: "station",
      count: 9,
      properties: [{ name: "zone", kind: "number", present: 9, distinct: 3, min: 1, max: 3 }],
    },
  ],
  edge_types: [],
  query_tables: [],
} as unknown as GraphSchemaView;

describe("a numbered property written with a hyphen", () => {
  it("reads the figure after the hyphen as the value, not a negative number", () => {
    for (const question of [
      "Among the zone-2 stations, which has the most connections?",
      "How many zone-2 stations are there?",
      "List the Zone-2 stations.",
    ]) {
      expect(readPropertyConditions({ question, schema })).toMatchObject([
        { condition: { property: "zone", value: 2 } },
      ]);
    }
  });
});
