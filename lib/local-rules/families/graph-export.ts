import type { GraphExportFormat, GraphExportMeasure } from "@/lib/contracts/graph-export";
import { planGraphExport } from "../planning/plan-graph-export";
import { defineFamily } from "./define-family";

/** "Export this graph with PageRank and communities for Gephi", "把图导出为 GraphML". */
export type GraphExportIntent = {
  kind: "graph-export";
  format: GraphExportFormat;
  measures: GraphExportMeasure[];
};

// The verb must take the graph as its object (or name a graph format or tool): "which country
// exports the most" is trade, not a file. 导出 is "export a file"; trade's export is 出口.
const exportAsked =
  /\b(?:export|save|download|write)\s+(?:(?:this|the|my|our|whole|current|session)\s+)*(?:graph|network|data\s*set|dataset)\b|\b(?:export|save|download)\b.*\b(?:for|to|into|as|in)\s+(?:gephi|cytoscape|yed|graphml|gexf|gml|excel|a spreadsheet)\b|导出|下载.*图/i;

const formats: [RegExp, GraphExportFormat][] = [
  [/gexf|gephi/i, "gexf"],
  [/graphml|cytoscape|yed/i, "graphml"],
  [/\bgml\b/i, "gml"],
  [/\bjson\b|\bd3\b|networkx/i, "json"],
  [/\bcsv\b|spreadsheet|excel|表格/i, "csv"],
];

const measureWords: [RegExp, GraphExportMeasure][] = [
  [/pagerank|page rank|网页排名/i, "pagerank"],
  [/betweenness|介数/i, "betweenness"],
  [/eigenvector|特征向量/i, "eigenvector"],
  [/leiden/i, "leiden"],
  [/label propagation|标签传播/i, "label_propagation"],
  [/communit|louvain|cluster|社区|社群/i, "louvain"],
  [/\bcomponents?\b|连通分量/i, "connected_component"],
  [/\bdegrees?\b|度数|度/i, "degree"],
];

export const graphExportFamily = defineFamily<GraphExportIntent>({
  kind: "graph-export",
  read: ({ text }) => {
    if (!exportAsked.test(text)) return null;
    const format = formats.find(([pattern]) => pattern.test(text))?.[1] ?? "graphml";
    const measures = measureWords.filter(([pattern]) => pattern.test(text)).map(([, name]) => name);
    // "Leiden communities" is one measure, not Leiden and Louvain.
    const chosen = measures.includes("leiden")
      ? measures.filter((measure) => measure !== "louvain")
      : measures;
    return [{ kind: "graph-export", format, measures: [...new Set(chosen)] }];
  },
  plan: (context, intent) => planGraphExport({ context, ...intent }),
  title: { en: "Graph export", zh: "导出图" },
});
