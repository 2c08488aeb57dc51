import { tool } from "ai";
import { describe, expect, it } from "vitest";
import type { LocalRulesSessionState } from "@/lib/contracts/session-state-block";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { updatePlanArgsSchema } from "@/lib/contracts/update-plan-call";
import { engineToolSet } from "../testing/engine-tool-set";
import { karateEngine } from "../testing/karate-engine";
import { ok, runConversation } from "../testing/run-conversation";

// The offline model's plan (an update_plan call beside its calls) and its staged reasoning,
// read from the run options in the session-state block and from its own parse.

const engine = karateEngine();
const answering = (call: Parameters<typeof engine>[0]) =>
  call.toolName === "update_plan" ? ok({ accepted: true }) : engine(call);

function ask(question: string, state: LocalRulesSessionState, offerPlanTool = true) {
  const tools = {
    ...engineToolSet(),
    ...(offerPlanTool ? { update_plan: tool({ inputSchema: updatePlanArgsSchema }) } : {}),
  };
  return runConversation({ question, state, engine: answering, tools });
}

const plansOf = (turns: Awaited<ReturnType<typeof ask>>["turns"]) =>
  turns.flatMap((turn) => turn.calls.filter((call) => call.toolName === "update_plan"));
const workOf = (turns: Awaited<ReturnType<typeof ask>>["turns"]) =>
  turns.map((turn) =>
    turn.calls
      .filter((call) => call.toolName !== "update_plan")
      .map((call) => [call.toolCallId, call.toolName, call.input]),
  );

describe("local-rules plans from its parse", () => {
  it("always: declares graph, the analysis and the answer before acting, and again when a tool becomes known", async () => {
    const question = "rank the top 5 nodes by pagerank";
    const { turns } = await ask(question, attachedKarateState({ planning_mode: "always" }));
    const plans = plansOf(turns);
    // The plan call comes last in its turn, beside the first real call.
    expect(turns[0].calls.map((call) => call.toolName)).toEqual([
      "load_constructed_graph",
      "update_plan",
    ]);
    expect(plans[0].input).toEqual({
      goal: question,
      steps: [
        { id: "graph", title: 'Load "karate.csv"', tools: ["load_constructed_graph"] },
        { id: "analysis-1", title: "Top nodes by PageRank", tools: [] },
        { id: "answer", title: "Write the answer", tools: [] },
      ],
    });
    const last = plans.at(-1)?.input as { steps: { id: string; tools: string[] }[] };
    expect(last.steps.find((step) => step.id === "analysis-1")?.tools).toContain("node_centrality");
    // Re-declared only when something changed: never twice the same plan in a row.
    const declared = plans.map((call) => JSON.stringify(call.input));
    expect(new Set(declared).size).toBe(declared.length);
  });

  it("keeps its analysis calls, their ids and its answer exactly as without a plan", async () => {
    const question = "rank the top 5 nodes by pagerank and detect the communities";
    const planned = await ask(question, attachedKarateState({ planning_mode: "always" }));
    const unplanned = await ask(question, attachedKarateState(), false);
    expect(plansOf(planned.turns).length).toBeGreaterThan(0);
    expect(workOf(planned.turns)).toEqual(workOf(unplanned.turns));
    expect(planned.answer).toBe(unplanned.answer);
  });

  it("auto: plans a question that asks for several things, not a one-thing question", async () => {
    const several = await ask(
      "rank the top 5 nodes by pagerank and detect the communities",
      attachedKarateState({ planning_mode: "auto" }),
    );
    const steps = (plansOf(several.turns)[0].input as { steps: { id: string }[] }).steps;
    expect(steps.map((step) => step.id)).toEqual(["graph", "analysis-1", "analysis-2", "answer"]);
    const one = await ask(
      "rank the top 5 nodes by pagerank",
      attachedKarateState({ planning_mode: "auto" }),
    );
    expect(plansOf(one.turns)).toEqual([]);
  });

  it("never: no plan even when the tool is offered, and no reasoning", async () => {
    const { turns } = await ask(
      "rank the top 5 nodes by pagerank and detect the communities",
      attachedKarateState({ planning_mode: "never", reasoning_mode: "direct" }),
    );
    expect(plansOf(turns)).toEqual([]);
    expect(turns.every((turn) => turn.reasoning === "")).toBe(true);
  });

  it("staged: reasons about the graph from the state and this run's results before each decision", async () => {
    const { turns } = await ask(
      "rank the top 5 nodes by pagerank",
      attachedKarateState({ reasoning_mode: "staged", planning_mode: "auto" }),
    );
    expect(turns[0].reasoning).toBe(
      [
        "Question read as: Top nodes by PageRank.",
        "Logical form: rank (centrality); measure pagerank; descending; limit 5; answer entity.",
        'Graph loaded? not in this session yet → "karate.csv" has a ready construction, revision 3 → load it.',
        "Next: load_constructed_graph(dataset_id=ds_karate, revision=3).",
        "",
      ].join("\n"),
    );
    expect(turns[1].reasoning).toMatch(
      /^Graph loaded\? yes — load_constructed_graph verified it in this run: "karate\.csv", revision 3, 34 nodes, 78 edges\.\n/,
    );
    expect(turns.at(-1)?.reasoning).toMatch(
      /Next: write the answer from \d+ tool result\(s\)\.\n$/,
    );
  });
});
