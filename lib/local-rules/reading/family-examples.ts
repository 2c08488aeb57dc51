// How analysts ask for each reading the rules know, in words the rules may not: the examples a
// question that no family read is scored against (read-by-meaning.ts). Each reading has the
// canonical question the rules read (`{A}` and `{B}` are the nodes the question names, in order)
// and paraphrases in English and Chinese, with X and Y standing for nodes. They are written as
// kinds of question, never copied from a question bank.

/** One reading: how many nodes it names, its canonical questions, and ways it is asked. */
export type ReadingExamples = {
  id: string;
  nodes: 0 | 1 | 2;
  canonical: { en: string; zh: string };
  examples: string[];
};

export const readingExamples: ReadingExamples[] = [
  {
    id: "shortest-path",
    nodes: 2,
    canonical: {
      en: "What is the shortest path from {A} to {B}?",
      zh: "从 {A} 到 {B} 的最短路径是什么？",
    },
    examples: [
      "how many steps does it take to get from X to Y",
      "how far is X from Y",
      "what is the quickest way from X to Y",
      "how many hops separate X and Y",
      "what is the distance between X and Y",
      "fewest stops needed to travel from X to Y",
      "how many intermediaries lie between X and Y",
      "X 到 Y 要走几步",
      "X 和 Y 之间相隔多远",
      "从 X 去 Y 最少经过几个节点",
    ],
  },
  {
    id: "reachability",
    nodes: 2,
    canonical: { en: "Is {B} reachable from {A}?", zh: "从 {A} 能到达 {B} 吗？" },
    examples: [
      "can X get to Y",
      "is there any way to get from X to Y",
      "does X eventually lead to Y",
      "can anything flow from X to Y",
      "is Y reachable starting at X",
      "could something travel from X all the way to Y",
      "X 能走到 Y 吗",
      "从 X 出发最终能不能到 Y",
      "X 的东西能传到 Y 吗",
    ],
  },
  {
    id: "edge-exists",
    nodes: 2,
    canonical: { en: "Is there an edge between {A} and {B}?", zh: "{A} 和 {B} 之间有边吗？" },
    examples: [
      "are X and Y directly linked",
      "is X directly connected to Y",
      "do X and Y have a direct link",
      "is there a direct connection between X and Y",
      "X 和 Y 直接相连吗",
      "X 跟 Y 之间有直接联系吗",
    ],
  },
  {
    id: "neighbours",
    nodes: 1,
    canonical: { en: "Which nodes are connected to {A}?", zh: "{A} 的邻居有哪些？" },
    examples: [
      "who is X linked with",
      "list everyone X is connected to",
      "who are X's contacts",
      "which nodes touch X",
      "show me X's direct connections",
      "X 和谁有联系",
      "与 X 直接相连的都有谁",
    ],
  },
  {
    id: "degree",
    nodes: 1,
    canonical: { en: "What is the degree of {A}?", zh: "{A} 的度是多少？" },
    examples: [
      "how many connections does X have",
      "how many links does X have",
      "how well connected is X",
      "how many neighbours has X got",
      "X 有多少个连接",
      "X 一共连着几个节点",
    ],
  },
  {
    id: "out-degree",
    nodes: 1,
    canonical: { en: "How many outgoing edges does {A} have?", zh: "{A} 的出度是多少？" },
    examples: [
      "how many links go out from X",
      "how many does X send",
      "how many edges leave X",
      "how many depart from X",
      "how many does X point to",
      "从 X 发出了多少条",
      "X 往外连了几条",
    ],
  },
  {
    id: "in-degree",
    nodes: 1,
    canonical: { en: "How many incoming edges does {A} have?", zh: "{A} 的入度是多少？" },
    examples: [
      "how many links arrive at X",
      "how many does X receive",
      "how many edges point to X",
      "how many come into X",
      "X 收到了多少条",
      "有多少条指向 X",
    ],
  },
  {
    id: "diameter",
    nodes: 0,
    canonical: { en: "What is the diameter of the graph?", zh: "图的直径是多少？" },
    examples: [
      "how far apart are the two most distant nodes",
      "what is the longest shortest path",
      "what is the greatest distance between any two nodes",
      "how many steps separate the furthest pair",
      "最远的两个节点相距多远",
      "任意两点之间最远隔了几步",
    ],
  },
  {
    id: "cycles",
    nodes: 0,
    canonical: { en: "Does the graph contain a cycle?", zh: "图中有环吗？" },
    examples: [
      "does anything ever come back to where it started",
      "is there a loop anywhere",
      "can you go round in a circle",
      "is it acyclic",
      "does anything flow back to its origin",
      "有没有回路",
      "会不会绕回起点",
    ],
  },
  {
    id: "components",
    nodes: 0,
    canonical: { en: "How many connected components are there?", zh: "有多少个连通分量？" },
    examples: [
      "how many separate groups are there",
      "how many disconnected pieces does the network fall into",
      "how many islands are there",
      "into how many unconnected parts does it split",
      "有几个互不相连的部分",
      "网络分成了几块",
    ],
  },
  {
    id: "articulation-points",
    nodes: 0,
    canonical: { en: "Which nodes are articulation points?", zh: "哪些节点是割点？" },
    examples: [
      "which nodes would split the network if removed",
      "which nodes are single points of failure",
      "removing which node disconnects the graph",
      "whose loss would break the network apart",
      "去掉哪些节点会让网络断开",
      "哪些节点一旦失效网络就会断开",
    ],
  },
  {
    id: "bridges",
    nodes: 0,
    canonical: { en: "Which edges are bridges?", zh: "哪些边是桥？" },
    examples: [
      "which links would split the network if cut",
      "which connections disconnect the graph when removed",
      "which single links hold the network together",
      "哪些边断了会让网络分裂",
      "去掉哪条连接会让图不连通",
    ],
  },
  {
    id: "triangles",
    nodes: 0,
    canonical: { en: "How many triangles are there?", zh: "图中有多少个三角形？" },
    examples: [
      "how many closed triads are there",
      "how many groups of three all linked to each other",
      "三个节点两两相连的组合有多少",
    ],
  },
  {
    id: "clustering",
    nodes: 0,
    canonical: {
      en: "What is the average clustering coefficient?",
      zh: "平均聚类系数是多少？",
    },
    examples: [
      "how clustered is the network",
      "how likely are two contacts of a node to be linked themselves",
      "how cliquish is the graph on average",
      "网络的聚集程度有多高",
    ],
  },
  {
    id: "density",
    nodes: 0,
    canonical: { en: "What is the density of the graph?", zh: "图的密度是多少？" },
    examples: [
      "how densely connected is the network",
      "what share of all possible links exist",
      "how sparse is the graph",
      "连接有多稠密",
    ],
  },
  {
    id: "top-pagerank",
    nodes: 0,
    canonical: { en: "Which node has the highest PageRank?", zh: "PageRank 最高的节点是哪个？" },
    examples: [
      "who is the most important",
      "which node matters most",
      "who carries the most weight in the network",
      "谁最重要",
      "哪个节点最有分量",
    ],
  },
  {
    id: "top-betweenness",
    nodes: 0,
    canonical: {
      en: "Which node has the highest betweenness centrality?",
      zh: "介数中心性最高的节点是哪个？",
    },
    examples: [
      "who sits between the most pairs",
      "which node is the biggest broker",
      "who lies on the most routes between others",
      "which node is the main go-between",
      "谁是最关键的中间人",
      "哪个节点处在最多的路径上",
    ],
  },
  {
    id: "top-closeness",
    nodes: 0,
    canonical: {
      en: "Which node has the highest closeness centrality?",
      zh: "接近中心性最高的节点是哪个？",
    },
    examples: [
      "who can reach everyone the fastest",
      "which node is closest to all the others",
      "who is on average nearest to everyone",
      "谁离其他所有节点最近",
    ],
  },
  {
    id: "top-degree",
    nodes: 0,
    canonical: { en: "Which node has the most connections?", zh: "连接最多的节点是哪个？" },
    examples: [
      "who knows the most people",
      "who has the most links",
      "which node is linked to the largest number of others",
      "谁认识的人最多",
      "谁的联系最多",
    ],
  },
  {
    id: "communities",
    nodes: 0,
    canonical: { en: "Find the communities.", zh: "找出图中的社区。" },
    examples: [
      "what groups form naturally",
      "how does the network split into clusters",
      "which nodes hang together in tight groups",
      "网络自然分成哪些群体",
    ],
  },
  {
    id: "edge-count",
    nodes: 0,
    canonical: { en: "How many edges are there?", zh: "图中有多少条边？" },
    examples: [
      "how many links are recorded",
      "how many connections exist in total",
      "how many relationships are in the data",
      "一共记录了多少条联系",
    ],
  },
  {
    id: "node-count",
    nodes: 0,
    canonical: { en: "How many nodes are there?", zh: "图中有多少个节点？" },
    examples: [
      "how many entities are in the network",
      "how many vertices does it have",
      "how big is the network",
      "网络里一共有多少个点",
    ],
  },
];
