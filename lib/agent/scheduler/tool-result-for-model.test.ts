import { describe, expect, it } from "vitest";
import type { ToolCallOutcome } from "./tool-call-outcome";
import { toolResultForModel } from "./tool-result-for-model";

const base = { toolCallId: "c1", toolName: "node_centrality", args: {} };

describe("toolResultForModel", () => {
  it("passes a tool's own envelope through", () => {
    const envelope = { success: false, status: "failed", error_code: "GRAPH_NOT_LOADED" as const };
    const outcome: ToolCallOutcome = { ...base, status: "failed", envelope };
    expect(toolResultForModel({ outcome })).toBe(envelope);
  });

  it("tells the model a blocked call did not run and was not queued", () => {
    const outcome: ToolCallOutcome = { ...base, status: "blocked", blockedBy: ["load"] };
    const result = toolResultForModel({ outcome });
    expect(result).toMatchObject({
      success: false,
      status: "blocked",
      error_code: "TOOL_DEPENDENCY_BLOCKED",
      data: { blocked_by: ["load"] },
    });
    expect(result.message).toContain("not queued");
  });

  it("marks approval pauses and cancellations as not run", () => {
    const paused = toolResultForModel({ outcome: { ...base, status: "awaiting_approval" } });
    expect(paused).toMatchObject({ success: false, status: "awaiting_approval" });
    const cancelled = toolResultForModel({ outcome: { ...base, status: "cancelled" } });
    expect(cancelled).toMatchObject({ success: false, status: "cancelled" });
  });
});
