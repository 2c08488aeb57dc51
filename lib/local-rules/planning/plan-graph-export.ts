import { z } from "zod";
import type { GraphExportFormat, GraphExportMeasure } from "@/lib/contracts/graph-export";
import { emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { callSource } from "./plan-with-nodes";
import { planSingleCall } from "./single-call-plan";

const exportDataSchema = z.looseObject({
  file_id: z.string(),
  name: z.string(),
  bytes: z.number(),
  format: z.string(),
  nodes: z.number(),
  edges: z.number(),
  measures: z.array(z.string()),
});

const formatNames: Record<GraphExportFormat, { en: string; zh: string }> = {
  graphml: { en: "GraphML", zh: "GraphML" },
  gexf: { en: "GEXF", zh: "GEXF" },
  gml: { en: "GML", zh: "GML" },
  json: { en: "node-link JSON", zh: "node-link JSON" },
  csv: {
    en: "CSV (a zip of nodes.csv and edges.csv)",
    zh: "CSV（nodes.csv 与 edges.csv 的压缩包）",
  },
};

/** The session graph written to a Derived file with measures as node attributes (export_graph). */
export function planGraphExport(input: {
  context: PlanContext;
  format: GraphExportFormat;
  measures: GraphExportMeasure[];
}): PlanOutcome {
  const { context } = input;
  const call = {
    toolName: "export_graph",
    input: { format: input.format, measures: input.measures },
  };
  return planSingleCall({
    context,
    call,
    schema: exportDataSchema,
    write: (data) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const measures = data.measures.join(", ");
      part.summary.push(
        inLanguage(context, {
          en: `The graph (${data.nodes} nodes, ${data.edges} edges) is exported as ${formatNames[input.format].en} to the workspace file ${data.name}${measures ? `, with ${measures} on every node` : ""}.`,
          zh: `图（${data.nodes} 个节点，${data.edges} 条边）已导出为 ${formatNames[input.format].zh}，保存为工作区文件 ${data.name}${measures ? `，每个节点带有 ${measures}` : ""}。`,
        }),
      );
      part.notes.push(
        inLanguage(context, {
          en: "Open it from the workspace's Derived files; Gephi reads GEXF and GraphML, spreadsheets the CSV zip.",
          zh: "可在工作区的 Derived 文件中打开；Gephi 可读取 GEXF 和 GraphML，表格软件可读取 CSV 压缩包。",
        }),
      );
      return part;
    },
  });
}
