import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { analysisGraphEngine } from "../testing/analysis-graph-engine";
import { type FakeEngine, ok, runConversation } from "../testing/run-conversation";
import { walkGraphEngine } from "../testing/walk-graph-engine";
import { readAnalyses } from "./index";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// A directed market, each link seller → buyer, counted by hand. Alder sells to Birch and Cedar;
// Birch and Cedar sell to each other; Dune sells to Alder; Cedar sells to Elm. Fern sells to
// Gorse, apart from the rest: ignoring direction there are two pieces. Dune and Fern only sell;
// Elm and Gorse only buy. Cedar trades four links (Birch, Elm out; Alder, Birch in).
const market = {
  nodes: "id,name\nal,Alder\nbi,Birch\nce,Cedar\ndu,Dune\nel,Elm\nfe,Fern\ngo,Gorse\n",
  edges: "seller,buyer\nal,bi\nal,ce\nbi,ce\nce,bi\ndu,al\nce,el\nfe,go\n",
};

const input = {
  kind: "csv" as const,
  texts: market,
  options: { directed: true },
};

// Walks and degrees from the engine's own code; the two weak components counted by hand (the
// test engines do not run graph_metrics' component count).
async function marketEngine(): Promise<FakeEngine> {
  const walk = await walkGraphEngine(input);
  const analysis = await analysisGraphEngine(input);
  return async (call) => {
    const metrics = (call.input.metrics as string[] | undefined) ?? [];
    if (call.toolName === "graph_metrics" && metrics.includes("component_count")) {
      return ok({
        nodes: 7,
        edges: 7,
        metrics: { component_count: 2, largest_component_size: 5 },
        notes: [],
      });
    }
    return call.toolName === "shortest_path" || call.toolName === "graph_metrics"
      ? walk(call)
      : analysis(call);
  };
}
const engine = marketEngine();

async function ask(question: string) {
  const { answer, turns } = await runConversation({
    question,
    state: attachedKarateState(),
    engine: await engine,
  });
  return { lead: answer.split("\n")[0], calls: turns.flatMap((turn) => turn.calls) };
}

describe("verbs of selling and buying give the links' direction", { timeout: 120_000 }, () => {
  it.each([
    ["Which nodes does Cedar sell to?", ["Birch (bi)", "Elm (el)"], ["Alder (al)"]],
    ["Sales from Cedar go to which nodes?", ["Birch (bi)", "Elm (el)"], ["Alder (al)"]],
    ["Cedar 卖给哪些节点？", ["Birch (bi)", "Elm (el)"], ["Alder (al)"]],
    ["Who buys from Alder?", ["Birch (bi)", "Cedar (ce)"], ["Dune (du)"]],
    ["哪些节点从 Alder 购买？", ["Birch (bi)", "Cedar (ce)"], ["Dune (du)"]],
    ["哪些节点向 Birch 出售？", ["Alder (al)", "Cedar (ce)"], ["Elm (el)"]],
  ])("%s", async (question, named, left) => {
    const { lead } = await ask(question);
    for (const name of named) expect(lead).toContain(name);
    for (const name of left) expect(lead).not.toContain(name);
  });

  it("ranks by the links the verb names: bought from (in) or sold to (out)", () => {
    expect(readAnalyses("Which node buys from the most sellers?")).toMatchObject([{ mode: "in" }]);
    expect(readAnalyses("哪个节点的出售对象最多？")).toMatchObject([{ mode: "out" }]);
    expect(readAnalyses("Which node was bought from the most?")).toMatchObject([{ mode: "out" }]);
  });

  it("reads a noun for one end: the sellers of a node send to it, its buyers receive", async () => {
    const sellers = await ask("Who are Birch's sellers?");
    expect(sellers.lead).toContain("Alder (al)");
    expect(sellers.lead).toContain("Cedar (ce)");
    expect(sellers.lead).not.toContain("Elm");
    const buyers = await ask("Cedar 的买家有哪些？");
    expect(buyers.lead).toContain("Elm (el)");
    expect(buyers.lead).not.toContain("Alder");
    expect((await ask("Is Dune a seller to Alder?")).lead).toMatch(/^Yes/);
    expect((await ask("Alder 是 Dune 的卖家吗？")).lead).toMatch(/^否/);
  });

  it("counts both ways when both verbs are named together", async () => {
    expect(
      (await ask("Counting purchases and sales together, how many trade links involve Cedar?"))
        .lead,
    ).toContain("4");
    expect(readAnalyses("买入和卖出合计，Cedar 有多少条交易？")).toMatchObject([
      { kind: "degree", node: "Cedar", mode: "all" },
    ]);
  });

  it("reads whether one buys from the other as the edge from seller to buyer", async () => {
    expect((await ask("Does Birch buy from Alder?")).lead).toMatch(/^Yes/);
    expect((await ask("Birch 是否从 Alder 购买？")).lead).toMatch(/^是的/);
    expect((await ask("Does Alder buy from Birch?")).lead).toMatch(/^No/);
  });

  it("finds the nodes that only sell or only buy", async () => {
    const sellers = await ask("Which node sells to others but never buys from anyone?");
    expect(sellers.lead).toContain("Dune (du)");
    expect(sellers.lead).toContain("Fern (fe)");
    const buyers = await ask("哪些节点只买入、从不卖出？");
    expect(buyers.lead).toContain("Elm (el)");
    expect(buyers.lead).toContain("Gorse (go)");
    expect(buyers.lead).not.toContain("Dune");
  });

  it("counts the nodes reached directly or indirectly, either way round", async () => {
    expect(
      (await ask("How many nodes can Dune's sales reach, directly or indirectly?")).lead,
    ).toMatch(/\b4\b/);
    expect((await ask("有多少个节点的货物能直接或间接流入 Elm？")).lead).toMatch(/4/);
  });

  it("lists the partners linked both ways, and checks a pair both ways", async () => {
    const both = await ask("Which nodes trade with Cedar in both directions?");
    expect(both.lead).toContain("Birch (bi)");
    expect(both.lead).not.toContain("Alder");
    expect((await ask("哪些节点和 Cedar 互相出售？")).lead).toContain("Birch (bi)");
    expect((await ask("Do Birch and Cedar sell to each other?")).lead).toMatch(/^Yes/);
    expect((await ask("Alder 和 Birch 之间是双向交易吗？")).lead).toMatch(/^否/);
  });
});

describe("ignoring the direction sets the question undirected", { timeout: 120_000 }, () => {
  it("is no node's name and asks for weak connectivity", async () => {
    expect(
      readAnalyses("Disregarding the direction of sales, how many triangles are there?"),
    ).toEqual([{ kind: "graph-metric", metrics: ["triangle_count"] }]);
    const pieces = await ask(
      "Ignoring the direction of sales, how many separate pieces does the network have?",
    );
    expect(pieces.lead).toContain("2");
    const connected = await ask("不考虑方向，这个网络是连通的吗？");
    expect(connected.lead).toMatch(/^否/);
    expect(connected.calls.map((call) => call.toolName)).not.toContain("community_detection");
    const ranked = await ask(
      "Ignoring the direction of sales, which node has the highest betweenness?",
    );
    expect(ranked.calls.find((call) => call.toolName === "node_centrality")?.input).toMatchObject({
      algorithm: "betweenness",
      undirected: true,
    });
    expect(
      (await ask("Is the market graph connected if we disregard edge direction?")).lead,
    ).toMatch(/^No — even ignoring the edge direction/);
  });
});
