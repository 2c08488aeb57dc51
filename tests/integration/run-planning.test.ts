import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunEvent, RunPlan } from "@/lib/contracts/run-event";
import { getDb } from "@/lib/db/client";
import { createSession } from "@/lib/sessions/create-session";
import {
  type ChatCompletionRequestBody,
  type FakeOpenAIServer,
  type FakeTurn,
  startFakeOpenAIServer,
} from "../support/fake-openai-server";
import { fakeModelEnvironment, type RunHarness, startRunHarness } from "../support/run-harness";

// Planning and staged reasoning (AF-2) through the real runtime — routes, SSE, MCP engine,
// PostgreSQL — with both models: the offline local-rules and an LLM on the OpenAI wire protocol.

type PlanEvent = Extract<RunEvent, { type: "plan_updated" }>;
type ScriptedTurn = (body: ChatCompletionRequestBody) => FakeTurn;

const modelKey = "sk-fake-planning-0123456789";
let harness: RunHarness;
let llm: FakeOpenAIServer;
let script: ScriptedTurn[] = [];

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    apiKey: modelKey,
    respond: (body) => {
      const next = script.shift();
      if (!next) throw new Error("the test scripted no more turns");
      return next(body);
    },
  });
  harness = await startRunHarness({ extraEnv: fakeModelEnvironment(llm.baseUrl, modelKey) });
}, 120_000);

afterAll(async () => {
  await harness?.close();
  await llm?.close();
});

async function run(input: {
  message: string;
  options: Record<string, string>;
  sessionId?: string;
  attach?: boolean;
}) {
  const sessionId =
    input.sessionId ??
    (await createSession({ ownerId: harness.userId, projectId: harness.projectId })).session_id;
  const started = await harness.startRunWithBody(sessionId, {
    start_request_id: randomUUID(),
    message: input.message,
    attachments: input.attach === false ? [] : [harness.karateId],
    options: input.options,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const runId: string = started.body.run_id;
  const events = await harness.events(runId);
  return { sessionId, runId, events, snapshot: await harness.snapshot(runId) };
}

const plansOf = (events: RunEvent[]) =>
  events.filter((event): event is PlanEvent => event.type === "plan_updated");
const firstIndex = (events: RunEvent[], type: RunEvent["type"]) =>
  events.findIndex((event) => event.type === type);
const reasoningOf = (events: RunEvent[]) =>
  events.flatMap((event) => (event.type === "reasoning_delta" ? [event.text] : [])).join("");
/** The statuses one step went through, in order, without repeats. */
function historyOf(events: RunEvent[], stepId: string): string[] {
  const statuses: string[] = [];
  for (const plan of plansOf(events)) {
    const status = plan.steps.find((step) => step.id === stepId)?.status;
    if (status && statuses.at(-1) !== status) statuses.push(status);
  }
  return statuses;
}
const planOf = (event: PlanEvent): RunPlan => ({
  goal: event.goal,
  steps: event.steps,
  progress: event.progress,
});

async function sessionContext(sessionId: string) {
  const db = await getDb();
  return db.sessionContext.findUnique({ where: { sessionId } });
}

const toolCall = (id: string, name: string, args: Record<string, unknown> = {}) => ({
  id,
  name,
  arguments: JSON.stringify(args),
});

describe("planning and staged reasoning with local-rules", () => {
  it("always: plans from its parse before acting, moves every step to done, reasons, and keeps the plan", async () => {
    const { sessionId, runId, events, snapshot } = await run({
      message: "rank the top 5 nodes by pagerank",
      options: { planning_mode: "always" },
    });
    expect(snapshot.run_status).toBe("completed");
    const plans = plansOf(events);
    expect(plans.length).toBeGreaterThan(2);
    // The plan comes before the first tool runs, and from the parse: graph, the ranking, answer.
    expect(firstIndex(events, "plan_updated")).toBeLessThan(firstIndex(events, "tool_started"));
    expect(plans[0].goal).toBe("rank the top 5 nodes by pagerank");
    expect(plans[0].steps.map((step) => step.id)).toEqual(["graph", "analysis-1", "answer"]);
    expect(plans[0].steps.map((step) => step.status)).toEqual(["pending", "pending", "pending"]);
    expect(plans[0].steps[0].title).toMatch(/^Load "karate_edges/);
    expect(historyOf(events, "graph")).toEqual(["pending", "running", "done"]);
    expect(historyOf(events, "analysis-1")).toEqual(["pending", "running", "done"]);
    expect(historyOf(events, "answer")).toEqual(["pending", "done"]);
    const last = plans.at(-1) as PlanEvent;
    // The ranking reads the graph's schema first: the step names both tools it took.
    expect(last.steps.find((step) => step.id === "analysis-1")?.tools).toEqual([
      "get_graph_info",
      "node_centrality",
    ]);
    expect(last.progress).toEqual({ done: 3, total: 3 });
    expect(firstIndex(events, "run_completed")).toBeGreaterThan(events.indexOf(last));
    // always turns reasoning on: the model's checks and the runtime's, before the tools.
    const reasoning = reasoningOf(events);
    expect(firstIndex(events, "reasoning_delta")).toBeLessThan(firstIndex(events, "tool_started"));
    expect(reasoning).toMatch(/Question read as: Top nodes by PageRank\./);
    expect(reasoning).toMatch(
      /Graph loaded\? not in this session yet → "karate_edges[^"]*" has a ready construction, revision 1 → load it\./,
    );
    expect(reasoning).toMatch(
      new RegExp(
        `- load_constructed_graph: dataset "karate_edges[^"]*" ${harness.karateId} in scope\\? yes; construction ready, latest revision 1\\.`,
      ),
    );
    expect(reasoning).toMatch(
      /- node_centrality: graph loaded\? yes — dataset [\w-]+, revision 1, 34 nodes, 78 edges \(get_graph_info result of this run\)\./,
    );
    // The snapshot and the session context keep what the events said.
    expect(snapshot.plan).toEqual(planOf(last));
    expect(snapshot.reasoning).toBe(reasoning);
    expect(snapshot.tool_calls.map((call: { tool_name: string }) => call.tool_name)).toEqual([
      "load_constructed_graph",
      "get_graph_info",
      "node_centrality",
    ]);
    const context = await sessionContext(sessionId);
    expect(context?.plan).toEqual(planOf(last));
    expect(context?.progress).toMatchObject({ run_id: runId, run_status: "completed" });
  });

  it("staged: checks evidence and preconditions before the first tool, and auto plans nothing for a one-step question", async () => {
    const { events, snapshot } = await run({
      message: "what is the degree of n0?",
      options: { reasoning_mode: "staged", planning_mode: "auto" },
    });
    expect(snapshot.run_status).toBe("completed");
    const firstTool = firstIndex(events, "tool_started");
    const before = events.slice(0, firstTool);
    const checks = before.flatMap((event) =>
      event.type === "reasoning_delta" ? [event.text] : [],
    );
    expect(checks.join("")).toMatch(/Graph loaded\? not in this session yet/);
    expect(checks.join("")).toMatch(
      /Checks before 1 tool call:\n- load_constructed_graph: dataset/,
    );
    expect(reasoningOf(events)).toMatch(/Next: write the answer from \d+ tool result\(s\)\./);
    expect(plansOf(events)).toEqual([]);
    expect(snapshot.plan).toBeNull();
  });

  it("auto: a question that asks for several things gets a plan with one step per thing", async () => {
    const { events, snapshot } = await run({
      message: "rank the top 5 nodes by pagerank and detect the communities",
      options: { planning_mode: "auto" },
    });
    expect(snapshot.run_status).toBe("completed");
    const last = plansOf(events).at(-1) as PlanEvent;
    expect(last.steps.map((step) => [step.id, step.status])).toEqual([
      ["graph", "done"],
      ["analysis-1", "done"],
      ["analysis-2", "done"],
      ["answer", "done"],
    ]);
    expect(last.steps[2].tools).toEqual(["community_detection"]);
    // auto does not turn reasoning on.
    expect(events.some((event) => event.type === "reasoning_delta")).toBe(false);
    expect(snapshot.reasoning).toBe("");
  });

  it("never (direct): no plan and no reasoning events; the session context lists the calls made", async () => {
    const { sessionId, events, snapshot } = await run({
      message: "rank the top 5 nodes by pagerank and detect the communities",
      options: { planning_mode: "never", reasoning_mode: "direct" },
    });
    expect(snapshot.run_status).toBe("completed");
    expect(events.filter((event) => event.type === "plan_updated")).toEqual([]);
    expect(events.filter((event) => event.type === "reasoning_delta")).toEqual([]);
    expect(snapshot.plan).toBeNull();
    const context = await sessionContext(sessionId);
    const plan = context?.plan as RunPlan;
    expect(plan.steps.map((step) => [step.title, step.status])).toEqual(
      snapshot.tool_calls.map((call: { tool_name: string }) => [call.tool_name, "done"]),
    );
  });

  it("always across an approval: the paused step waits running, the continued phase finishes the same plan", async () => {
    const paused = await run({ message: "Clear the graph", options: { planning_mode: "always" } });
    expect(paused.snapshot.run_status).toBe("paused");
    expect(paused.snapshot.plan.steps.map((step: { status: string }) => step.status)).toEqual([
      "running",
      "pending",
    ]);
    const approval = paused.events.find((event) => event.type === "approval_required") as Extract<
      RunEvent,
      { type: "approval_required" }
    >;
    const decided = await harness.decide(paused.runId, {
      tool_call_id: approval.tool_call_id,
      tool_name: "clear_graph",
      decision: "approve",
    });
    expect(decided.status).toBe(202);
    const continued = await harness.events(paused.runId, (paused.events.at(-1) as RunEvent).seq);
    expect(continued.at(-1)?.type).toBe("run_completed");
    const last = plansOf(continued).at(-1) as PlanEvent;
    expect(last.steps.map((step) => [step.id, step.status])).toEqual([
      ["task", "done"],
      ["answer", "done"],
    ]);
    const snapshot = await harness.snapshot(paused.runId);
    expect(snapshot.plan).toEqual(planOf(last));
    // Both phases' reasoning, in order.
    expect(snapshot.reasoning).toBe(reasoningOf(paused.events) + reasoningOf(continued));
    expect(snapshot.reasoning).toMatch(/clear_graph: needs your approval: the run pauses first\./);
  });
});

describe("planning and staged reasoning with an LLM over the OpenAI wire protocol", () => {
  it("always: the model plans with update_plan, the runtime moves the steps from the tool results", async () => {
    const plan = {
      goal: "Top 5 nodes by PageRank",
      steps: [
        { title: "Load the karate graph", tools: ["load_constructed_graph"] },
        { title: "Rank by PageRank", tools: ["node_centrality"] },
        { title: "Explain the ranking" },
      ],
    };
    let offered: string[] = [];
    let system = "";
    let planResult: unknown = null;
    script = [
      (body) => {
        offered = (body.tools ?? []).map(
          (entry) => (entry as { function: { name: string } }).function.name,
        );
        system = String(body.messages?.[0]?.content ?? "");
        return {
          toolCalls: [
            toolCall("plan-1", "update_plan", plan),
            toolCall("load-1", "load_constructed_graph", { dataset_id: harness.karateId }),
          ],
        };
      },
      (body) => {
        planResult = body.messages?.find((message) => message.tool_call_id === "plan-1")?.content;
        return {
          toolCalls: [toolCall("rank-1", "node_centrality", { algorithm: "pagerank", top_k: 5 })],
        };
      },
      () => ({ text: "Node 33 ranks first by PageRank." }),
    ];
    const before = harness.toolCalls.length;
    const { sessionId, events, snapshot } = await run({
      message: "rank the top 5 nodes by pagerank",
      options: { model: "fake-gpt", planning_mode: "always" },
    });
    expect(snapshot.run_status, JSON.stringify(snapshot.error)).toBe("completed");
    expect(offered).toContain("update_plan");
    expect(system).toMatch(/call update_plan first/);
    expect(JSON.parse(String(planResult))).toMatchObject({ success: true });
    // update_plan is the runtime's: never an engine call, a tool card or a saved tool call.
    expect(harness.toolCalls.slice(before)).not.toContain("update_plan");
    expect(events.some((event) => "tool_name" in event && event.tool_name === "update_plan")).toBe(
      false,
    );
    expect(snapshot.tool_calls.map((call: { tool_name: string }) => call.tool_name)).toEqual([
      "load_constructed_graph",
      "node_centrality",
    ]);
    expect(firstIndex(events, "plan_updated")).toBeLessThan(firstIndex(events, "tool_started"));
    expect(historyOf(events, "1")).toEqual(["pending", "running", "done"]);
    expect(historyOf(events, "2")).toEqual(["pending", "running", "done"]);
    expect(historyOf(events, "3")).toEqual(["pending", "done"]);
    const last = plansOf(events).at(-1) as PlanEvent;
    expect(last.goal).toBe("Top 5 nodes by PageRank");
    expect(last.progress).toEqual({ done: 3, total: 3 });
    // always turns reasoning on: the runtime's checks come before each batch.
    const firstTool = firstIndex(events, "tool_started");
    expect(events.slice(0, firstTool).some((event) => event.type === "reasoning_delta")).toBe(true);
    expect(reasoningOf(events)).toMatch(
      /- load_constructed_graph: dataset "karate_edges[^"]*" [\w-]+ in scope\? yes/,
    );
    expect(reasoningOf(events)).toMatch(
      /- node_centrality: graph loaded\? yes — dataset [\w-]+, revision 1, 34 nodes, 78 edges/,
    );
    expect(snapshot.plan).toEqual(planOf(last));
    expect((await sessionContext(sessionId))?.plan).toEqual(planOf(last));
  });

  it("staged: real checks against the engine and the model store before the first tool, and no plan unless the model keeps one", async () => {
    script = [
      () => ({
        toolCalls: [
          toolCall("rank-1", "node_centrality", { algorithm: "pagerank", top_k: 5 }),
          toolCall("infer-1", "infer", { model_id: "00000000-0000-4000-8000-000000000000" }),
        ],
      }),
      () => ({ text: "No graph is loaded, so nothing could be ranked." }),
    ];
    const before = harness.toolCalls.length;
    const { events, snapshot } = await run({
      message: "rank the top 5 nodes by pagerank",
      options: { model: "fake-gpt", reasoning_mode: "staged", planning_mode: "auto" },
      attach: false,
    });
    expect(snapshot.run_status).toBe("completed");
    const firstTool = firstIndex(events, "tool_started");
    const checks = events
      .slice(0, firstTool)
      .flatMap((event) => (event.type === "reasoning_delta" ? [event.text] : []))
      .join("");
    // The session has no graph: the engine was asked (a get_graph_info read) and said so.
    expect(checks).toMatch(
      /- node_centrality: graph loaded\? no \(get_graph_info, checked now\) — this call needs a loaded graph\./,
    );
    expect(checks).toMatch(
      /- infer: graph loaded\? no .*; model 00000000-0000-4000-8000-000000000000: weights present\? no — no such model of yours; may run as a background job/,
    );
    expect(harness.toolCalls.slice(before)[0]).toBe("get_graph_info");
    expect(plansOf(events)).toEqual([]);
    expect(snapshot.reasoning).toBe(checks);
  });

  it("never: the plan tool is not offered and nothing is planned or reasoned", async () => {
    let offered: string[] = [];
    let system = "";
    script = [
      (body) => {
        offered = (body.tools ?? []).map(
          (entry) => (entry as { function: { name: string } }).function.name,
        );
        system = String(body.messages?.[0]?.content ?? "");
        return { toolCalls: [toolCall("info-1", "get_graph_info")] };
      },
      () => ({ text: "The session has no graph loaded." }),
    ];
    const { events, snapshot } = await run({
      message: "is a graph loaded?",
      options: { model: "fake-gpt", planning_mode: "never", reasoning_mode: "direct" },
    });
    expect(snapshot.run_status).toBe("completed");
    expect(offered).toContain("get_graph_info");
    expect(offered).not.toContain("update_plan");
    expect(system).toMatch(/Do not write a separate plan/);
    expect(events.filter((event) => event.type === "plan_updated")).toEqual([]);
    expect(events.filter((event) => event.type === "reasoning_delta")).toEqual([]);
    expect(snapshot.plan).toBeNull();
    expect(snapshot.reasoning).toBe("");
  });
});
