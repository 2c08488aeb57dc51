import { describe, expect, it } from "vitest";
import { shortEntityId, splitEntityIds, summaryWithoutIds } from "./entity-ids";

const id = "1f3bd2f0-e136-4dd5-8c03-8e3c907ecb50";

describe("splitEntityIds", () => {
  it("splits a sentence around the ids it holds", () => {
    expect(splitEntityIds(`Trained a model (model id ${id}).`)).toEqual([
      { kind: "text", text: "Trained a model (model id " },
      { kind: "id", id },
      { kind: "text", text: ")." },
    ]);
    expect(shortEntityId(id)).toBe("1f3bd2f0");
  });

  it("leaves text without ids as one piece", () => {
    expect(splitEntityIds("n33 has the highest PageRank (0.1009).")).toEqual([
      { kind: "text", text: "n33 has the highest PageRank (0.1009)." },
    ]);
  });
});

describe("summaryWithoutIds", () => {
  it("drops id fields from a tool's one-line summary", () => {
    expect(
      summaryWithoutIds("loaded=true, dataset_id=017d79a3-7b99-4c0b-8410-af95287…, revision=1, …"),
    ).toBe("loaded=true, revision=1, …");
    expect(
      summaryWithoutIds("artifact_id=b29843d2-0063-4876-91eb-a0cedef…, kind=analysis_report"),
    ).toBe("kind=analysis_report");
  });
});
