import { describe, expect, it } from "vitest";
import type { RunEventPayload, RunPlan } from "@/lib/contracts/run-event";
import { RunPlanTracker } from "./run-plan-tracker";

function tracker(planning: "never" | "auto" | "always" = "auto") {
  const sent: RunPlan[] = [];
  const plan = new RunPlanTracker({
    planning,
    fallbackGoal: "  rank   the nodes ",
    onChange: (changed) => sent.push(changed),
  });
  return { plan, sent };
}

const started = (id: string, tool: string): RunEventPayload => ({
  type: "tool_started",
  tool_call_id: id,
  tool_name: tool,
  args: {},
});
const completed = (id: string, tool: string, success = true): RunEventPayload => ({
  type: "tool_completed",
  tool_call_id: id,
  tool_name: tool,
  success,
  status: success ? "succeeded" : "failed",
  summary: "",
  duration_ms: 1,
});
const statuses = (plan: RunPlan | null | undefined) => plan?.steps.map((step) => step.status);

describe("RunPlanTracker", () => {
  it("moves declared steps from their tools' events: done once the model moves on, the answer step at the end", () => {
    const { plan, sent } = tracker();
    const result = plan.declare({
      goal: "Top nodes",
      steps: [
        { title: "Load", tools: ["load_constructed_graph"] },
        { title: "Rank", tools: ["get_graph_info", "node_centrality"] },
        { title: "Answer" },
      ],
    });
    expect(result).toMatchObject({ success: true, status: "succeeded" });
    expect(statuses(sent.at(-1))).toEqual(["pending", "pending", "pending"]);
    plan.observe(started("a", "load_constructed_graph"));
    plan.observe(completed("a", "load_constructed_graph"));
    // Its tool succeeded, but the model has not moved on yet.
    expect(statuses(sent.at(-1))).toEqual(["running", "pending", "pending"]);
    plan.observe(started("b", "get_graph_info"));
    expect(statuses(sent.at(-1))).toEqual(["done", "running", "pending"]);
    plan.observe(completed("b", "get_graph_info"));
    plan.observe(started("c", "node_centrality"));
    plan.observe(completed("c", "node_centrality"));
    expect(statuses(sent.at(-1))).toEqual(["done", "running", "pending"]);
    plan.observe({ type: "text_delta", text: "Node 33" });
    expect(statuses(sent.at(-1))).toEqual(["done", "done", "pending"]);
    plan.finish("completed", true);
    expect(sent.at(-1)).toEqual({
      goal: "Top nodes",
      steps: [
        { id: "1", title: "Load", status: "done", tools: ["load_constructed_graph"] },
        { id: "2", title: "Rank", status: "done", tools: ["get_graph_info", "node_centrality"] },
        { id: "3", title: "Answer", status: "done", tools: [] },
      ],
      progress: { done: 3, total: 3 },
    });
  });

  it("gives two steps with the same tool one call each, and marks a failure and what was never reached", () => {
    const { plan, sent } = tracker();
    plan.declare({
      goal: "Two rankings",
      steps: [
        { id: "pr", title: "PageRank", tools: ["node_centrality"] },
        { id: "bc", title: "Betweenness", tools: ["node_centrality"] },
        { id: "pic", title: "Picture", tools: ["visualize_subgraph"] },
      ],
    });
    plan.observe(started("a", "node_centrality"));
    plan.observe(started("b", "node_centrality"));
    expect(statuses(sent.at(-1))).toEqual(["running", "running", "pending"]);
    plan.observe(completed("a", "node_centrality"));
    plan.observe(completed("b", "node_centrality", false));
    plan.finish("completed", true);
    expect(statuses(sent.at(-1))).toEqual(["done", "failed", "skipped"]);
  });

  it("always: a model that declares nothing still gets a plan of its calls; an error fails what runs", () => {
    const { plan, sent } = tracker("always");
    const calls = [
      { toolCallId: "a", toolName: "node_centrality", args: { algorithm: "pagerank" } },
    ];
    plan.adoptCalls(calls);
    expect(sent.at(-1)).toEqual({
      goal: "rank the nodes",
      steps: [
        {
          id: "call-1",
          title: "node_centrality (algorithm: pagerank)",
          status: "pending",
          tools: ["node_centrality"],
        },
      ],
      progress: { done: 0, total: 1 },
    });
    plan.observe(started("a", "node_centrality"));
    plan.finish("error", false);
    expect(statuses(sent.at(-1))).toEqual(["failed"]);
    expect(plan.state?.source).toBe("runtime");
  });

  it("auto and never: no plan until one is declared; never refuses the declaration", () => {
    const auto = tracker("auto");
    auto.plan.adoptCalls([{ toolCallId: "a", toolName: "get_graph_info", args: {} }]);
    auto.plan.observe(started("a", "get_graph_info"));
    auto.plan.finish("completed", true);
    expect(auto.sent).toEqual([]);
    expect(auto.plan.plan).toBeNull();
    const never = tracker("never");
    expect(never.plan.declare({ goal: "x", steps: [{ title: "y" }] })).toMatchObject({
      success: false,
      error_code: "INVALID_REQUEST",
    });
    expect(never.sent).toEqual([]);
  });

  it("answers an invalid plan with a failed result the model can read, and changes nothing", () => {
    const { plan, sent } = tracker();
    expect(plan.declare({ goal: "", steps: [] })).toMatchObject({
      success: false,
      status: "failed",
      message: expect.stringMatching(/^The plan was not valid: goal/),
    });
    expect(sent).toEqual([]);
  });

  it("goes on from a saved state in a continued phase: the paused step finishes, nothing repeats", () => {
    const first = tracker();
    first.plan.declare({
      goal: "Clear",
      steps: [
        { id: "task", title: "Clear the graph", tools: ["clear_graph"] },
        { title: "Answer" },
      ],
    });
    first.plan.observe({
      type: "approval_required",
      tool_call_id: "a",
      tool_name: "clear_graph",
      args: {},
    });
    first.plan.finish("paused", false);
    expect(statuses(first.sent.at(-1))).toEqual(["running", "pending"]);
    const sent: RunPlan[] = [];
    const continued = new RunPlanTracker({
      planning: "auto",
      fallbackGoal: "",
      restored: JSON.parse(JSON.stringify(first.plan.state)),
      onChange: (changed) => sent.push(changed),
    });
    expect(continued.plan).toEqual(first.sent.at(-1));
    continued.observe(completed("a", "clear_graph"));
    continued.finish("completed", true);
    expect(statuses(sent.at(-1))).toEqual(["done", "done"]);
    // Rejected instead: the step was not run, which is not a failure.
    const rejected = new RunPlanTracker({
      planning: "auto",
      fallbackGoal: "",
      restored: JSON.parse(JSON.stringify(first.plan.state)),
      onChange: (changed) => sent.push(changed),
    });
    rejected.observe({
      type: "tool_completed",
      tool_call_id: "a",
      tool_name: "clear_graph",
      success: false,
      status: "rejected",
      error_code: "APPROVAL_REJECTED",
      summary: "Rejected by the reviewer; not run.",
      duration_ms: 0,
    });
    rejected.finish("completed", true);
    expect(statuses(sent.at(-1))).toEqual(["skipped", "done"]);
  });
});
