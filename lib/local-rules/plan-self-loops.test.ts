import type { JSONValue } from "@ai-sdk/provider";
import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { constructGraph } from "@/lib/engine/construction/construct-graph";
import type { GraphData } from "@/lib/engine/graph/graph-data";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { runGraphQuery } from "@/lib/engine/query/run-graph-query";
import { LoadedGraph } from "@/lib/engine/session/loaded-graph";
import { describeGraphSchema } from "@/lib/mcp/graph-info";
import { parseAnalyses } from "./question-grammar";
import { type FakeEngine, ok, runConversation } from "./testing/run-conversation";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Counted by hand: Bob (Sales) writes to himself once, Cy (Legal) twice; Ann and Di never.
const nodes = "id,name,department\na,Ann,Sales\nb,Bob,Sales\nc,Cy,Legal\nd,Di,Legal\n";
const edges = "source,target\na,b\nb,b\nc,c\nc,c\nd,a\n";

async function emailEngine(): Promise<FakeEngine> {
  const { graph } = await constructGraph({
    kind: "csv",
    texts: { edges, nodes },
    options: { directed: true },
  });
  const loaded = new LoadedGraph({
    version: 1,
    origin: { kind: "construction", datasetId: "ds_karate", revision: 3 },
    graph,
  });
  const description = {
    loaded: true,
    dataset_id: "ds_karate",
    revision: 3,
    version: 1,
    origin: "construction",
    directed: true,
    weighted: false,
    nodes: 4,
    edges: 5,
    schema: JSON.parse(JSON.stringify(describeGraphSchema(loaded))),
  };
  return async (call) => {
    if (call.toolName === "load_constructed_graph" || call.toolName === "get_graph_info")
      return ok(description as JSONValue);
    if (call.toolName === "query_graph") return ok((await query(graph, call.input)) as JSONValue);
    throw new Error(`unexpected call ${call.toolName}`);
  };
}

async function query(graph: GraphData, input: Record<string, unknown>) {
  const result = await runGraphQuery({ graph, sql: String(input.sql) });
  return { columns: result.columns, rows: result.rows, row_count: result.rows.length };
}

async function ask(question: string) {
  const { answer, turns } = await runConversation({
    question,
    state: attachedKarateState(),
    engine: await emailEngine(),
  });
  return { lead: answer.split("\n")[0], calls: turns.flatMap((turn) => turn.calls) };
}

describe("self-loops: edges from a node to itself", { timeout: 60_000 }, () => {
  it("answers yes or no for the nodes a value names, with who and how often", async () => {
    const sales = await ask("Does anyone in Sales email themselves?");
    expect(sales.lead).toBe(
      "Yes — 1 node has an edge to itself among department = Sales, 1 self-loop in all: Bob (b).",
    );
    const query = sales.calls.find((call) => call.toolName === "query_graph");
    expect(String(query?.input.sql)).toContain(`n."department" = 'Sales'`);
    const legal = await ask("Does anyone in Legal email themselves?");
    expect(legal.lead).toBe(
      "Yes — 1 node has an edge to itself among department = Legal, 2 self-loops in all: Cy (c).",
    );
  });

  it("counts loops or nodes, and lists the nodes, as the question asks", async () => {
    expect((await ask("How many self-loops are there?")).lead).toBe(
      "3 self-loops, on 2 nodes: Cy (c), Bob (b).",
    );
    expect((await ask("How many people email themselves?")).lead).toMatch(
      /^2 nodes have an edge to itself, 3 self-loops in all/,
    );
    expect((await ask("Who emails themselves?")).lead).toMatch(/^Cy \(c\), Bob \(b\) — /);
    expect((await ask("自环有多少条？")).lead).toBe(
      "3 条自环，分布在 2 个节点上：Cy (c)、Bob (b)。",
    );
  });

  it("reads a reflexive word as a self-loop, and 'among themselves' or 'each other' as not", () => {
    expect(parseAnalyses("Does anyone in Sales email themselves?")).toEqual([
      { kind: "self-loops", ask: "exists" },
    ]);
    expect(parseAnalyses("Are there any self-loops?")).toEqual([
      { kind: "self-loops", ask: "exists" },
    ]);
    expect(parseAnalyses("Which accounts transfer money to themselves?")).toEqual([
      { kind: "self-loops", ask: "list" },
    ]);
    for (const question of [
      "Which two researchers collaborate most among themselves?",
      "Do Ann and Bob email each other?",
    ]) {
      expect(parseAnalyses(question).map((analysis) => analysis.kind)).not.toContain("self-loops");
    }
  });
});
