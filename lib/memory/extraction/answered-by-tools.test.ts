import { describe, expect, it } from "vitest";
import type { StoredOutcome } from "@/lib/contracts/run-checkpoint";
import { answeredByTools } from "./answered-by-tools";

type Call = Pick<StoredOutcome, "toolName" | "status" | "envelope" | "errorCode">;

const ok = (toolName: string, data: unknown): Call => ({
  toolName,
  status: "succeeded",
  envelope: { success: true, status: "completed", data },
});
const loaded = ok("load_constructed_graph", { nodes: 34, edges: 78, loaded: true });
const found = (query: string) =>
  ok("search_node", { matches: [{ id: query }], total: 1, truncated: false });
const path = ok("shortest_path", { found: true, length: 2, path: [{ id: "a" }, { id: "b" }] });

describe("answeredByTools (MEM-3: knowledge only from runs that answered)", () => {
  it("answers when every call succeeded and found something", () => {
    expect(
      answeredByTools({
        runStatus: "completed",
        toolCalls: [loaded, found("a"), found("b"), path],
      }),
    ).toEqual({ answered: true });
  });

  it("did not answer when a lookup found nothing, even though every call succeeded", () => {
    const none = ok("search_node", { matches: [], total: 0, truncated: false });
    expect(answeredByTools({ runStatus: "completed", toolCalls: [loaded, none, none] })).toEqual({
      answered: false,
      reason: "search_node found nothing",
    });
  });

  it("did not answer when the path does not exist", () => {
    const noPath = ok("shortest_path", { found: false, length: null, path: [] });
    expect(
      answeredByTools({ runStatus: "completed", toolCalls: [found("a"), found("b"), noPath] }),
    ).toEqual({ answered: false, reason: "shortest_path found nothing" });
  });

  it("did not answer when a call failed, was rejected or left a job unfinished", () => {
    const missing: Call = {
      toolName: "shortest_path",
      status: "failed",
      errorCode: "NODE_NOT_FOUND",
      envelope: { success: false, status: "failed", error_code: "NODE_NOT_FOUND" },
    };
    expect(answeredByTools({ runStatus: "completed", toolCalls: [loaded, missing] })).toEqual({
      answered: false,
      reason: "shortest_path failed (NODE_NOT_FOUND)",
    });
    const queued: Call = {
      toolName: "train",
      status: "succeeded",
      envelope: { success: true, status: "queued", async: true, job_id: "j" },
    };
    expect(answeredByTools({ runStatus: "completed", toolCalls: [loaded, queued] }).answered).toBe(
      false,
    );
  });

  it("did not answer when the run did not complete or ran no tool besides bookkeeping", () => {
    expect(answeredByTools({ runStatus: "error", toolCalls: [loaded, path] }).answered).toBe(false);
    expect(
      answeredByTools({
        runStatus: "completed",
        toolCalls: [ok("register_session", { registered: true })],
      }),
    ).toEqual({ answered: false, reason: "no tool ran" });
  });

  it("counts a result with figures and no lists as an answer", () => {
    const metrics = ok("graph_metrics", { density: 0.14, diameter: 5, example_cycle: [] });
    expect(answeredByTools({ runStatus: "completed", toolCalls: [loaded, metrics] })).toEqual({
      answered: true,
    });
  });
});
