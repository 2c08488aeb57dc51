import { describe, expect, it } from "vitest";
import { detectIntent } from "../reading/detect-intent";
import { type AnalysisIntent, readAnalyses } from "./index";

// What the offline planner reads from an analyst's question: the family (the intent's kind) and
// the arguments the answer depends on. Each family is asked several ways — formal, casual,
// terse, passive, with a misspelt node name, and in Chinese — since analysts do not phrase a
// question the way the grammar was written.

/** The single analysis a question asks for. */
function single(question: string): AnalysisIntent {
  const analyses = readAnalyses(question);
  expect(analyses).toHaveLength(1);
  return analyses[0];
}

describe("count: how many nodes, edges or nodes of a type (read against the schema)", () => {
  it.each([
    "How many nodes are in the graph?",
    "how many nodes?",
    "Count the edges.",
    "What is the total number of edges in the network?",
    "How many edges does this graph have?",
    "How many orders are there?",
    "How many loans are recorded?",
    "How many roads are in the network?",
    "How many nodes and edges does the graph have?",
    "图里有多少个节点？",
    "一共有多少条边？",
    "图书馆里一共有多少本书？",
    "人物关系网络里有多少条边？",
    "有几个客户？",
  ])("%s", (question) => {
    expect(readAnalyses(question)).toEqual([
      { kind: "schema-question", topK: 10, mode: "all", ascending: false },
    ]);
  });

  it("counts the training split's nodes instead of training a model", () => {
    expect(detectIntent({ question: "How many papers are in the training split?" })).toEqual({
      kind: "analysis",
      analyses: [{ kind: "schema-question", topK: 10, mode: "all", ascending: false }],
      visualize: false,
      report: false,
    });
  });
});

describe("degree of one named node", () => {
  it.each([
    ["What is the degree of node n33?", "n33", "all"],
    ["What's n33's degree?", "n33", "all"],
    ["degree n33", "n33", "all"],
    ["n33 degree?", "n33", "all"],
    ["The degree of n33 is what?", "n33", "all"],
    ["How many connections does n33 have?", "n33", "all"],
    ["so how many friends has n0 got?", "n0", "all"],
    ["How many neighbours does Valjean have?", "Valjean", "all"],
    ["How many neighbours does Valjan have?", "Valjan", "all"],
    ["what's the degree of valjan", "valjan", "all"],
    ["What is the degree of n333?", "n333", "all"],
    ["How well connected is Mr. Hi?", "Mr. Hi", "all"],
    ["How many citation links does p0 have?", "p0", "all"],
    ["What is the degree of books:978-1017?", "books:978-1017", "all"],
    ["How many people did m06 refer?", "m06", "out"],
    ["How many accounts does m06 follow?", "m06", "out"],
    ["How many papers does p0 cite?", "p0", "out"],
    ["How many orders did customers:34 place?", "customers:34", "out"],
    ["How many members referred m22?", "m22", "in"],
    ["What is the in-degree of m22?", "m22", "in"],
    ["What is the out-degree of m06?", "m06", "out"],
    ["n33 的度是多少？", "n33", "all"],
    ["Valjean 的度", "Valjean", "all"],
    ["cosette 的度是多少", "cosette", "all"],
    ["n33 有多少个邻居？", "n33", "all"],
    ["Hollowell 有几条直连道路？", "Hollowell", "all"],
    ["p1358 有多少条引用连接？", "p1358", "all"],
    ["members:21 一共借过几次书？", "members:21", "all"],
    ["products:9 出现在多少个订单里？", "products:9", "all"],
    ["m14 推荐了多少位会员？", "m14", "out"],
    ["有多少位会员推荐了 m22？", "m22", "in"],
    ["m22 被推荐了几次？", "m22", "in"],
    ["m22 的入度是多少？", "m22", "in"],
    ["m06 的出度是多少？", "m06", "out"],
  ])("%s → %s (%s)", (question, node, mode) => {
    expect(readAnalyses(question)).toEqual([{ kind: "degree", node, mode, strength: false }]);
  });

  it.each([
    ["What is Javert's weighted degree, i.e. his total number of co-appearances?", "Javert"],
    ["What is the weighted degree of Valjean?", "Valjean"],
    ["What is the strength of Javert?", "Javert"],
    ["Cosette 的加权度（共同出场次数之和）是多少？", "Cosette"],
  ])("strength (weighted degree): %s", (question, node) => {
    expect(readAnalyses(question)).toEqual([{ kind: "degree", node, mode: "all", strength: true }]);
  });
});

describe("edge-exists: is there a direct edge between two named nodes", () => {
  it.each([
    ["Is there an edge between n0 and n33?", "n0", "n33"],
    ["is there a link between n0 and n33", "n0", "n33"],
    ["Are n0 and n33 connected directly?", "n0", "n33"],
    ["Is n0 adjacent to n33?", "n0", "n33"],
    ["is n0 linked to n33?", "n0", "n33"],
    ["Are n0 and n33 neighbours?", "n0", "n33"],
    ["Does n0 link directly to n33?", "n0", "n33"],
    ["Did m14 refer m03?", "m14", "m03"],
    ["Are Cosette and Javert directly connected?", "Cosette", "Javert"],
    ["Could you tell me whether Cosette and Javert are connected?", "Cosette", "Javert"],
    ["Are Cosette and Javret friends?", "Cosette", "Javret"],
    ["Is there an edge between Valjan and Javret?", "Valjan", "Javret"],
    ["Is there a direct road between Carlton and Kingsbury?", "Carlton", "Kingsbury"],
    ["Is M. Madeleine adjacent to Valjean?", "M. Madeleine", "Valjean"],
    ["n0 和 n33 之间有边吗？", "n0", "n33"],
    ["n0和n33之间有边吗？", "n0", "n33"],
    ["n0 和 n33 是否直接相连？", "n0", "n33"],
    ["n0 和 n33 相连吗？", "n0", "n33"],
    ["n0 与 n33 相邻吗？", "n0", "n33"],
    ["Napoleon 和 Valjean 之间有边吗？", "Napoleon", "Valjean"],
    ["Cosette 和 Javert 之间有没有边？", "Cosette", "Javert"],
    ["Carlton 和 Kingsbury 之间有直达公路吗？", "Carlton", "Kingsbury"],
    ["珂赛特和冉阿让之间有边吗？", "珂赛特", "冉阿让"],
    ["members:21 借过 books:6 吗？", "members:21", "books:6"],
  ])("%s", (question, source, target) => {
    expect(readAnalyses(question)).toEqual([{ kind: "edge-exists", source, target }]);
  });
});

describe("reachability: is there any path, source first", () => {
  it.each([
    ["Is n15 reachable from n16?", "n16", "n15"],
    ["Is m03 reachable from m14?", "m14", "m03"],
    ["Is Valjean reachable from Napoleon?", "Napoleon", "Valjean"],
    ["Is Javret reachable from Valjan?", "Valjan", "Javret"],
    ["Can n16 reach n15?", "n16", "n15"],
    ["Is there a path from n16 to n15?", "n16", "n15"],
    ["Is a path from n16 to n15 available?", "n16", "n15"],
    ["Is there a path between p0 and p3?", "p0", "p3"],
    ["Is there any way to get from m03 to m38?", "m03", "m38"],
    ["Can you get from m03 to m38 following referrals?", "m03", "m38"],
    ["Can a chain of referrals lead from m03 to m38?", "m03", "m38"],
    ["Are n0 and n33 connected by a path?", "n0", "n33"],
    ["Are n0 and n33 in the same connected component?", "n0", "n33"],
    ["p0 和 p3 之间是否存在路径？", "p0", "p3"],
    ["n16 能到达 n15 吗？", "n16", "n15"],
    ["从 m03 可以到达 m38 吗？", "m03", "m38"],
    ["m03 是否可达 m38？", "m03", "m38"],
    ["从 m29 出发，沿推荐关系能到达 m41 吗？", "m29", "m41"],
    ["从 members:21 出发，沿着借阅和作者关系能到达 authors:7 吗？", "members:21", "authors:7"],
  ])("%s → from %s to %s", (question, source, target) => {
    expect(readAnalyses(question)).toEqual([{ kind: "reachability", source, target }]);
  });
});

describe("neighbours of one named node", () => {
  it.each([
    ["Who are the neighbours of n0?", "n0", 1],
    ["Which nodes are connected to n5?", "n5", 1],
    ["List the neighbors of Valjean.", "Valjean", 1],
    ["neighbours of Valjan", "Valjan", 1],
    ["neighbours of Javret?", "Javret", 1],
    ["Who are the neighbours of cosete?", "cosete", 1],
    ["Javert's neighbours pls", "Javert", 1],
    ["Who is n0 friends with?", "n0", 1],
    ["Who is Jean Valjean connected to?", "Jean Valjean", 1],
    ["Which members are connected to Mr. Hi?", "Mr. Hi", 1],
    ["Which characters were connected to Valjan?", "Valjan", 1],
    ["Who does Bishop Myriel appear with?", "Bishop Myriel", 1],
    ["Which authors wrote books:19?", "books:19", 1],
    ["Which books were written by authors:7?", "authors:7", 1],
    ["Which orders were placed by customers:34?", "customers:34", 1],
    ["Which towns have a direct road to Stonebridge?", "Stonebridge", 1],
    ["Who did m06 refer?", "m06", 1],
    ["Who was referred by m06?", "m06", 1],
    ["List n12's neighbors within 2 hops", "n12", 2],
    ["n9 的邻居有哪些？", "n9", 1],
    ["n0 的邻居", "n0", 1],
    ["Valjean 的邻居是谁？", "Valjean", 1],
    ["与 n5 直接相连的节点有哪些？", "n5", 1],
    ["n0 的二度邻居有哪些", "n0", 2],
    ["customers:2 下过哪些订单？", "customers:2", 1],
    ["m06 推荐了哪些会员？", "m06", 1],
  ])("%s → %s (depth %s)", (question, node, depth) => {
    expect(readAnalyses(question)).toEqual([{ kind: "neighbours", node, depth, limit: 200 }]);
  });
});

describe("shortest path between two named nodes, source first", () => {
  it.each([
    ["What is the shortest path between n0 and n33?", "n0", "n33"],
    ["shortest path n0 -> n33", "n0", "n33"],
    ["shortest path n0 to n33?", "n0", "n33"],
    ["How many hops from n16 to n25?", "n16", "n25"],
    ["How many steps separate Napoleon from Brujon?", "Napoleon", "Brujon"],
    ["How far is Napoleon from Brujon?", "Napoleon", "Brujon"],
    ["how far apart are Napoleon and Brujon?", "Napoleon", "Brujon"],
    ["What is the shortest referral chain from m03 to m38?", "m03", "m38"],
    ["What is the shortest driving distance from Larkhill to Upton?", "Larkhill", "Upton"],
    ["Find a route from Valjan to Cosette.", "Valjan", "Cosette"],
    ["What is the shortest path between Valjan and Javret?", "Valjan", "Javret"],
    ["How is Valjean connected to Cosette?", "Valjean", "Cosette"],
    ["Please find the shortest path between Valjean and Javert", "Valjean", "Javert"],
    ["n0 和 n33 之间的最短路径有几跳？", "n0", "n33"],
    ["n0 到 n33 的最短路径", "n0", "n33"],
    ["n0 n33 最短路径", "n0", "n33"],
    ["最短路径 n0 到 n33", "n0", "n33"],
    ["从 n16 到 n25 最少要经过几跳？", "n16", "n25"],
    ["从 m02 到 m33，最短的推荐链有几步？", "m02", "m33"],
    ["从 Bramley 开车到 Zennor，最短路线一共多少公里？", "Bramley", "Zennor"],
    ["从冉阿让到珂赛特的最短路径是什么？", "冉阿让", "珂赛特"],
    ["Valjean和Javert之间的最短路径", "Valjean", "Javert"],
  ])("%s", (question, source, target) => {
    expect(readAnalyses(question)).toEqual([{ kind: "path", source, target }]);
  });
});

describe("k-shortest paths: how many (k) and which one the answer leads with (ordinal)", () => {
  it.each([
    [
      "List the 3 shortest paths from n16 to n33. How many hops does the third one have?",
      "n16",
      "n33",
      3,
      3,
    ],
    [
      "List the 3 shortest paths between Napoleon and Cosette. How many hops does the third one have?",
      "Napoleon",
      "Cosette",
      3,
      3,
    ],
    ["Which are the three shortest paths between n0 and n33?", "n0", "n33", 3, null],
    ["Show the top 5 shortest paths between n0 and n33", "n0", "n33", 5, null],
    ["the 4 shortest paths n1 to n16", "n1", "n16", 4, null],
    ["top-3 shortest paths n0→n33", "n0", "n33", 3, null],
    ["What is the second shortest path from n0 to n33?", "n0", "n33", 2, 2],
    ["What's the 2nd shortest route from Ashford to Yarrow?", "Ashford", "Yarrow", 2, 2],
    ["列出 n1 到 n16 的前 3 条最短路径，第 3 条有几跳？", "n1", "n16", 3, 3],
    ["n16 到 n33 的 3 条最短路径", "n16", "n33", 3, null],
    ["n0 和 n33 之间的 5 条最短路径", "n0", "n33", 5, null],
    ["Ashford 到 Yarrow 的前三条最短路线", "Ashford", "Yarrow", 3, null],
    ["n0 到 n33 的第二短路径是什么？", "n0", "n33", 2, 2],
    ["n0 到 n33 的第三短的路径有几跳？", "n0", "n33", 3, 3],
    ["按距离算，Ashford 到 Yarrow 的前两条最短路线中，第二条有多长？", "Ashford", "Yarrow", 2, 2],
  ])("%s", (question, source, target, k, ordinal) => {
    expect(single(question)).toMatchObject({ kind: "k-shortest", source, target, k, ordinal });
  });

  it("asks for weighted paths when lengths are asked in km, unweighted when hops are", () => {
    expect(
      single(
        "Give me the three shortest routes from Larkhill to Zennor by distance. How many km is the third one?",
      ),
    ).toEqual({
      kind: "k-shortest",
      source: "Larkhill",
      target: "Zennor",
      k: 3,
      ordinal: 3,
      weighted: true,
    });
    expect(single("List the 3 shortest paths from n16 to n33.")).toMatchObject({
      weighted: false,
    });
  });
});

describe("centrality: top-k by a named measure", () => {
  it.each([
    ["Which node has the highest PageRank?", "pagerank", 10, false],
    ["Top 10 by PageRank please", "pagerank", 10, false],
    ["gimme the top 3 by pagerank", "pagerank", 3, false],
    ["Who is the most central node?", "pagerank", 10, false],
    ["who's the most central here?", "pagerank", 10, false],
    ["most important characters", "pagerank", 10, false],
    ["Who are the key players in this network?", "pagerank", 10, false],
    ["What are the top 5 nodes by betweenness?", "betweenness", 5, false],
    ["Which nodes are ranked highest by betweenness centrality?", "betweenness", 10, false],
    ["Which node has the lowest closeness centrality?", "closeness", 10, true],
    ["Rank the towns by harmonic centrality.", "harmonic", 10, false],
    ["Which nodes have the highest eigenvector centrality?", "eigenvector", 10, false],
    ["Show the 3 highest Katz centrality nodes", "katz", 3, false],
    ["Who are the hubs by HITS?", "hits_hub", 10, false],
    ["Which pages have the highest authority score?", "hits_authority", 10, false],
    ["Which paper has the highest degree?", "degree", 10, false],
    ["Which node has the lowest degree?", "degree", 10, true],
    ["Which officer has the most connections?", "degree", 10, false],
    ["Among members on the premium plan, who has the highest PageRank?", "pagerank", 10, false],
    ["哪个节点的 PageRank 最高？", "pagerank", 10, false],
    ["PageRank 最高的 3 个节点", "pagerank", 3, false],
    ["谁的影响力最大？", "pagerank", 10, false],
    ["哪个角色的介数中心性最高？", "betweenness", 10, false],
    ["按特征向量中心性，谁是最核心的角色？", "eigenvector", 10, false],
    ["哪个城镇的接近中心性最高？", "closeness", 10, false],
    ["度数最高的5个节点", "degree", 5, false],
  ])("%s → %s top %s", (question, measure, topK, ascending) => {
    expect(readAnalyses(question)).toEqual([
      { kind: "centrality", measure, topK, mode: "all", ascending },
    ]);
  });

  it.each([
    "Who appears alongside others most often in total (highest weighted degree)?",
    "Who has the highest strength?",
    "Which town has the highest weighted degree?",
    "加权度最高的角色是谁？",
  ])("ranks by strength (weighted degree): %s", (question) => {
    expect(readAnalyses(question)).toEqual([
      {
        kind: "centrality",
        measure: "degree",
        topK: 10,
        mode: "all",
        ascending: false,
        strength: true,
      },
    ]);
  });

  // A ranking by links may be planned as a degree centrality or, on a typed graph, as a ranking
  // of one type read against the schema; either way the direction must follow the verb.
  it.each([
    ["Which node has the highest in-degree?", "in"],
    ["入度最高的节点是哪个？", "in"],
    ["top 3 by out-degree", "out"],
    ["出度最高的 5 个节点", "out"],
    ["Which members referred the most other members?", "out"],
    ["Who made the most referrals?", "out"],
    ["Who sent the most referrals?", "out"],
    ["Which wholesale customer placed the most orders?", "out"],
    ["Who received the most referrals?", "in"],
    ["Which members have the most incoming referrals?", "in"],
    ["Which paper is cited by the most papers?", "in"],
    ["被引用最多的论文是哪篇？", "in"],
    ["哪位会员被推荐的次数最多？", "in"],
  ])("directed ranking: %s → %s", (question, mode) => {
    const analysis = single(question);
    expect(["centrality", "schema-question"]).toContain(analysis.kind);
    expect(analysis).toMatchObject({ mode, ascending: false });
  });

  it("ranks the fewest first when asked for the fewest", () => {
    expect(single("Which members have the fewest outgoing referrals?")).toMatchObject({
      mode: "out",
      ascending: true,
    });
  });

  it("answers the centrality first and then the communities when both are asked", () => {
    expect(
      readAnalyses("Show the top 5 pagerank nodes and the communities").map((a) => a.kind),
    ).toEqual(["centrality", "communities"]);
  });
});

describe("structure: triangles, clustering, cores, eccentricity", () => {
  it.each([
    ["How many triangles are there?", { kind: "graph-metric", metrics: ["triangle_count"] }],
    ["triangles?", { kind: "graph-metric", metrics: ["triangle_count"] }],
    ["这个人物网络里有多少个三角形？", { kind: "graph-metric", metrics: ["triangle_count"] }],
    [
      "What is the average clustering coefficient?",
      { kind: "graph-metric", metrics: ["average_clustering"] },
    ],
    ["图的平均聚类系数是多少？", { kind: "graph-metric", metrics: ["average_clustering"] }],
    ["What is the transitivity of the graph?", { kind: "graph-metric", metrics: ["transitivity"] }],
    ["图的传递性是多少？", { kind: "graph-metric", metrics: ["transitivity"] }],
    [
      "What is the largest k for which the character network has a non-empty k-core?",
      { kind: "core", topK: 10 },
    ],
    ["人物网络中 k 值最大的 k-核包含多少个角色？", { kind: "core", topK: 10 }],
    ["k 值最大的 k-核包含多少个节点？", { kind: "core", topK: 10 }],
  ])("%s", (question, intent) => {
    expect(readAnalyses(question)).toEqual([intent]);
  });

  it.each([
    ["How many triangles is n0 part of?", "triangles", "n0", false],
    ["Which node is in the most triangles?", "triangles", null, false],
    ["What is the clustering coefficient of Javert?", "clustering", "Javert", false],
    ["What is the clustering coefficient of Javret?", "clustering", "Javret", false],
    ["n0 的聚类系数是多少？", "clustering", "n0", false],
    ["What is the core number of n0?", "core_number", "n0", false],
    ["n0 的核数是多少？", "core_number", "n0", false],
    ["What is the eccentricity of n0?", "eccentricity", "n0", false],
    ["n0 的离心率是多少？", "eccentricity", "n0", false],
    ["Which nodes have the lowest eccentricity?", "eccentricity", null, true],
  ])("per node: %s → %s of %s", (question, metric, node, ascending) => {
    expect(single(question)).toMatchObject({ kind: "node-structure", metric, node, ascending });
  });
});

describe("distance and whole-graph metrics", () => {
  it.each([
    ["What is the diameter?", "diameter"],
    ["diameter?", "diameter"],
    ["What is the diameter of the largest connected component?", "diameter"],
    ["道路网络的直径是多少跳？", "diameter"],
    ["图的直径", "diameter"],
    ["What is the radius of the character network?", "radius"],
    ["空手道俱乐部网络的半径是多少？", "radius"],
    ["What is the density of the road network?", "density"],
    ["How dense is the network?", "density"],
    ["density pls", "density"],
    ["人物网络的密度是多少？", "density"],
    ["推荐网络的密度是多少？", "density"],
    ["What is the average shortest path length?", "average_shortest_path_length"],
    ["平均路径长度是多少？", "average_shortest_path_length"],
    ["What is the degree assortativity?", "degree_assortativity"],
    ["图的同配系数是多少？", "degree_assortativity"],
    ["Is the graph bipartite?", "is_bipartite"],
    ["这个图是二分图吗？", "is_bipartite"],
  ])("%s → %s", (question, metric) => {
    expect(readAnalyses(question)).toEqual([{ kind: "graph-metric", metrics: [metric] }]);
  });
});

describe("cycles", () => {
  it.each([
    ["Are there any cycles in the shop graph?", "has_cycle"],
    ["Does the graph contain a cycle?", "has_cycle"],
    ["any cycles?", "has_cycle"],
    ["any loops in the referral network?", "has_cycle"],
    ["Are there referral loops?", "has_cycle"],
    ["道路网络中存在环路吗？", "has_cycle"],
    ["图里有环吗？", "has_cycle"],
    ["有环吗", "has_cycle"],
    ["Is the referral graph a DAG?", "is_dag"],
    ["Is the graph acyclic?", "is_dag"],
    ["图书馆的图是有向无环图吗？", "is_dag"],
  ])("%s → %s", (question, metric) => {
    expect(readAnalyses(question)).toEqual([{ kind: "graph-metric", metrics: [metric] }]);
  });
});

describe("components and connectivity", () => {
  it.each([
    ["How many connected components does the citation graph have?", false, false, "count"],
    ["components?", false, false, "count"],
    ["How many islands are there in the network?", false, false, "count"],
    ["图中有多少个连通分量？", false, false, "count"],
    ["连通分量有几个", false, false, "count"],
    ["How many weakly connected components are there?", false, true, "count"],
    ["商店图有几个弱连通分量？", false, true, "count"],
    [
      "How many strongly connected components does the referral network have?",
      true,
      false,
      "count",
    ],
    ["How big is the largest connected component?", false, false, "largest"],
    ["最大的连通分量包含多少篇论文？", false, false, "largest"],
    ["最大的强连通分量包含多少名会员？", true, false, "largest"],
  ])("%s", (question, strong, weak, ask) => {
    expect(readAnalyses(question)).toEqual([{ kind: "components", strong, weak, ask }]);
  });

  it.each([
    "Is the character network connected?",
    "Is the network connected?",
    "Can every town be reached from every other town by road?",
    "Is the graph in one piece?",
    "这个图是连通的吗？",
  ])("whole-graph connectivity: %s", (question) => {
    expect(readAnalyses(question)).toEqual([{ kind: "connectivity", strong: false }]);
  });
});

describe("communities, membership and bridges", () => {
  it.each([
    ["Find the communities in this graph", "louvain"],
    ["communities?", "louvain"],
    ["how many communities?", "louvain"],
    ["Detect communities with Leiden", "leiden"],
    ["Run label propagation clustering", "label_propagation"],
    ["图中有哪些社区？", "louvain"],
    ["社区发现", "louvain"],
    ["用 Leiden 算法做社区发现", "leiden"],
  ])("%s → %s", (question, algorithm) => {
    expect(readAnalyses(question)).toEqual([{ kind: "communities", algorithm }]);
  });

  it.each([
    "Which members bridge the two factions?",
    "Which characters act as bridges between groups?",
    "Which nodes bridge multiple communities?",
    "哪些节点是社区之间的桥梁",
  ])("bridges: %s", (question) => {
    expect(readAnalyses(question)).toEqual([{ kind: "bridging", topK: 10 }]);
  });

  it.each([
    ["Which characters are in the same community as Myriel?", "Myriel"],
    ["Which community does Valjean belong to?", "Valjean"],
    ["Which community does Valjan belong to?", "Valjan"],
    ["哪些角色和 Myriel 在同一个社区？", "Myriel"],
    ["Valjean 属于哪个社区？", "Valjean"],
  ])("membership of one node: %s", (question, node) => {
    expect(readAnalyses(question)).toEqual([{ kind: "membership", node, algorithm: "louvain" }]);
  });

  it.each([
    ["Are n0 and n33 in the same community?", "n0", "n33"],
    ["Are Valjean and Javret in the same cluster?", "Valjean", "Javret"],
    ["n0 和 n33 属于同一个社区吗？", "n0", "n33"],
  ])("two nodes in one community: %s", (question, source, target) => {
    expect(readAnalyses(question)).toEqual([
      { kind: "same-community", source, target, algorithm: "louvain" },
    ]);
  });
});

describe("similarity (to a named node) versus likely links (unlinked pairs)", () => {
  it.each([
    [
      "Which node is most similar to n32 by Jaccard similarity of their neighbourhoods?",
      "jaccard",
      "n32",
      10,
    ],
    [
      "Which character is most similar to Javert by Jaccard similarity of their neighbourhoods?",
      "jaccard",
      "Javert",
      10,
    ],
    ["Who is most similar to Javret?", "jaccard", "Javret", 10],
    ["similar to n32?", "jaccard", "n32", 10],
    ["jaccard n32", "jaccard", "n32", 10],
    ["Top 5 most similar nodes to n32 by cosine similarity", "cosine", "n32", 5],
    ["Which member's borrowing is most similar to members:7?", "jaccard", "members:7", 10],
    ["Which pairs have the most common neighbours?", "common_neighbors", null, 10],
    ["和 n32 最相似的节点是哪个？", "jaccard", "n32", 10],
    ["和 n32 最相似的 5 个节点（余弦相似度）", "cosine", "n32", 5],
    ["哪位客户买的商品和 customers:34 最相似？", "jaccard", "customers:34", 10],
    ["按邻居的 Jaccard 相似度，哪个城镇和 Kingsbury 最像？", "jaccard", "Kingsbury", 10],
  ])("similarity: %s", (question, metric, node, topK) => {
    expect(readAnalyses(question)).toEqual([
      { kind: "similarity", metric, node, likelyLinks: false, topK },
    ]);
  });

  it.each([
    [
      "Which two characters who never appear together are most likely to be linked, by Adamic–Adar?",
      "adamic_adar",
    ],
    ["Which nodes are likely to connect in the future?", "adamic_adar"],
    ["likely new links?", "adamic_adar"],
    ["Which pairs of members are not yet connected but should be?", "adamic_adar"],
    ["Predict missing links by resource allocation", "resource_allocation"],
    [
      "Which unconnected pairs have the highest preferential attachment score?",
      "preferential_attachment",
    ],
    ["按 Adamic–Adar 指数，哪两个尚未相连的节点最可能产生连接？", "adamic_adar"],
    ["哪些节点之间可能会产生新的连接？", "adamic_adar"],
  ])("likely links: %s → %s", (question, metric) => {
    expect(single(question)).toMatchObject({
      kind: "similarity",
      metric,
      node: null,
      likelyLinks: true,
    });
  });

  it("keeps a likely-links question that names an index an analysis, not a model to train", () => {
    const intent = detectIntent({
      question: "Which two characters who never appear together are most likely to be linked?",
    });
    expect(intent.kind).toBe("analysis");
  });
});

describe("projection: pairs that go together through a shared neighbour", () => {
  it.each([
    "Which products are most often bought together?",
    "Which pairs of products are purchased together most often?",
    "Which authors co-wrote books together?",
    "Which characters co-appear the most?",
    "Which two books are most often borrowed by the same members?",
    "哪两种商品最常出现在同一个订单里？",
    "哪两位作者合写的书最多？",
    "哪两本书最常被同一批会员借阅？",
    "哪些商品经常被一起购买？",
  ])("%s", (question) => {
    expect(single(question).kind).toBe("projection");
  });

  it("counts the partners of a named node", () => {
    expect(readAnalyses("With how many other products has products:36 shared an order?")).toEqual([
      { kind: "partners", node: "products:36", ask: "count" },
    ]);
  });
});

describe("aggregates over properties (read against the schema)", () => {
  it.each([
    ["Which product category has the highest average price?", false],
    ["Which category sells the most units?", false],
    ["Which category sells the fewest units?", true],
    ["Which genre has the most loans?", false],
    ["What is the average year of books?", false],
    ["What is the average order total? Give two decimals.", false],
    ["Which customer segment spends the most?", false],
    ["Which customer spends the least?", true],
    ["How many members are on the premium plan?", false],
    ["How many members belong to the Officer club?", false],
    ["How many papers have the label c3?", false],
    ["Which author's books have been borrowed the most in total?", false],
    ["哪个城市的客户消费总额最高？", false],
    ["哪个城市的客户最多？", false],
    ["平均每位会员借了几次书？", false],
    ["哪个国家的作者参与写作的书最多？", false],
    ["第 2 组有多少个角色？", false],
  ])("%s", (question, ascending) => {
    expect(readAnalyses(question)).toEqual([
      { kind: "schema-question", topK: 10, mode: "all", ascending },
    ]);
  });
});

describe("sums of what links carry", () => {
  it("reads money per node first as a sum over links (declined, on a graph whose links carry no amount, to the aggregate reading)", () => {
    expect(readAnalyses("订单总金额最高的客户是谁？")).toEqual([
      {
        kind: "edge-sums",
        quantity: ["amount", "value", "total", "money", "sum", "payment", "fee", "fees", "price"],
        end: "either",
        node: null,
        ascending: false,
        statistic: "sum",
        measuresWeight: false,
      },
    ]);
    expect(readAnalyses("How much money did a30 receive in total?")).toMatchObject([
      { kind: "edge-sums", end: "target", node: "a30" },
    ]);
    // A walk, a loop or a yes/no is not a sum.
    expect(
      readAnalyses("By travel time, how far apart are the two most distant stations?")[0]?.kind,
    ).not.toBe("edge-sums");
    expect(readAnalyses("有没有钱最终又转回到原来的账户？")[0]?.kind).not.toBe("edge-sums");
  });
});

describe("flow: maximum flow, minimum cut, edge-disjoint paths", () => {
  it.each([
    ["How many edge-disjoint paths connect n0 and n33?", "n0", "n33", true],
    ["How many edge-disjoint paths link Valjean and Javert?", "Valjean", "Javert", true],
    ["How many edge-disjoint paths link Valjan and Javret?", "Valjan", "Javret", true],
    ["What is the maximum flow from Ashford to Yarrow?", "Ashford", "Yarrow", false],
    [
      "Treating each road's length as its capacity, what is the maximum flow from Ashford to Yarrow?",
      "Ashford",
      "Yarrow",
      false,
    ],
    ["what's the max flow n0 -> n33?", "n0", "n33", false],
    ["What's the min cut between n0 and n33?", "n0", "n33", false],
    ["n0 和 n33 之间有多少条边不相交的路径？", "n0", "n33", true],
    ["从 m03 到 m29 有多少条边不相交的推荐路径？", "m03", "m29", true],
    ["以道路长度作为容量，Bramley 到 Zennor 的最大流是多少？", "Bramley", "Zennor", false],
    ["最大流 n0 到 n33", "n0", "n33", false],
    ["请计算 n0 到 n33 之间的最大流", "n0", "n33", false],
    ["n0 到 n33 的最小割是多少？", "n0", "n33", false],
  ])("%s", (question, source, target, disjoint) => {
    expect(readAnalyses(question)).toEqual([{ kind: "flow", source, target, disjoint }]);
  });
});

describe("spanning trees and forests", () => {
  it.each([
    ["What is the total weight of a minimum spanning tree of the character network?", false, true],
    ["What is the total length of the minimum spanning tree of the road network?", false, true],
    ["MST weight?", false, true],
    ["How many edges does a spanning forest of the referral network have?", false, false],
    ["Compute the MST", false, false],
    ["spanning tree edges?", false, false],
    ["What is the total weight of the maximum spanning tree?", true, true],
    ["人物网络最大生成树的总权重是多少？", true, true],
    ["最小生成树的总长度是多少？", false, true],
    ["商店图的生成森林有多少条边？", false, false],
    ["这个图的生成树有多少条边？", false, false],
  ])("%s", (question, maximum, weightAsked) => {
    expect(readAnalyses(question)).toEqual([{ kind: "spanning-tree", maximum, weightAsked }]);
  });
});

describe("questions outside the grammar get the honest refusal", () => {
  it.each([
    "What's the weather in Paris?",
    "写一首诗",
    "Book me a flight to Tokyo",
    "Tell me a joke",
    "What time is it?",
    "What is the meaning of life?",
    "How do I cook pasta?",
    "Play some music",
    "Send an email to Bob",
    "Translate hello into French",
    "Tell me about the weather tomorrow in Tokyo",
    "今天天气怎么样？",
    "帮我订一张去东京的机票",
    "帮我写一封邮件",
    "讲个笑话",
  ])("%s → unknown", (question) => {
    expect(detectIntent({ question })).toEqual({ kind: "unknown" });
  });
});

describe("requests that are not read-only analyses keep their kinds", () => {
  it.each([
    "Train a GCN to classify the nodes",
    "Train a GraphSAGE model on cora",
    "Predict the label of p5",
    "Predict which customers will churn",
    "Predict missing links with a model",
    "预测哪些客户会流失",
    "训练一个节点分类模型",
  ])("machine learning: %s", (question) => {
    expect(detectIntent({ question }).kind).toBe("machine-learning");
  });

  it.each(["Clear the graph", "Reset the graph please", "清空图", "卸载当前图"])(
    "clearing: %s",
    (question) => {
      expect(detectIntent({ question })).toEqual({ kind: "clear" });
    },
  );

  it.each([
    ["Remove isolated nodes", true, []],
    ["Optimise the graph by dropping isolated nodes", true, []],
    ["删除孤立节点", true, []],
    ["remove nodes n1, n2 and n3 from the graph", false, ["n1", "n2", "n3"]],
    ["Delete node Valjean", false, ["Valjean"]],
    ["删除节点 n1、n2 和 n3", false, ["n1", "n2", "n3"]],
  ])("optimisation: %s", (question, dropIsolated, removeNames) => {
    expect(detectIntent({ question })).toEqual({ kind: "optimize", dropIsolated, removeNames });
  });
});

describe("deliverables ride along with the analysis", () => {
  it("reads a visualisation and a report next to the analyses", () => {
    expect(
      detectIntent({
        question:
          "Show the top 5 pagerank nodes and the communities, visualise them and write a report",
      }),
    ).toMatchObject({ kind: "analysis", visualize: true, report: true });
  });

  it("reads a Chinese visualisation request", () => {
    expect(detectIntent({ question: "可视化 PageRank 前10的节点" })).toEqual({
      kind: "analysis",
      analyses: [
        { kind: "centrality", measure: "pagerank", topK: 10, mode: "all", ascending: false },
      ],
      visualize: true,
      report: false,
    });
  });
});
