import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { readAnalyses } from "../families";
import { realGraphEngine } from "../testing/real-graph-engine";
import { runConversation } from "../testing/run-conversation";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Counted by hand: Bob (Sales) writes to himself once, Cy (Legal) twice; Ann and Di never.
const nodes = "id,name,department\na,Ann,Sales\nb,Bob,Sales\nc,Cy,Legal\nd,Di,Legal\n";
const edges = "source,target\na,b\nb,b\nc,c\nc,c\nd,a\n";

async function ask(question: string) {
  const { answer, turns } = await runConversation({
    question,
    state: attachedKarateState(),
    engine: await realGraphEngine({
      kind: "csv",
      texts: { edges, nodes },
      options: { directed: true },
    }),
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

  it("asks back rather than ignore a property whose value the graph does not hold", async () => {
    const finance = await ask("How many self-loops are there in department Finance?");
    expect(finance.lead).toMatch(
      /^Which department\? I found no value of it in the question; it has /,
    );
    expect(finance.calls.map((call) => call.toolName)).not.toContain("query_graph");
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
    expect(readAnalyses("Does anyone in Sales email themselves?")).toEqual([
      { kind: "self-loops", ask: "exists" },
    ]);
    expect(readAnalyses("Are there any self-loops?")).toEqual([
      { kind: "self-loops", ask: "exists" },
    ]);
    expect(readAnalyses("Which accounts transfer money to themselves?")).toEqual([
      { kind: "self-loops", ask: "list" },
    ]);
    for (const question of [
      "Which two researchers collaborate most among themselves?",
      "Do Ann and Bob email each other?",
    ]) {
      expect(readAnalyses(question).map((analysis) => analysis.kind)).not.toContain("self-loops");
    }
  });
});
