import { describe, expect, it } from "vitest";
import { runToolBatch } from "./run-tool-batch";
import { call } from "./testing/fake-tools";
import { describedTool, graphToolDescriptors } from "./testing/graph-tool-descriptors";
import { startBatch } from "./testing/start-batch";
import { ToolBatchError } from "./tool-batch-error";
import type { ToolCallOutcome } from "./tool-call-outcome";

// The optimisation flow of AP-5 in one batch: load, commit (gated), an analysis of the committed
// graph, and an unrelated report.
const calls = [
  call({ id: "load", tool: "load_constructed_graph", args: { dataset_id: "a" } }),
  call({
    id: "commit",
    tool: "commit_graph_optimization",
    args: { dataset_id: "a", base_revision: 1, operations: [{ op: "remove_node", id: "n1" }] },
  }),
  call({ id: "centrality", tool: "node_centrality", args: { algorithm: "pagerank" } }),
  call({ id: "report", tool: "create_analysis_report", args: { title: "t" } }),
];

async function firstGeneration(): Promise<ToolCallOutcome[]> {
  const batch = await startBatch({ calls });
  await batch.tools.finish("load");
  await batch.tools.finish("report");
  return batch.result;
}

describe("runToolBatch approval pauses (AP-1, AP-4)", () => {
  it("pauses the gated call without running it and blocks its dependants", async () => {
    const batch = await startBatch({ calls });
    await batch.tools.finish("load");
    await batch.tools.finish("report");
    const [load, commit, centrality, report] = await batch.result;
    expect(batch.tools.started).toEqual(["load", "report"]);
    expect(load.status).toBe("succeeded");
    expect(commit).toMatchObject({ status: "awaiting_approval", args: calls[1].args });
    expect(commit.startedAt).toBeUndefined();
    expect(centrality).toMatchObject({ status: "blocked", blockedBy: ["commit"] });
    expect(report.status).toBe("succeeded");
    expect(batch.log.events).toContainEqual({
      type: "approval_required",
      tool_call_id: "commit",
      tool_name: "commit_graph_optimization",
      args: calls[1].args,
    });
    expect(batch.log.lines()).toEqual([
      "tool_started load",
      "tool_started report",
      "tool_completed load ok",
      "approval_required commit",
      "tool_blocked centrality by commit",
      "tool_completed report ok",
    ]);
  });

  it("lets only one call await approval: a second gated call is blocked by the first", async () => {
    const descriptors = graphToolDescriptors();
    descriptors.set(
      "approve_doc",
      describedTool({ name: "approve_doc", writes: ["DOC"], requiresApproval: true }),
    );
    const batch = await startBatch({
      calls: [
        call({ id: "clear", tool: "clear_graph" }),
        call({ id: "publish", tool: "approve_doc" }),
      ],
      overrides: { descriptors },
    });
    const [clear, publish] = await batch.result;
    expect(clear.status).toBe("awaiting_approval");
    expect(publish).toMatchObject({ status: "blocked", blockedBy: ["clear"] });
    expect(batch.log.lines()).toEqual(["approval_required clear", "tool_blocked publish by clear"]);
  });

  it("resumes: runs the approved call and its freed dependants, reusing finished outcomes", async () => {
    const earlier = await firstGeneration();
    const completed = new Map(
      earlier.filter((outcome) => outcome.status === "succeeded").map((o) => [o.toolCallId, o]),
    );
    const approvedArgs = { ...calls[1].args, base_revision: 2 };
    const batch = await startBatch({
      calls,
      overrides: { resume: { completed, approved: { toolCallId: "commit", args: approvedArgs } } },
    });
    expect(batch.tools.running()).toEqual(["commit"]);
    expect(batch.tools.pending.get("commit")?.call.args).toEqual(approvedArgs);
    await batch.tools.finish("commit");
    await batch.tools.finish("centrality");
    const [load, commit, centrality, report] = await batch.result;
    expect(batch.tools.started).toEqual(["commit", "centrality"]);
    expect(load).toBe(completed.get("load"));
    expect(report).toBe(completed.get("report"));
    expect(commit).toMatchObject({ status: "succeeded", args: approvedArgs });
    expect(centrality.status).toBe("succeeded");
    // Reused outcomes are not announced again.
    expect(batch.log.lines()).toEqual([
      "tool_started commit",
      "tool_completed commit ok",
      "tool_started centrality",
      "tool_completed centrality ok",
    ]);
  });

  it("keeps earlier blocked steps blocked when their outcomes are passed back (DAG-4)", async () => {
    const earlier = await firstGeneration();
    const completed = new Map(earlier.map((outcome) => [outcome.toolCallId, outcome]));
    const batch = await startBatch({
      calls,
      overrides: { resume: { completed, approved: { toolCallId: "commit", args: calls[1].args } } },
    });
    await batch.tools.finish("commit", {
      success: false,
      status: "failed",
      error_code: "REVISION_CONFLICT",
    });
    const outcomes = await batch.result;
    expect(batch.tools.started).toEqual(["commit"]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "succeeded",
      "failed",
      "blocked",
      "succeeded",
    ]);
    expect(outcomes[1].errorCode).toBe("REVISION_CONFLICT");
  });

  it("blocks the dependants of a rejected call recorded as a failed outcome", async () => {
    const earlier = await firstGeneration();
    const completed = new Map(
      earlier.filter((outcome) => outcome.status === "succeeded").map((o) => [o.toolCallId, o]),
    );
    const rejected: ToolCallOutcome = {
      ...earlier[1],
      status: "failed",
      errorCode: "APPROVAL_REJECTED",
    };
    completed.set("commit", rejected);
    const batch = await startBatch({ calls, overrides: { resume: { completed } } });
    const outcomes = await batch.result;
    expect(batch.tools.started).toEqual([]);
    expect(outcomes[1]).toBe(rejected);
    expect(outcomes[2]).toMatchObject({ status: "blocked", blockedBy: ["commit"] });
  });

  it("treats a reused awaiting outcome as the one pending approval of the batch", async () => {
    const descriptors = graphToolDescriptors();
    descriptors.set(
      "approve_doc",
      describedTool({ name: "approve_doc", writes: ["DOC"], requiresApproval: true }),
    );
    const batch = await startBatch({
      calls: [
        call({ id: "publish", tool: "approve_doc" }),
        call({ id: "clear", tool: "clear_graph" }),
      ],
      overrides: {
        descriptors,
        resume: {
          completed: new Map([
            [
              "clear",
              {
                toolCallId: "clear",
                toolName: "clear_graph",
                args: {},
                status: "awaiting_approval",
              },
            ],
          ]),
        },
      },
    });
    const [publish, clear] = await batch.result;
    expect(clear.status).toBe("awaiting_approval");
    expect(publish).toMatchObject({ status: "blocked", blockedBy: ["clear"] });
  });

  it("refuses an approval for a call that is not in the batch", async () => {
    const attempt = runToolBatch({
      calls,
      descriptors: graphToolDescriptors(),
      maxConcurrency: 4,
      execute: () => Promise.reject(new Error("must not run")),
      emit: () => {},
      resume: { approved: { toolCallId: "stale", args: {} } },
    });
    await expect(attempt).rejects.toSatisfy(
      (error: unknown) => ToolBatchError.isInstance(error) && error.code === "APPROVAL_CONFLICT",
    );
  });

  it("never asks for approval of a call whose prerequisite failed or the precheck refused", async () => {
    const failed = await startBatch({ calls: calls.slice(0, 2) });
    await failed.tools.finish("load", {
      success: false,
      status: "failed",
      error_code: "NOT_FOUND",
    });
    expect((await failed.result)[1]).toMatchObject({ status: "blocked", blockedBy: ["load"] });
    const refused = await startBatch({
      calls: [calls[1]],
      overrides: {
        precheck: () => ({
          success: false,
          status: "failed",
          error_code: "DATASET_SCOPE_REQUIRED",
        }),
      },
    });
    expect((await refused.result)[0].status).toBe("failed");
    for (const log of [failed.log, refused.log]) {
      expect(log.events.some((event) => event.type === "approval_required")).toBe(false);
    }
  });
});
