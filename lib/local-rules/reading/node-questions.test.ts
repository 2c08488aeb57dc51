import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { readAnalyses } from "../families";
import { karateDescription, karateEngine } from "../testing/karate-engine";
import { realGraphEngine } from "../testing/real-graph-engine";
import { type FakeEngine, ok, runConversation } from "../testing/run-conversation";
import { detectIntent } from "./detect-intent";
import { readExplicitDepth } from "./question-numbers";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Small enough to read every answer off by hand.
const software = [
  "CREATE TABLE repositories (id integer PRIMARY KEY, name text NOT NULL, stars integer, language text);",
  "INSERT INTO repositories VALUES (1, 'gateway-core', 540, 'Go'), (2, 'deploy-bot', 120, 'Python');",
].join("\n");
// Directed mail: Ann and Cy write to Bo, Bo writes to Cy, Ann writes to Dan (who never writes)
// and to Cy. Sales (Ann, Dan) sends 3, Legal (Bo, Cy) sends 2 and receives 4.
const mailNodes = "id,name,department\nann,Ann,Sales\nbo,Bo,Legal\ncy,Cy,Legal\ndan,Dan,Sales\n";
const mailEdges = "sender,recipient\nann,bo\ncy,bo\nbo,cy\nann,dan\nann,cy\n";

async function lead(question: string, engine: FakeEngine) {
  const { answer, turns } = await runConversation({
    question,
    state: attachedKarateState(),
    engine,
  });
  return {
    lead: answer.split("\n")[0],
    tools: turns.flatMap((turn) => turn.calls.map((call) => call.toolName)),
  };
}

describe("questions about named nodes", { timeout: 60_000 }, () => {
  it("reads one property of a named node, even when its name holds a measure's word", async () => {
    const engine = await realGraphEngine({ kind: "sql", text: software });
    const stars = await lead("How many stars does gateway-core have?", engine);
    // "core" in the name is not a core number.
    expect(stars.lead).toBe("gateway-core (repositories:1) has stars 540.");
    expect(stars.tools).toContain("query_graph");
    // A degree question without a property word keeps its reading.
    const edges = await lead("How many edges does deploy-bot have?", engine);
    expect(edges.tools).toContain("degree_analysis");
    expect(edges.tools).not.toContain("query_graph");
  });

  it("lists the nodes that point at a node, or that it points at, on a directed graph", async () => {
    const engine = await realGraphEngine({
      kind: "csv",
      texts: { edges: mailEdges, nodes: mailNodes },
      options: { directed: true },
    });
    expect((await lead("Who emails Bo?", engine)).lead).toBe(
      "2 nodes link to Bo (bo): Ann (ann), Cy (cy).",
    );
    expect((await lead("Who does Bo email?", engine)).lead).toBe(
      "Bo (bo) links to 1 node: Cy (cy).",
    );
    expect((await lead("Which department sends the most emails?", engine)).lead).toBe(
      "Sales has the highest number of outgoing links by department (3).",
    );
    expect((await lead("Which department receives the most emails?", engine)).lead).toBe(
      "Legal has the highest number of incoming links by department (4).",
    );
    expect((await lead("Who only receives emails and never sends any?", engine)).lead).toBe(
      "Dan (dan) — 1 node only receives links and never sends one.",
    );
    expect((await lead("Who has never been emailed?", engine)).lead).toBe(
      "Ann (ann) — 1 node has no incoming link.",
    );
  });

  it("counts and names the neighbours two nodes share", async () => {
    // Karate: n0 and n33 are both linked to n8, n13, n19 and n31 (NetworkX common_neighbors).
    const shared = await lead("How many friends do n0 and n33 have in common?", karateEngine());
    expect(shared.lead).toMatch(
      /^Mr\. Hi \(n0\) and John A\. \(n33\) have 4 neighbours in common: /,
    );
    expect(shared.lead).toContain("n8, n13, n19, n31");
    expect(shared.tools.filter((tool) => tool === "get_neighbors")).toHaveLength(2);
    expect((await lead("Do n4 and n33 share any friends?", karateEngine())).lead).toMatch(
      /^No — .* have no neighbour in common\.$/,
    );
  });
});

// Two islands: n1–n2–n3 on the mainland (weights 5 and 9), n4–n5 offshore (weight 2).
const routes = "n1 n2 5\nn2 n3 9\nn4 n5 2\n";

describe("questions about edges and reach", { timeout: 60_000 }, () => {
  it("ranks single edges by weight, longest or shortest first", async () => {
    const engine = await realGraphEngine({
      kind: "txt",
      text: routes,
      options: { weighted: true },
    });
    expect((await lead("What is the longest nonstop route?", engine)).lead).toBe(
      "n2 – n3 has the highest edge weight (9).",
    );
    expect((await lead("Which is the shortest single road?", engine)).lead).toBe(
      "n4 – n5 has the lowest edge weight (2).",
    );
  });

  it("finds the bridges and articulation points of the whole graph", async () => {
    // A path n1–n2–n3 has two bridges and one articulation point (n2); the island n4–n5 one more bridge.
    const engine = await realGraphEngine({ kind: "txt", text: routes });
    expect((await lead("Are there any bridges in the route network?", engine)).lead).toBe(
      "Yes — the graph has 3 bridges (edges whose removal disconnects the graph): n1 – n2, n2 – n3, n4 – n5.",
    );
    expect((await lead("Which towns are single points of failure?", engine)).lead).toBe(
      "n2 — the graph has 1 articulation point (nodes whose removal splits the graph): n2.",
    );
    expect(readAnalyses("Which characters act as bridges between groups?")[0]?.kind).not.toBe(
      "cut-points",
    );
  });

  it("names the nodes a node can never reach, and says so when it reaches them all", async () => {
    const engine = await realGraphEngine({ kind: "txt", text: routes });
    expect((await lead("Which towns are not reachable from n1?", engine)).lead).toBe(
      "2 nodes are not reachable from n1: n4, n5.",
    );
    const mainland = await realGraphEngine({ kind: "txt", text: "n1 n2 5\nn2 n3 9\n" });
    expect((await lead("Which nodes can't be reached from n1?", mainland)).lead).toBe(
      "Every node can be reached from n1: the graph is one connected component.",
    );
  });
});

describe("a property asked without a graph word", { timeout: 60_000 }, () => {
  it("reads 'Which club is Ann in?' from the node's own row", async () => {
    const engine = await realGraphEngine({
      kind: "csv",
      texts: {
        edges: "source,target\nann,bo\n",
        nodes: "id,name,club\nann,Ann,chess\nbo,Bo,drama\n",
      },
    });
    expect((await lead("Which club is Ann in?", engine)).lead).toBe("Ann (ann) has club chess.");
  });
});

describe("counts the edge weight stands for", { timeout: 60_000 }, () => {
  it("ranks by the sum of weights when the question counts e-mails on a weighted graph", async () => {
    const weighted = () => ok({ ...karateDescription, directed: true, weighted: true });
    const engine = karateEngine({ load_constructed_graph: weighted, get_graph_info: weighted });
    const callOf = async (question: string) => {
      const { turns } = await runConversation({ question, state: attachedKarateState(), engine });
      return turns
        .flatMap((turn) => turn.calls)
        .find((call) => call.toolName === "degree_analysis");
    };
    expect((await callOf("Who receives the most emails?"))?.input).toMatchObject({
      mode: "in",
      rank_by: "strength",
    });
    expect((await callOf("Who emailed the most people?"))?.input).toMatchObject({
      mode: "out",
      rank_by: "degree",
    });
  });
});

describe("the grammar of node questions", () => {
  it("keeps a field named 'machine learning' an analysis, and reads possessives and 'both'", () => {
    expect(
      detectIntent({
        question: "How many researchers at Northgate University work in machine learning?",
      }).kind,
    ).not.toBe("machine-learning");
    expect(detectIntent({ question: "Train a machine learning model to predict club" }).kind).toBe(
      "machine-learning",
    );
    expect(readAnalyses("Who are r05's co-authors?")).toMatchObject([
      { kind: "neighbours", node: "r05", depth: 1 },
    ]);
    expect(readAnalyses("Which airports are directly connected to both SEA and MIA?")).toEqual([
      { kind: "common-neighbours", source: "SEA", target: "MIA", ask: "list" },
    ]);
  });

  it("reads stops, repeated relations and hops as a depth", () => {
    expect(
      readExplicitDepth({
        question: "Which airports can you reach from SEA with at most one stop?",
      }),
    ).toBe(2);
    expect(readExplicitDepth({ question: "Who are the friends of friends of Farah?" })).toBe(2);
    expect(readExplicitDepth({ question: "friends of friends of friends of Farah" })).toBe(3);
    expect(readExplicitDepth({ question: "SEA 经停一次能到哪些机场？" })).toBe(2);
    expect(readExplicitDepth({ question: "Which node has 5 connections?" })).toBeNull();
    expect(readAnalyses("How many airports can you reach from SEA with at most one stop?")).toEqual(
      [{ kind: "neighbours", node: "SEA", depth: 2, limit: 200 }],
    );
  });

  it("reads the fewest flights between two places as a path, and partners as a degree ranking", () => {
    expect(
      readAnalyses("What's the fewest number of flights needed to get from BOS to HNL?"),
    ).toEqual([{ kind: "path", source: "BOS", target: "HNL" }]);
    expect(readAnalyses("Which researcher has collaborated with the most people?")).toMatchObject([
      { kind: "centrality", measure: "degree" },
    ]);
    expect(readAnalyses("Which department has the most people?")).toMatchObject([
      { kind: "schema-question" },
    ]);
    expect(
      readAnalyses("Which two researchers share the most co-authors but never wrote together?").map(
        (analysis) => analysis.kind,
      ),
    ).not.toContain("one-way-nodes");
    expect(readAnalyses("How many co-authors do r05 and r07 have in common?")).toEqual([
      { kind: "common-neighbours", source: "r05", target: "r07", ask: "count" },
    ]);
  });
});
