import { describe, expect, it } from "vitest";
import { detectIntent } from "./detect-intent";
import { extractPathEndpoints, extractRemovalNames, quotedNames } from "./node-name-extraction";
import { parseRequestedCount, parseRequestedDepth } from "./question-numbers";

function analyses(question: string) {
  const intent = detectIntent({ question });
  return intent.kind === "analysis" ? intent.analyses : intent.kind;
}

describe("detectIntent", () => {
  it.each([
    ["What are the top 5 nodes by betweenness?", "betweenness", 5],
    ["Show the 3 most central nodes by closeness", "closeness", 3],
    ["Which nodes have the highest degree centrality? top ten", "degree", 10],
    ["most influential nodes", "pagerank", 10],
    ["PageRank 前5的节点", "pagerank", 5],
    ["度中心性最高的3个节点是哪些", "degree", 3],
    ["介数中心性前十的节点", "betweenness", 10],
  ])("centrality: %s", (question, measure, topK) => {
    expect(analyses(question)).toEqual([
      { kind: "centrality", measure, topK, mode: "all", ascending: false },
    ]);
  });

  it.each([
    ["Find the communities in this graph", "louvain"],
    ["Run label propagation clustering", "label_propagation"],
    ["图中有哪些社区？", "louvain"],
  ])("communities: %s", (question, algorithm) => {
    expect(analyses(question)).toEqual([{ kind: "communities", algorithm }]);
  });

  it.each([
    "Find the key customers that connect several communities",
    "Which nodes bridge multiple communities?",
    "找出连接多个社区的关键客户",
    "哪些节点是社区之间的桥梁",
  ])("bridging: %s", (question) => {
    expect(analyses(question)).toEqual([{ kind: "bridging", topK: 10 }]);
  });

  it.each([
    ["What is the shortest path between n0 and n33?", "n0", "n33"],
    ['shortest path from "Mr. Hi" to "John A."', "Mr. Hi", "John A."],
    ["How is node n5 connected to node n20 in the graph?", "n5", "n20"],
    ["n0 和 n33 之间的最短路径是什么？", "n0", "n33"],
    ["请找出从节点n0到节点n33的最短路径", "n0", "n33"],
  ])("path: %s", (question, source, target) => {
    expect(analyses(question)).toEqual([{ kind: "path", source, target }]);
  });

  it.each([
    ["Who are the neighbours of n0?", "n0", 1],
    ["List n12's neighbors within 2 hops", "n12", 2],
    ["n0 的二度邻居有哪些", "n0", 2],
    ["Which nodes are connected to Mr. Hi?", "Mr. Hi", 1],
  ])("neighbours: %s", (question, node, depth) => {
    expect(analyses(question)).toEqual([{ kind: "neighbours", node, depth, limit: 200 }]);
  });

  it("combines independent analyses and deliverables", () => {
    const intent = detectIntent({
      question:
        "Show the top 5 pagerank nodes and the communities, visualise them and write a report",
    });
    expect(intent).toEqual({
      kind: "analysis",
      analyses: [
        { kind: "centrality", measure: "pagerank", topK: 5, mode: "all", ascending: false },
        { kind: "communities", algorithm: "louvain" },
      ],
      visualize: true,
      report: true,
    });
  });

  it.each([
    ["Clear the graph", "clear"],
    ["清空图", "clear"],
    ["Train a GCN to classify the nodes", "machine-learning"],
    ["预测哪些客户会流失", "machine-learning"],
    ["What graph is loaded?", "graph-info"],
    ["当前图的状态", "graph-info"],
    ["What's the weather in Paris?", "unknown"],
    ["写一首诗", "unknown"],
  ])("%s → %s", (question, kind) => {
    expect(detectIntent({ question }).kind).toBe(kind);
  });

  it("reads optimisation operations", () => {
    expect(detectIntent({ question: "Remove isolated nodes" })).toEqual({
      kind: "optimize",
      dropIsolated: true,
      removeNames: [],
    });
    expect(detectIntent({ question: "remove nodes n1, n2 and n3 from the graph" })).toEqual({
      kind: "optimize",
      dropIsolated: false,
      removeNames: ["n1", "n2", "n3"],
    });
    expect(detectIntent({ question: "删除孤立节点" })).toMatchObject({ dropIsolated: true });
  });

  it("treats load and build requests as state preparation", () => {
    expect(detectIntent({ question: "Load the graph" })).toEqual({
      kind: "graph-info",
      prepare: true,
    });
    expect(detectIntent({ question: "Is a graph loaded?" })).toEqual({
      kind: "graph-info",
      prepare: false,
    });
  });

  it("asks for the overview evidence when only a report is wanted", () => {
    expect(analyses("Write a report on this graph")).toEqual([
      { kind: "centrality", measure: "pagerank", topK: 10 },
      { kind: "communities", algorithm: "louvain" },
    ]);
  });
});

describe("question parsing", () => {
  it("reads counts in words, digits and Chinese numerals", () => {
    expect(parseRequestedCount({ question: "top seven nodes", fallback: 10, max: 100 })).toBe(7);
    expect(parseRequestedCount({ question: "前二十个", fallback: 10, max: 100 })).toBe(20);
    expect(parseRequestedCount({ question: "top 5000", fallback: 10, max: 1000 })).toBe(1000);
    expect(parseRequestedCount({ question: "central nodes", fallback: 10, max: 100 })).toBe(10);
    for (const [question, count] of [
      ["Which 3 nodes have the highest betweenness centrality?", 3],
      ["List the five people with the most friends", 5],
      ["what 12 papers are cited most", 12],
      ["Which nodes matter most? Show me 4 of them", 4],
      ["Which node has the most links in 2 hops", 10],
      ["What is the most central node", 10],
      ["What is the average order total? Give two decimals.", 10],
      ["Show 2 hops around n1", 10],
    ] as const) {
      expect(parseRequestedCount({ question, fallback: 10, max: 100 }), question).toBe(count);
    }
  });

  it("reads neighbourhood depths and clamps them", () => {
    expect(parseRequestedDepth({ question: "two-hop neighbours" })).toBe(2);
    expect(parseRequestedDepth({ question: "depth 9" })).toBe(3);
    expect(parseRequestedDepth({ question: "neighbours" })).toBe(1);
  });

  it("prefers quoted names and ignores possessive apostrophes", () => {
    expect(quotedNames(`path from "Alice Smith" to “Bob”`)).toEqual(["Alice Smith", "Bob"]);
    expect(quotedNames("What are Alice's neighbours and Bob's?")).toEqual([]);
    expect(extractPathEndpoints("route between 'A B' and 'C'")).toEqual({
      source: "A B",
      target: "C",
    });
  });

  it("splits removal lists in both languages", () => {
    expect(extractRemovalNames("删除节点 n1、n2 和 n3")).toEqual(["n1", "n2", "n3"]);
  });
});

describe("words that are also tools' names", () => {
  it("reads 'report to' as a reporting line and 'draw up a list' as a list", () => {
    const reportsTo = detectIntent({ question: "Who does Greta Thorsen report to?" });
    expect(reportsTo.kind === "analysis" && reportsTo.report).toBe(false);
    const drawUp = detectIntent({
      question: "Draw up a list of the employees who earn over 150,000.",
    });
    expect(drawUp.kind === "analysis" && drawUp.visualize).toBe(false);
    const report = detectIntent({ question: "Write a report on the most central members." });
    expect(report.kind === "analysis" && report.report).toBe(true);
  });
});
