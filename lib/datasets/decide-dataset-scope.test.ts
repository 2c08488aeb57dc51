import { describe, expect, it } from "vitest";
import { decideDatasetScope, type ScopeCandidate } from "./decide-dataset-scope";

const dataset = (id: string, revision: number | null, nodes: string | null = null) =>
  ({
    dataset_id: id,
    construction_revision: revision,
    nodes_dataset_id: nodes,
  }) satisfies ScopeCandidate;

describe("decideDatasetScope (SS-4)", () => {
  const datasets = [
    dataset("built", 2),
    dataset("raw", null),
    dataset("edges", null, "nodes"),
    dataset("nodes", null),
  ];

  it("keeps the constructed datasets and leaves out an unattached, unconstructed one", () => {
    expect(decideDatasetScope({ datasets, attachments: [] })).toEqual(new Set(["built"]));
  });

  it("adds an attachment even when it was never constructed", () => {
    expect(decideDatasetScope({ datasets, attachments: ["raw"] })).toEqual(
      new Set(["raw", "built"]),
    );
  });

  it("brings an attached edge table's node table along, and only that one", () => {
    expect(decideDatasetScope({ datasets, attachments: ["edges"] })).toEqual(
      new Set(["edges", "nodes", "built"]),
    );
  });

  it("never takes an attachment that is not a dataset of the project", () => {
    expect(decideDatasetScope({ datasets, attachments: ["elsewhere"] })).toEqual(
      new Set(["built"]),
    );
  });
});
