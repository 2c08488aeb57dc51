import { describe, expect, it } from "vitest";
import { endpointMentions, nodeMentions, subjectMention } from "./node-mentions";

// Names cut out of a question are only search queries (search_node confirms them), so what
// matters to the analyst is that the name they typed — ids, labels, misspellings included — is
// the query, and that no question word or measure name is ever searched for as a node.

describe("nodeMentions: id-like tokens", () => {
  it.each([
    ["What is the degree of n33?", ["n33"]],
    ["What is the degree of node n33?", ["n33"]],
    ["How many citation links does p0 have?", ["p0"]],
    ["p1358 有多少条引用连接？", ["p1358"]],
    ["Is m06 adjacent to m22?", ["m06", "m22"]],
    ["How many orders did customers:34 place?", ["customers:34"]],
    ["Who wrote books:978-1017?", ["books:978-1017"]],
    ["members:21 借过 books:6 吗？", ["members:21", "books:6"]],
    ["Is there an edge between n0 and n33?", ["n0", "n33"]],
    ["n0和n33之间有边吗？", ["n0", "n33"]],
    ["节点 n5 的邻居", ["n5"]],
    ["remove nodes n1, n2 and n3 from the graph", ["n1", "n2", "n3"]],
  ])("%s → %j", (question, names) => {
    expect(nodeMentions(question)).toEqual(names);
  });
});

describe("nodeMentions: capitalised labels", () => {
  it.each([
    ["Who are the neighbours of Jean Valjean?", ["Jean Valjean"]],
    ["Which members are in Mr. Hi's faction?", ["Mr. Hi"]],
    ["degree of Mr Hi", ["Mr Hi"]],
    ["Who does Bishop Myriel appear with?", ["Bishop Myriel"]],
    ["Tell me about M. Madeleine", ["M. Madeleine"]],
    ["What is the degree of Mme. Thenardier?", ["Mme. Thenardier"]],
    ["What is the degree of O'Brien?", ["O'Brien"]],
    ["Is Marie-Claire linked to Jean-Luc?", ["Marie-Claire", "Jean-Luc"]],
    ["What is Javert's weighted degree?", ["Javert"]],
    ["Is Cosette adjacent to Javert?", ["Cosette", "Javert"]],
    ["How many steps separate Napoleon from Brujon?", ["Napoleon", "Brujon"]],
    ["Does Javert know Valjean?", ["Javert", "Valjean"]],
  ])("%s → %j", (question, names) => {
    expect(nodeMentions(question)).toEqual(names);
  });

  it("keeps a misspelt name as typed, for search_node to match", () => {
    expect(nodeMentions("How many neighbours does Valjan have?")).toEqual(["Valjan"]);
    expect(nodeMentions("Are Cosette and Javret friends?")).toEqual(["Cosette", "Javret"]);
  });

  it("takes quoted names whole, whatever their case or script", () => {
    expect(nodeMentions(`What is the shortest path from 'Mr. Hi' to "John A."?`)).toEqual([
      "Mr. Hi",
      "John A.",
    ]);
    expect(nodeMentions('What is the degree of "Jean Valjean"?')).toEqual(["Jean Valjean"]);
    expect(nodeMentions("“冉阿让”的度是多少？")).toEqual(["冉阿让"]);
  });
});

describe("nodeMentions: names in Chinese questions", () => {
  it.each([
    ["n0 和 n33 之间有边吗？", ["n0", "n33"]],
    ["Napoleon 和 Valjean 之间有边吗？", ["Napoleon", "Valjean"]],
    ["哪些角色和 Myriel 在同一个社区？", ["Myriel"]],
    ["Cosette 的加权度是多少？", ["Cosette"]],
    ["customers:2 下过哪些订单？", ["customers:2"]],
    ["从 n16 到 n25 最少要经过几跳？", ["n16", "n25"]],
    ["按邻居的 Jaccard 相似度，哪个城镇和 Kingsbury 最像？", ["Kingsbury"]],
  ])("%s → %j", (question, names) => {
    expect(nodeMentions(question)).toEqual(names);
  });
});

describe("nodeMentions: question words and measure names are never names", () => {
  it.each([
    "Which node has the highest PageRank?",
    "What is the average clustering coefficient?",
    "How many characters are in the Les Misérables network?",
    "Who has the highest betweenness in the Karate Club network?",
    "Which Officer members have most connections?",
    "Which Jaccard pair is top?",
    "Is the graph bipartite?",
    "Does the graph contain a cycle?",
    "Are there any cycles in the shop graph?",
    "How many communities are there?",
    "Find the communities in this graph",
    "List the top 10 nodes by PageRank",
    "Show me the Louvain communities",
    "Can every town be reached from every other town by road?",
    "哪个节点的 PageRank 最高？",
  ])("%s → none", (question) => {
    expect(nodeMentions(question)).toEqual([]);
  });

  it("strips a leading question word from a capitalised phrase", () => {
    expect(nodeMentions("Is Valjean reachable from Napoleon?")).toEqual(["Valjean", "Napoleon"]);
    expect(nodeMentions("What about Fantine?")).toEqual(["Fantine"]);
    expect(nodeMentions("Where is Valjean in the ranking?")).toEqual(["Valjean"]);
  });
});

describe("subjectMention: the node the question is about", () => {
  it.each([
    ["What is the degree of n33?", "n33"],
    ["How many neighbours does Valjean have?", "Valjean"],
    ["Who does Bishop Myriel appear with?", "Bishop Myriel"],
    ["Tell me the degree of n33", "n33"],
    // Lower-case names have no capital or digit, so they are found by where they stand.
    ["what's the degree of valjan", "valjan"],
    ["Who are the neighbours of cosete?", "cosete"],
    ["cosette 的度是多少", "cosette"],
  ])("%s → %s", (question, name) => {
    expect(subjectMention(question)).toBe(name);
  });

  it.each([
    "Which node has the highest PageRank?",
    "How many edges does this graph have?",
    "What is the density of the network?",
    "图里有多少个节点？",
  ])("none in %s", (question) => {
    expect(subjectMention(question)).toBeNull();
  });
});

describe("endpointMentions: source first", () => {
  it.each([
    ["What is the shortest path between n0 and n33?", "n0", "n33"],
    ["shortest path from Valjan to Javret", "Valjan", "Javret"],
    ["Is n15 reachable from n16?", "n16", "n15"],
    ["Is n15 reachable from node n16?", "n16", "n15"],
    ["Can n15 be reached from n16?", "n16", "n15"],
    ["Is Valjean reachable from Napoleon?", "Napoleon", "Valjean"],
    ["How many steps separate Napoleon from Brujon?", "Napoleon", "Brujon"],
    ["从 n16 到 n25 最少要经过几跳？", "n16", "n25"],
    ["members:21 借过 books:6 吗？", "members:21", "books:6"],
    ["珂赛特和冉阿让之间有边吗？", "珂赛特", "冉阿让"],
    ["从冉阿让到珂赛特的最短路径是什么？", "冉阿让", "珂赛特"],
  ])("%s → %s, %s", (question, source, target) => {
    expect(endpointMentions(question)).toEqual({ source, target });
  });

  it("returns the one name it has as the source and no target", () => {
    expect(endpointMentions("Who are the neighbours of n0?")).toEqual({
      source: "n0",
      target: null,
    });
    expect(endpointMentions("What is the diameter?")).toEqual({ source: null, target: null });
  });

  it("keeps the 'of' after an institution's head noun inside its name", () => {
    expect(nodeMentions("How many students does Royal Institute of Art have?")).toEqual([
      "Royal Institute of Art",
    ]);
    expect(nodeMentions("Is University of Lund linked to Bank of the North?")).toEqual([
      "University of Lund",
      "Bank of the North",
    ]);
    expect(nodeMentions("What is the PageRank of Valjean?")).toEqual(["Valjean"]);
  });
});
