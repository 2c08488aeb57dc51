import { describe, expect, it } from "vitest";
import { maxSummaryLength, summarizeEnvelope } from "./tool-envelope-summary";

const ok = { success: true, status: "completed" };

describe("summarizeEnvelope", () => {
  it("prefers the message, first line only", () => {
    const envelope = { ...ok, message: "Loaded revision 3.\nNodes: 34", data: { nodes: 34 } };
    expect(summarizeEnvelope({ envelope })).toBe("Loaded revision 3. …");
  });

  it("describes the top level of data compactly", () => {
    const data = { algorithm: "pagerank", top: [1, 2, 3], modularity: 0.419823, graph: { a: 1 } };
    expect(summarizeEnvelope({ envelope: { ...ok, data } })).toBe(
      "algorithm=pagerank, top[3], modularity=0.4198, graph{…}",
    );
    const many = { a: 1, b: 2, c: 3, d: 4, e: 5 };
    expect(summarizeEnvelope({ envelope: { ...ok, data: many } })).toBe("a=1, b=2, c=3, d=4, …");
    expect(summarizeEnvelope({ envelope: { ...ok, data: [1, 2] } })).toBe("2 items");
  });

  it("falls back to the error code, the job handle or the status", () => {
    const failed = { success: false, status: "failed", error_code: "GRAPH_NOT_LOADED" as const };
    expect(summarizeEnvelope({ envelope: failed })).toBe("GRAPH_NOT_LOADED");
    const job = { success: true, status: "queued", async: true, job_id: "job_7" };
    expect(summarizeEnvelope({ envelope: job })).toBe("job job_7 queued");
    expect(summarizeEnvelope({ envelope: ok })).toBe("completed");
  });

  it("stays one bounded line however large the result is", () => {
    const huge = { ...ok, message: "x".repeat(10_000) };
    const summary = summarizeEnvelope({ envelope: huge });
    expect(summary.length).toBe(maxSummaryLength);
    expect(summary.endsWith("…")).toBe(true);
  });
});
