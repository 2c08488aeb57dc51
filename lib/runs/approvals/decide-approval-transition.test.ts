import { describe, expect, it } from "vitest";
import {
  type ApprovalRequest,
  type ApprovalRows,
  decideApprovalTransition,
} from "./decide-approval-transition";

const savedPause = (overrides: Partial<ApprovalRows["run"]> = {}): ApprovalRows["run"] => ({
  runStatus: "paused",
  executionGeneration: 1,
  executionStopped: true,
  terminalPersisted: true,
  hasCheckpoint: true,
  ...overrides,
});
const pending = {
  toolCallId: "call-1",
  toolName: "commit_graph_optimization",
  executionGeneration: 1,
};
const request = (overrides: Partial<ApprovalRequest> = {}): ApprovalRequest => ({
  toolCallId: "call-1",
  toolName: "commit_graph_optimization",
  decision: "approve",
  ...overrides,
});

describe("decideApprovalTransition", () => {
  it.each([
    ["approve", undefined],
    ["reject", undefined],
    ["modify", { operations: [] }],
  ] as const)("continues a saved pause on %s (AP-3)", (decision, patchedArgs) => {
    const transition = decideApprovalTransition({
      rows: { run: savedPause(), pending, decided: null },
      request: request({ decision, patchedArgs }),
    });
    expect(transition).toEqual({ kind: "continue" });
  });

  it("answers the same decision again as a repeat, `processing` while the next phase works", () => {
    const decided = { toolName: pending.toolName, decision: "approve" as const, patchedArgs: null };
    for (const [runStatus, running] of [
      ["preparing", true],
      ["running", true],
      ["completed", false],
      ["paused", false],
    ] as const) {
      const transition = decideApprovalTransition({
        rows: { run: savedPause({ runStatus, executionGeneration: 2 }), pending: null, decided },
        request: request(),
      });
      expect(transition).toEqual({ kind: "repeat", generation: 2, running });
    }
  });

  it("compares patched arguments by value for a repeated modify", () => {
    const decided = {
      toolName: pending.toolName,
      decision: "modify" as const,
      patchedArgs: { operations: [{ op: "remove_node", id: "a" }] },
    };
    const rows = { run: savedPause({ runStatus: "running" }), pending: null, decided };
    const same = decideApprovalTransition({
      rows,
      request: request({
        decision: "modify",
        patchedArgs: { operations: [{ op: "remove_node", id: "a" }] },
      }),
    });
    expect(same.kind).toBe("repeat");
    const other = decideApprovalTransition({
      rows,
      request: request({ decision: "modify", patchedArgs: { operations: [] } }),
    });
    expect(other).toMatchObject({
      kind: "conflict",
      reason: "This approval was already decided differently and the run has moved on.",
    });
  });

  it("refuses a different decision after the pause closed", () => {
    const decided = { toolName: pending.toolName, decision: "approve" as const, patchedArgs: null };
    const transition = decideApprovalTransition({
      rows: {
        run: savedPause({ runStatus: "completed", executionGeneration: 2 }),
        pending: null,
        decided,
      },
      request: request({ decision: "reject" }),
    });
    expect(transition).toEqual({
      kind: "conflict",
      reason: "This approval was already decided differently and the run has moved on.",
      details: { run_status: "completed", execution_generation: 2 },
    });
  });

  it("refuses a repeat that names another tool", () => {
    const decided = { toolName: "other_tool", decision: "approve" as const, patchedArgs: null };
    const transition = decideApprovalTransition({
      rows: { run: savedPause({ runStatus: "completed" }), pending: null, decided },
      request: request(),
    });
    expect(transition.kind).toBe("conflict");
  });

  it("refuses a run that waits for nothing", () => {
    const transition = decideApprovalTransition({
      rows: { run: savedPause({ runStatus: "completed" }), pending: null, decided: null },
      request: request(),
    });
    expect(transition).toEqual({
      kind: "conflict",
      reason: "This run is not waiting for an approval.",
      details: { run_status: "completed", execution_generation: 1 },
    });
  });

  it.each([
    ["tool_call_id", { toolCallId: "call-2" }],
    ["tool name", { toolName: "shortest_path" }],
  ])("refuses a mismatched %s (AP-4)", (_, overrides) => {
    const transition = decideApprovalTransition({
      rows: { run: savedPause(), pending, decided: null },
      request: request(overrides),
    });
    expect(transition).toEqual({
      kind: "conflict",
      reason: "The run waits for a different tool call.",
      details: { pending_tool_call_id: "call-1", pending_tool_name: "commit_graph_optimization" },
    });
  });

  it.each([
    ["the pause is not saved yet", { terminalPersisted: false }],
    ["the executor has not stopped", { executionStopped: false }],
    ["the run is still running", { runStatus: "running" as const }],
    ["the pause belongs to an older phase", { executionGeneration: 2 }],
  ])("refuses when %s", (_, overrides) => {
    const run = savedPause(overrides);
    const transition = decideApprovalTransition({
      rows: { run, pending, decided: null },
      request: request(),
    });
    expect(transition).toEqual({
      kind: "conflict",
      reason: "The pause is not saved yet or belongs to an older phase.",
      details: { run_status: run.runStatus, execution_generation: run.executionGeneration },
    });
  });

  it("refuses a pause saved without a checkpoint", () => {
    const transition = decideApprovalTransition({
      rows: { run: savedPause({ hasCheckpoint: false }), pending, decided: null },
      request: request(),
    });
    expect(transition).toMatchObject({ kind: "conflict", details: { run_status: "paused" } });
    expect(transition.kind === "conflict" && transition.reason).toMatch(/no saved checkpoint/);
  });
});
