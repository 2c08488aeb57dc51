import { describe, expect, it } from "vitest";
import type { RunEvent } from "@/lib/contracts/run-event";
import type { RunSnapshot } from "@/lib/contracts/run-snapshot";
import { applyRunSnapshot } from "./apply-run-snapshot";
import { runSnapshotFixture, toolCallFixture } from "./run-snapshot-fixture";
import { applyRunEvent, initialRunView } from "./run-view";

const envelope = { run_id: "r1", execution_generation: 1 };

describe("run view", () => {
  it("builds cards in call order from events and ignores replayed seqs", () => {
    let view = initialRunView("r1");
    const events: RunEvent[] = [
      { type: "run_started", seq: 0, ...envelope },
      {
        type: "tool_started",
        seq: 1,
        tool_call_id: "a",
        tool_name: "node_centrality",
        args: {},
        ...envelope,
      },
      {
        type: "tool_started",
        seq: 2,
        tool_call_id: "b",
        tool_name: "community_detection",
        args: {},
        ...envelope,
      },
      {
        type: "tool_completed",
        seq: 3,
        tool_call_id: "b",
        tool_name: "community_detection",
        success: true,
        status: "completed",
        summary: "community_count=6",
        duration_ms: 12,
        ...envelope,
      },
      {
        type: "tool_blocked",
        seq: 4,
        tool_call_id: "c",
        tool_name: "get_neighbors",
        error_code: "TOOL_DEPENDENCY_BLOCKED",
        blocked_by: ["a"],
        ...envelope,
      },
      { type: "text_delta", seq: 5, text: "Hello ", ...envelope },
      { type: "text_delta", seq: 5, text: "Hello ", ...envelope },
      { type: "text_delta", seq: 6, text: "world", ...envelope },
    ];
    for (const event of events) view = applyRunEvent(view, event);
    expect(view.lastSeq).toBe(6);
    expect(view.text).toBe("Hello world");
    expect(view.tools.map((card) => [card.toolName, card.status])).toEqual([
      ["node_centrality", "running"],
      ["community_detection", "succeeded"],
      ["get_neighbors", "blocked"],
    ]);
    expect(view.tools[2].blockedBy).toEqual(["a"]);
    view = applyRunEvent(view, { type: "run_error", seq: 7, code: "X", message: "m", ...envelope });
    expect(view.error).toEqual({ code: "X", message: "m" });
  });

  it("rebuilds from a snapshot without moving the cursor", () => {
    const started = applyRunEvent(initialRunView("r1"), {
      type: "text_delta",
      seq: 3,
      text: "partial",
      ...envelope,
    });
    const snapshot: RunSnapshot = runSnapshotFixture({
      partial_text: "partial answer",
      messages: [
        {
          message_id: "m",
          role: "assistant",
          parts: [{ type: "text", text: "The full answer" }],
          position: 1,
          created_at: "2026-01-01T00:00:00Z",
        },
      ],
      tool_calls: [
        toolCallFixture({
          tool_call_id: "second",
          tool_name: "community_detection",
          status: "succeeded",
          turn_index: 1,
          batch_index: 1,
          result: { success: true, status: "completed", data: { community_count: 6 } },
        }),
        toolCallFixture({
          tool_call_id: "first",
          tool_name: "node_centrality",
          status: "failed",
          turn_index: 1,
          batch_index: 0,
          error_code: "GRAPH_NOT_LOADED",
        }),
      ],
    });
    const view = applyRunSnapshot(started, snapshot);
    expect(view.lastSeq).toBe(3);
    expect(view.text).toBe("The full answer");
    expect(view.runStatus).toBe("completed");
    expect(view.tools.map((card) => card.toolCallId)).toEqual(["first", "second"]);
    expect(view.tools[0].errorCode).toBe("GRAPH_NOT_LOADED");
    expect(view.tools[1].summary).toBe("community_count=6");
  });

  it("keeps the newest plan and the reasoning from events, and the saved ones after a refresh", () => {
    const step = (status: "pending" | "running" | "done") => ({
      id: "1",
      title: "Rank by PageRank",
      status,
      tools: ["node_centrality"],
    });
    let view = initialRunView("r1");
    view = applyRunEvent(view, {
      type: "reasoning_delta",
      seq: 0,
      text: "Graph loaded? ",
      ...envelope,
    });
    view = applyRunEvent(view, { type: "reasoning_delta", seq: 1, text: "yes.\n", ...envelope });
    view = applyRunEvent(view, {
      type: "plan_updated",
      seq: 2,
      goal: "Top nodes",
      steps: [step("pending")],
      progress: { done: 0, total: 1 },
      ...envelope,
    });
    view = applyRunEvent(view, {
      type: "plan_updated",
      seq: 3,
      goal: "Top nodes",
      steps: [step("running")],
      progress: { done: 0, total: 1 },
      ...envelope,
    });
    expect(view.reasoning).toBe("Graph loaded? yes.\n");
    expect(view.plan?.steps[0].status).toBe("running");
    // A page opened after the run: only the snapshot, with the saved plan and reasoning.
    const saved = runSnapshotFixture({
      plan: { goal: "Top nodes", steps: [step("done")], progress: { done: 1, total: 1 } },
      reasoning: "Graph loaded? yes.\nNext: node_centrality.\n",
    });
    const refreshed = applyRunSnapshot(initialRunView("r1"), saved);
    expect(refreshed.plan).toEqual(saved.plan);
    expect(refreshed.reasoning).toBe(saved.reasoning);
    expect(applyRunSnapshot(view, saved).plan?.steps[0].status).toBe("done");
  });

  it("turns approval_required into a pending approval with the proposed arguments", () => {
    let view = initialRunView("r1");
    for (const event of pausedRunEvents) view = applyRunEvent(view, event);
    expect(view.runStatus).toBe("paused");
    expect(view.pendingApproval).toEqual({
      toolCallId: "clear",
      toolName: "clear_graph",
      args: { keep: false },
      executionGeneration: 1,
      preview: null,
    });
    expect(view.tools.map((card) => [card.toolCallId, card.status])).toEqual([
      ["load", "succeeded"],
      ["clear", "awaiting_approval"],
    ]);
  });

  it("continues the same cards with the events of generation 2 after the pause", () => {
    let view = initialRunView("r1");
    for (const event of pausedRunEvents) view = applyRunEvent(view, event);
    const second = { run_id: "r1", execution_generation: 2 };
    view = applyRunEvent(view, {
      type: "tool_started",
      seq: 5,
      tool_call_id: "clear",
      tool_name: "clear_graph",
      args: { keep: false },
      ...second,
    });
    // The decision is taken: no pending card, the run works again, the same card runs.
    expect(view.pendingApproval).toBeNull();
    expect(view.runStatus).toBe("running");
    expect(view.executionGeneration).toBe(2);
    expect(view.tools.map((card) => [card.toolCallId, card.status])).toEqual([
      ["load", "succeeded"],
      ["clear", "running"],
    ]);
    view = applyRunEvent(view, {
      type: "tool_completed",
      seq: 6,
      tool_call_id: "clear",
      tool_name: "clear_graph",
      success: true,
      status: "completed",
      summary: "cleared=true",
      duration_ms: 3,
      ...second,
    });
    view = applyRunEvent(view, { type: "text_delta", seq: 7, text: "Cleared.", ...second });
    view = applyRunEvent(view, { type: "run_completed", seq: 8, ...second });
    expect(view.lastSeq).toBe(8);
    expect(view.runStatus).toBe("completed");
    expect(view.tools).toHaveLength(2);
    expect(view.tools[1]).toMatchObject({ toolCallId: "clear", status: "succeeded" });
    expect(view.text).toBe("Cleared.");
  });

  it("clears the pause on any later-generation event (a rejection runs no tool)", () => {
    let view = initialRunView("r1");
    for (const event of pausedRunEvents) view = applyRunEvent(view, event);
    view = applyRunEvent(view, {
      type: "text_delta",
      seq: 5,
      text: "Not cleared, as you asked.",
      run_id: "r1",
      execution_generation: 2,
    });
    expect(view.pendingApproval).toBeNull();
    expect(view.runStatus).toBe("running");
    // A rejected call's end keeps its own status name.
    view = applyRunEvent(view, {
      type: "tool_completed",
      seq: 6,
      tool_call_id: "clear",
      tool_name: "clear_graph",
      success: false,
      status: "rejected",
      error_code: "APPROVAL_REJECTED",
      summary: "Rejected by the reviewer; not run.",
      duration_ms: 0,
      run_id: "r1",
      execution_generation: 2,
    });
    expect(view.tools[1]).toMatchObject({ status: "rejected", errorCode: "APPROVAL_REJECTED" });
  });

  it("marks the run cancelled and stops its running and awaiting cards on run_cancelled", () => {
    let view = initialRunView("r1");
    view = applyRunEvent(view, { type: "run_started", seq: 0, ...envelope });
    view = applyRunEvent(view, {
      type: "tool_started",
      seq: 1,
      tool_call_id: "rank",
      tool_name: "node_centrality",
      args: { algorithm: "betweenness" },
      ...envelope,
    });
    view = applyRunEvent(view, { type: "run_cancelled", seq: 2, ...envelope });
    expect(view.runStatus).toBe("cancelled");
    expect(view.tools[0].status).toBe("cancelled");
    // A snapshot read before the stop was saved does not bring the run back to life.
    view = applyRunSnapshot(view, {
      ...baseSnapshot,
      run_status: "running",
      terminal_persisted: false,
      cancel_status: "stopping",
      tool_calls: [
        toolCallFixture({ tool_call_id: "rank", tool_name: "node_centrality", status: "started" }),
      ],
    });
    expect(view.runStatus).toBe("cancelled");
    expect(view.tools[0].status).toBe("cancelled");
    // `run_cancelled` is sent only once the stop is confirmed: an older read does not undo it.
    expect(view.cancelStatus).toBe("confirmed");
    view = applyRunSnapshot(view, {
      ...baseSnapshot,
      run_status: "cancelled",
      cancel_status: "confirmed",
      tool_calls: [
        toolCallFixture({
          tool_call_id: "rank",
          tool_name: "node_centrality",
          status: "cancelled",
        }),
      ],
    });
    expect(view.cancelStatus).toBe("confirmed");
    expect(view.lastSeq).toBe(2);
  });

  it("rebuilds a paused run from its snapshot, preview included, and never renumbers", () => {
    let view = initialRunView("r1");
    for (const event of pausedRunEvents) view = applyRunEvent(view, event);
    const preview = { effect: { nodesRemoved: 2, before: { nodes: 5 }, after: { nodes: 3 } } };
    const paused: RunSnapshot = {
      ...baseSnapshot,
      run_status: "paused",
      terminal_persisted: false,
      can_send: false,
      tool_calls: [
        toolCallFixture({
          tool_call_id: "load",
          tool_name: "load_constructed_graph",
          status: "succeeded",
        }),
        toolCallFixture({
          tool_call_id: "clear",
          tool_name: "clear_graph",
          status: "awaiting_approval",
          args: { keep: false },
          turn_index: 1,
        }),
      ],
      pending_approval: {
        tool_call_id: "clear",
        tool_name: "clear_graph",
        args: { keep: false },
        preview,
        execution_generation: 1,
        created_at: "2026-01-01T00:00:00.000Z",
      },
    };
    view = applyRunSnapshot(view, paused);
    expect(view.lastSeq).toBe(4);
    expect(view.pendingApproval?.preview).toEqual(preview);
    // Not saved yet: the server would refuse a decision, so the card waits.
    expect(view.pauseSaved).toBe(false);
    view = applyRunSnapshot(view, { ...paused, terminal_persisted: true });
    expect(view.pauseSaved).toBe(true);
    // From the snapshot alone (the events are gone) the same approval card is drawn.
    const fromSnapshot = applyRunSnapshot(initialRunView("r1"), paused);
    expect(fromSnapshot.lastSeq).toBe(-1);
    expect(fromSnapshot.runStatus).toBe("paused");
    expect(fromSnapshot.pendingApproval).toMatchObject({
      toolCallId: "clear",
      args: { keep: false },
    });
    // After the decision the generation-2 events win over a generation-1 snapshot read late.
    view = applyRunEvent(view, {
      type: "tool_started",
      seq: 5,
      tool_call_id: "clear",
      tool_name: "clear_graph",
      args: { keep: false },
      run_id: "r1",
      execution_generation: 2,
    });
    const late = applyRunSnapshot(view, paused);
    expect(late).toBe(view);
    expect(late.pendingApproval).toBeNull();
    expect(late.tools[1].status).toBe("running");
  });

  it("keeps a modify decision from the saved run: proposed and patched arguments, by call", () => {
    const proposed = { dataset_id: "d1", base_revision: 1, operations: [{ op: "drop_isolated" }] };
    const patched = { ...proposed, operations: [{ op: "remove_nodes", node_ids: ["n5"] }] };
    const done: RunSnapshot = {
      ...baseSnapshot,
      execution_generation: 2,
      tool_calls: [
        toolCallFixture({
          tool_call_id: "commit",
          tool_name: "commit_graph_optimization",
          status: "succeeded",
          args: patched,
          execution_generation: 2,
        }),
      ],
      approvals: [
        {
          tool_call_id: "commit",
          tool_name: "commit_graph_optimization",
          decision: "modify",
          proposed_args: proposed,
          patched_args: patched,
          ran_args: patched,
          reason: null,
          execution_generation: 1,
          decided_at: "2026-01-01T00:00:00.000Z",
        },
      ],
    };
    const view = applyRunSnapshot(initialRunView("r1"), done);
    expect(view.decisions).toEqual([
      {
        toolCallId: "commit",
        toolName: "commit_graph_optimization",
        decision: "modify",
        proposedArgs: proposed,
        patchedArgs: patched,
        reason: null,
      },
    ]);
    expect(view.tools[0].args).toEqual(patched);
    // A snapshot without `approvals` (an older server's; this one always sends them) takes
    // nothing away.
    const withoutApprovals = { ...done, approvals: undefined } as unknown as RunSnapshot;
    expect(applyRunSnapshot(view, withoutApprovals).decisions).toEqual(view.decisions);
  });
});

const pausedRunEvents: RunEvent[] = [
  { type: "run_started", seq: 0, ...envelope },
  {
    type: "tool_started",
    seq: 1,
    tool_call_id: "load",
    tool_name: "load_constructed_graph",
    args: { dataset_id: "d1" },
    ...envelope,
  },
  {
    type: "tool_completed",
    seq: 2,
    tool_call_id: "load",
    tool_name: "load_constructed_graph",
    success: true,
    status: "completed",
    summary: "loaded",
    duration_ms: 4,
    ...envelope,
  },
  {
    type: "approval_required",
    seq: 3,
    tool_call_id: "clear",
    tool_name: "clear_graph",
    args: { keep: false },
    ...envelope,
  },
  { type: "run_paused", seq: 4, ...envelope },
];

const baseSnapshot: RunSnapshot = runSnapshotFixture();
