import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { planEdgeExists } from "../planning/plan-edge-exists";
import type { PlanContext, PlannedCall } from "../planning/plan-types";
import { phrasesFor } from "../reading/phrases";
import type { RunToolStep } from "../reading/read-prompt";
import type { FakeEngine } from "../testing/run-conversation";
import { runConversation } from "../testing/run-conversation";
import { walkGraphEngine } from "../testing/walk-graph-engine";
import type { AnswerPart } from "../writing/answer-document";
import { readAnalyses } from "./index";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Walks along the edges asked in other words than "shortest path" or "reachable".
//
// Transfers, counted by hand: a6 → a1 → a2 → a3 → a4 → a2 (a cycle a2 → a3 → a4 → a2), a1 → a5,
// a7 → a6. From a1 a walk reaches a2, a3, a4, a5 (4); from a3 it reaches a4 and a2 (2, a3
// itself not counted although the cycle comes back to it); a1 is reached from a6 and a7 (2).
const transferNodes = "id,name\na1,Ann\na2,Bob\na3,Cy\na4,Di\na5,Ed\na6,Flo\na7,Gus\n";
const transfers = "source,target\na1,a2\na2,a3\na3,a4\na4,a2\na1,a5\na6,a1\na7,a6\n";
const chain = "source,target\na1,a2\na2,a3\na3,a4\n";

// An undirected ring with minutes as weights, counted by hand: Alder – Birch 2 – Cedar 9 –
// Dunmore 2, Alder – Elm 3 – Fenwick 3 – Dunmore 4, and Dunmore – Gorse 1. Alder to Dunmore is
// 3 stops either way round, 10 minutes through Elm and Fenwick (13 through Birch and Cedar).
// The farthest pair by stops is Alder and Gorse, 4 apart; by minutes Birch and Gorse, 12 apart
// (Birch – Alder – Elm – Fenwick – Dunmore – Gorse, against 12 through Cedar too).
const stations =
  "id,name\ns1,Alder\ns2,Birch\ns3,Cedar\ns4,Dunmore\ns5,Elm\ns6,Fenwick\ns7,Gorse\n";
const links =
  "source,target,weight,km\ns1,s2,2,1.5\ns2,s3,9,4\ns3,s4,2,1\ns1,s5,3,2\ns5,s6,3,2\ns6,s4,4,3\ns4,s7,1,0.5\n";

// A reporting line (employee → manager): Ivo → Jan → Kim → Lea, the chief executive.
const staff =
  "id,name,title\ne1,Ivo,Analyst\ne2,Jan,Team Lead\ne3,Kim,Director\ne4,Lea,Chief Executive\n";
const reports = "source,target\ne1,e2\ne2,e3\ne3,e4\n";

async function engineFor(graph: "transfers" | "chain" | "metro" | "staff"): Promise<FakeEngine> {
  if (graph === "metro") {
    return walkGraphEngine({
      kind: "csv",
      texts: { edges: links, nodes: stations },
      options: { directed: false },
    });
  }
  if (graph === "staff") {
    return walkGraphEngine({
      kind: "csv",
      texts: { edges: reports, nodes: staff },
      options: { directed: true },
    });
  }
  return walkGraphEngine({
    kind: "csv",
    texts: { edges: graph === "chain" ? chain : transfers, nodes: transferNodes },
    options: { directed: true },
  });
}

async function ask(question: string, graph: "transfers" | "chain" | "metro" | "staff") {
  const { answer, turns } = await runConversation({
    question,
    state: attachedKarateState(),
    engine: await engineFor(graph),
  });
  return { lead: answer.split("\n")[0], calls: turns.flatMap((turn) => turn.calls) };
}

const kinds = (question: string) => readAnalyses(question).map((analysis) => analysis.kind);

describe("a distance between two named nodes asked as a quantity is a shortest path", {
  timeout: 60_000,
}, () => {
  it.each([
    ["What is the quickest travel time from Alder to Dunmore, in minutes?", "Alder", "Dunmore"],
    ["How many stops is it from Alder to Dunmore?", "Alder", "Dunmore"],
    ["How many management levels separate Ivo from Lea?", "Ivo", "Lea"],
    ["How many management levels separate Ivo from the chief executive?", "Ivo", "chief executive"],
    ["How long does it take to get from Alder to Dunmore?", "Alder", "Dunmore"],
    ["What is the least cost route from Alder to Dunmore?", "Alder", "Dunmore"],
    ["从 Alder 到 Dunmore 最少要坐几站？", "Alder", "Dunmore"],
    ["从 a22 到 a19 最少要经过几次转账？", "a22", "a19"],
    ["按行车时间，从 Alder 到 Dunmore 最快要多少分钟？", "Alder", "Dunmore"],
    ["Alder 和 Dunmore 之间相隔几站？", "Alder", "Dunmore"],
  ])("%s", (question, source, target) => {
    expect(readAnalyses(question)).toEqual([{ kind: "path", source, target }]);
  });

  it.each([
    // Counts of links between two nodes, a node left out, two names in separate clauses.
    "How many transfers did a01 send to a02?",
    "a01 给 a02 转了几次账？",
    "Apart from a25, which account sends money to the most different accounts?",
    "Hours per project: how many hours were logged on Juniper?",
    // Several paths are the k-shortest family's.
    "What are the 3 fastest routes from Alder to Dunmore?",
  ])("not a single path: %s", (question) => {
    expect(kinds(question)).not.toContain("path");
  });

  it("answers the quickest travel time with the weighted path, and stops with hops", async () => {
    const quickest = await ask(
      "What is the quickest travel time from Alder to Dunmore, in minutes?",
      "metro",
    );
    expect(quickest.calls.find((call) => call.toolName === "shortest_path")?.input).toMatchObject({
      source: "s1",
      target: "s4",
      weighted: true,
    });
    expect(quickest.lead).toBe(
      "The shortest path from Alder (s1) to Dunmore (s4) has 3 hops (weighted distance 10): Alder (s1) → Elm (s5) → Fenwick (s6) → Dunmore (s4).",
    );
    const stops = await ask("从 Alder 到 Dunmore 最少要坐几站？", "metro");
    expect(stops.calls.find((call) => call.toolName === "shortest_path")?.input).toMatchObject({
      source: "s1",
      target: "s4",
      weighted: false,
    });
    expect(stops.lead).toMatch(/^从 Alder \(s1\) 到 Dunmore \(s4\) 的最短路径共 3 跳：/);
    const minutes = await ask("按行车时间，从 Alder 到 Dunmore 最快要多少分钟？", "metro");
    expect(minutes.lead).toMatch(/（加权距离 10）/);
    // The weights are minutes: a distance asked in km sums the km each link carries.
    const km = await ask("How far is Alder from Dunmore in km?", "metro");
    expect(km.calls.find((call) => call.toolName === "shortest_path")?.input).toMatchObject({
      weight_property: "km",
    });
    expect(km.lead).toMatch(/\(weighted distance 6\.50*\)/);
  });

  it("finds a node named by its role through search_node", async () => {
    const levels = await ask(
      "How many management levels separate Ivo from the chief executive?",
      "staff",
    );
    expect(levels.calls.find((call) => call.toolName === "shortest_path")?.input).toMatchObject({
      source: "e1",
      target: "e4",
      weighted: false,
    });
    expect(levels.lead).toMatch(/^The shortest path from Ivo \(e1\) to Lea \(e4\) has 3 hops/);
  });
});

describe("a distance to where the walk ends ('the top') is a path to that end", {
  timeout: 60_000,
}, () => {
  it.each([
    "How many levels is Ivo below the top?",
    "从 Ivo 沿着汇报关系到最高层一共隔了几级？",
    "How many steps does Ivo need to reach the top of the hierarchy?",
  ])("%s", (question) => {
    expect(readAnalyses(question)).toEqual([
      { kind: "path", source: "Ivo", target: null, toEnd: true },
    ]);
  });

  it.each(["Who are the top 3 nodes by degree?", "How many nodes does Ivo reach at the top?"])(
    "not a path to the end: %s",
    (question) => {
      expect(readAnalyses(question)).not.toContainEqual(expect.objectContaining({ toEnd: true }));
    },
  );

  it("walks the edges between nodes of the start's type to where they stop", async () => {
    const top = await ask("从 Ivo 沿着汇报关系到最高层一共隔了几级？", "staff");
    const query = top.calls.find((call) => call.toolName === "query_graph");
    expect(String(query?.input.sql)).toContain("NOT EXISTS");
    expect(top.lead).toBe(
      "从 Ivo (e1) 到 Lea (e4) 的最短路径共 3 跳：Ivo (e1) → Jan (e2) → Kim (e3) → Lea (e4)。",
    );
    expect((await ask("How many levels is Jan below the top?", "staff")).lead).toMatch(
      /^The shortest path from Jan \(e2\) to Lea \(e4\) has 2 hops/,
    );
    expect((await ask("How many stops is Alder from the end of the line?", "metro")).lead).toMatch(
      /^The graph is undirected/,
    );
  });
});

describe("a yes/no about getting from one node to another is reachability, not an edge", {
  timeout: 60_000,
}, () => {
  it.each([
    ["Is there any way to get from a1 to a4 along the arrows?", "a1", "a4"],
    ["顺着转账方向，a1 的钱能流到 a4 吗？", "a1", "a4"],
    ["Following the reporting lines upward, does Ivo eventually report to Lea?", "Ivo", "Lea"],
    ["沿着汇报关系往上走，Ivo 最终会汇报到 Lea 吗？", "Ivo", "Lea"],
    ["Can goods get from FAC1 to WH3?", "FAC1", "WH3"],
    ["Does money from a1 end up at a4?", "a1", "a4"],
  ])("%s", (question, source, target) => {
    expect(readAnalyses(question)).toEqual([{ kind: "reachability", source, target }]);
  });

  it.each([
    ["Did a19 ever send money directly to a07?", "a19", "a07"],
    ["a07 有没有直接给 a19 转过账？", "a07", "a19"],
    [
      "Does Magda Osterhagen report directly to Ingrid Brandt?",
      "Magda Osterhagen",
      "Ingrid Brandt",
    ],
    ["Is there a direct route from SEA to MIA?", "SEA", "MIA"],
  ])("one edge when asked directly: %s", (question, source, target) => {
    expect(readAnalyses(question)).toEqual([{ kind: "edge-exists", source, target }]);
  });

  it("answers from the directed path search", async () => {
    const yes = await ask(
      "Following the reporting lines upward, does Ivo eventually report to Lea?",
      "staff",
    );
    expect(yes.lead).toBe(
      "Yes — Lea (e4) is reachable from Ivo (e1): the shortest path takes 3 hops (Ivo (e1) → Jan (e2) → Kim (e3) → Lea (e4)).",
    );
    const no = await ask("顺着转账方向，a5 的钱能流到 a1 吗？", "transfers");
    expect(no.lead).toMatch(/^否——从 Ed \(a5\) 无法到达 Ann \(a1\)/);
  });

  it("never says no to a walk when its own evidence holds a directed path", async () => {
    const engine = await engineFor("chain");
    const walk = await planUntilDone({
      question: "Does money from a1 eventually end up at a4?",
      engine,
      plan: (context) => planEdgeExists({ context, source: "a1", target: "a4" }),
    });
    expect(walk.summary[0]).toBe(
      "Yes — Di (a4) can be reached from Ann (a1) following the edge direction: there is no direct edge, but a directed path of 3 hops (Ann (a1) → Bob (a2) → Cy (a3) → Di (a4)).",
    );
    const edge = await planUntilDone({
      question: "Did a1 pay a4?",
      engine,
      plan: (context) => planEdgeExists({ context, source: "a1", target: "a4" }),
    });
    expect(edge.summary[0]).toMatch(/^No — there is no edge from Ann \(a1\) to Di \(a4\)/);
  });
});

describe("how many nodes a walk from one node reaches", { timeout: 60_000 }, () => {
  it.each([
    ["How many accounts can a03 reach by following transfers?", "a03", "from"],
    ["沿着转账方向，从 a01 出发一共能到达多少个账户？", "a01", "from"],
    ["How many nodes are reachable from n3?", "n3", "from"],
    ["How many accounts can reach a38?", "a38", "to"],
    ["有多少个账户能到达 a38？", "a38", "to"],
    ["How many accounts can send money that eventually reaches a38?", "a38", "to"],
    ["What is the size of the set of nodes reachable from n3?", "n3", "from"],
  ])("%s", (question, node, direction) => {
    expect(readAnalyses(question)).toEqual([{ kind: "reach-set", node, direction }]);
  });

  it.each([
    "How many airports can you reach from SEA with at most one stop?",
    "How many stations can you reach from Seven Dials within two stops?",
    "How many airports are not reachable from JFK?",
    "Can every town be reached from every other town by road?",
    "How many transfers did a03 make?",
    "Is a4 reachable from a1?",
  ])("not a reach set: %s", (question) => {
    expect(kinds(question)).not.toContain("reach-set");
  });

  it("counts the nodes reached following the edge direction, the start left out", async () => {
    const from = await ask("How many accounts can a1 reach by following transfers?", "transfers");
    expect(from.lead).toBe(
      "Ann (a1) can reach 4 other nodes following the edge direction: a2, a3, a4, a5.",
    );
    const query = from.calls.find((call) => call.toolName === "query_graph");
    expect(String(query?.input.sql)).toContain("WITH RECURSIVE");
    expect((await ask("How many nodes can a3 reach?", "transfers")).lead).toMatch(
      /^Cy \(a3\) can reach 2 other nodes/,
    );
    expect((await ask("沿着转账方向，从 a1 出发一共能到达多少个账户？", "transfers")).lead).toBe(
      "沿边的方向，从 Ann (a1) 出发可以到达 4 个其他节点：a2、a3、a4、a5。",
    );
    expect((await ask("How many accounts can reach a1?", "transfers")).lead).toBe(
      "2 other nodes can reach Ann (a1) following the edge direction: a6, a7.",
    );
  });

  it("walks both ways on an undirected graph", async () => {
    expect((await ask("How many stations are reachable from Alder?", "metro")).lead).toBe(
      "Alder (s1) can reach 6 other nodes: s2, s3, s4, s5, s6, s7.",
    );
  });
});

describe("the two nodes farthest apart are the diameter", { timeout: 60_000 }, () => {
  it.each([
    ["How far apart, counting stops, are the two most distant stations?", false],
    ["相距最远的两个站之间隔了几站？", false],
    ["What is the longest shortest path in the network?", false],
    ["Which two stations are farthest apart?", false],
    ["By travel time, how far apart are the two most distant stations?", true],
  ])("%s", (question, weighted) => {
    expect(readAnalyses(question)).toEqual([
      { kind: "graph-metric", metrics: ["diameter"], ...(weighted ? { weighted: true } : {}) },
    ]);
  });

  it.each(["Which station is farthest from Alder?", "How far apart are Alder and Dunmore?"])(
    "not the diameter: %s",
    (question) => {
      expect(kinds(question)).not.toContain("graph-metric");
    },
  );

  it("answers in hops from graph_metrics, or in weights with one query", async () => {
    expect(
      (await ask("How far apart, counting stops, are the two most distant stations?", "metro"))
        .lead,
    ).toBe("The diameter is 4.");
    const weighted = await ask(
      "By travel time, how far apart are the two most distant stations?",
      "metro",
    );
    expect(weighted.lead).toBe(
      "The weighted diameter is 12: the two nodes farthest apart by the sum of edge weights are Birch (s2) and Gorse (s7), 12 apart.",
    );
  });
});

describe("a walk that comes back to where it began is a cycle", { timeout: 60_000 }, () => {
  it.each([
    "Does money ever flow back to where it started?",
    "does anything ever come back round to where it began",
    "有没有钱最终又转回到原来的账户？",
    "Are there any circular transfers?",
  ])("%s", (question) => {
    expect(readAnalyses(question)).toEqual([{ kind: "graph-metric", metrics: ["has_cycle"] }]);
  });

  it.each([
    "Which pairs of accounts send money back to each other?",
    "Does a1 ever get money back from a2?",
    "Does anyone email themselves?",
  ])("not a cycle: %s", (question) => {
    expect(kinds(question)).not.toContain("graph-metric");
  });

  it("answers yes with the cycle found, no on a chain", async () => {
    expect((await ask("Does money ever flow back to where it started?", "transfers")).lead).toBe(
      "Yes — the graph contains a cycle, e.g. a2 → a3 → a4 → a2.",
    );
    expect((await ask("有没有钱最终又转回到原来的账户？", "chain")).lead).toBe("否——图中没有环。");
  });
});

/** Plans with a hand-built context, running each pending call on the engine, until done. */
async function planUntilDone(input: {
  question: string;
  engine: FakeEngine;
  plan: (context: PlanContext) => ReturnType<typeof planEdgeExists>;
}): Promise<AnswerPart> {
  const steps: RunToolStep[] = [];
  for (let turn = 1; turn < 10; turn++) {
    const context: PlanContext = {
      reading: {
        question: input.question,
        earlierTurns: [],
        runKey: "walks",
        state: null,
        memory: [],
        steps,
        declaredPlan: null,
        turn,
        toolNames: new Set(),
      },
      phrases: phrasesFor("en"),
      graph: {
        description: { loaded: true, directed: true, weighted: false },
        verifiedBy: "get_graph_info",
      },
    };
    const outcome = input.plan(context);
    if (outcome.kind === "done") return outcome.part;
    for (const call of outcome.calls) steps.push(await run(input.engine, call, turn, steps.length));
  }
  throw new Error("the plan did not finish");
}

async function run(
  engine: FakeEngine,
  call: PlannedCall,
  turn: number,
  index: number,
): Promise<RunToolStep> {
  const output = await engine({
    toolCallId: `c${index}`,
    toolName: call.toolName,
    input: call.input,
  });
  const envelope = (
    output as unknown as { value: { success: boolean; status: string; data: unknown } }
  ).value;
  return {
    toolCallId: `c${index}`,
    toolName: call.toolName,
    input: call.input,
    turn,
    outcome: {
      kind: envelope.success ? "success" : "failure",
      envelope: { ...envelope, raw: envelope as never },
    },
  };
}
