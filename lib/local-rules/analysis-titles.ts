import type { AnalysisIntent } from "./detect-intent";
import { englishMeasureNames } from "./phrases-en";
import { chineseMeasureNames } from "./phrases-zh";

// A chat answer's title, from the first analysis it answers (a report is titled by its question,
// report-title.ts).

function englishTitle(analysis: AnalysisIntent): string {
  switch (analysis.kind) {
    case "centrality":
      return `Top nodes by ${englishMeasureNames[analysis.measure]}`;
    case "communities":
      return "Communities";
    case "path":
      return "Shortest path";
    case "neighbours":
      return "Neighbourhood";
    case "bridging":
      return "Key nodes connecting several communities";
    case "membership":
    case "same-community":
      return "Community membership";
    case "k-shortest":
      return "Shortest paths";
    case "degree":
      return "Degree";
    case "edge-exists":
      return "Is there an edge?";
    case "reachability":
      return "Reachability";
    case "graph-metric":
      return "Graph metrics";
    case "node-structure":
    case "core":
      return "Node structure";
    case "components":
    case "outside-main":
    case "connectivity":
      return "Connected components";
    case "similarity":
      return analysis.likelyLinks ? "Likely links" : "Similar nodes";
    case "projection":
    case "partners":
      return "Pairs that go together";
    case "flow":
      return "Maximum flow";
    case "spanning-tree":
      return "Spanning tree";
    case "self-loops":
      return "Self-loops";
    case "common-neighbours":
      return "Neighbours in common";
    case "unreachable":
      return "Unreachable nodes";
    case "edge-ranking":
      return "Edges by weight";
    case "cut-points":
      return analysis.what === "bridges" ? "Bridges" : "Articulation points";
    case "one-way-nodes":
      return analysis.missing === "out"
        ? "Nodes without outgoing links"
        : "Nodes without incoming links";
    case "schema-question":
      return "Answer from the graph's data";
  }
}

function chineseTitle(analysis: AnalysisIntent): string {
  switch (analysis.kind) {
    case "centrality":
      return `${chineseMeasureNames[analysis.measure]}最高的节点`;
    case "communities":
      return "社区发现";
    case "path":
      return "最短路径";
    case "neighbours":
      return "邻居节点";
    case "bridging":
      return "连接多个社区的关键节点";
    case "membership":
    case "same-community":
      return "社区归属";
    case "k-shortest":
      return "最短路径";
    case "degree":
      return "节点的度";
    case "edge-exists":
      return "是否存在边";
    case "reachability":
      return "可达性";
    case "graph-metric":
      return "图指标";
    case "node-structure":
    case "core":
      return "节点结构";
    case "components":
    case "outside-main":
    case "connectivity":
      return "连通分量";
    case "similarity":
      return analysis.likelyLinks ? "可能的新连接" : "相似节点";
    case "projection":
    case "partners":
      return "经常一起出现的节点对";
    case "flow":
      return "最大流";
    case "spanning-tree":
      return "生成树";
    case "self-loops":
      return "自环";
    case "common-neighbours":
      return "共同邻居";
    case "unreachable":
      return "无法到达的节点";
    case "edge-ranking":
      return "按权重排序的边";
    case "cut-points":
      return analysis.what === "bridges" ? "桥边" : "割点";
    case "one-way-nodes":
      return analysis.missing === "out" ? "没有出边的节点" : "没有入边的节点";
    case "schema-question":
      return "基于图数据的回答";
  }
}

/** The title of an answer to this analysis, in the question's language. */
export function analysisTitle(analysis: AnalysisIntent, language: "en" | "zh"): string {
  return language === "zh" ? chineseTitle(analysis) : englishTitle(analysis);
}
