import { Zip, ZipDeflate } from "fflate";
import { csvLine } from "./csv-field";
import type { ExportModel } from "./export-model";
import { edgeTypeOf, nodeTypeOf } from "./export-model";
import { TextChunks } from "./text-chunks";

/** The tables' own columns; properties with these names are renamed. */
export const csvNaming = {
  reservedNodeNames: ["id", "label", "type"],
  reservedEdgeNames: ["source", "target", "type", "weight"],
} as const;

/**
 * The graph as a zip of spreadsheet tables: `nodes.csv` (`id,label,type,…properties`),
 * `edges.csv` (`source,target,type,weight,…properties`; weight empty when the graph is
 * unweighted) and `graph.json` (`{directed, multigraph, weighted}`). The zip is deflated as the
 * tables are written (fflate's streaming Zip), so only a chunk at a time is in memory.
 */
export function* writeCsvZip(model: ExportModel): Generator<Uint8Array> {
  const output: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    output.push(data);
  });
  const encoder = new TextEncoder();
  const entries: [string, Iterable<string>][] = [
    ["nodes.csv", nodeRows(model)],
    ["edges.csv", edgeRows(model)],
    [
      "graph.json",
      [
        `${JSON.stringify({ directed: model.directed, multigraph: model.multigraph, weighted: model.weighted })}\n`,
      ],
    ],
  ];
  for (const [name, rows] of entries) {
    // Level 1: measured on a 1M-edge graph, 3 s instead of 11 s at level 6 for a zip only
    // 1% larger (tables of ids compress well at any level).
    const entry = new ZipDeflate(name, { level: 1 });
    zip.add(entry);
    for (const text of rows) {
      entry.push(encoder.encode(text));
      yield* output.splice(0);
    }
    entry.push(new Uint8Array(0), true);
    yield* output.splice(0);
  }
  zip.end();
  yield* output.splice(0);
}

function* nodeRows(model: ExportModel): Generator<string> {
  const { graph } = model;
  const out = new TextChunks();
  out.add(csvLine(["id", "label", "type", ...model.nodeAttributes.map((a) => a.name)]));
  for (let node = 0; node < graph.nodeIds.length; node++) {
    const fields: (string | number | boolean | null)[] = [
      graph.nodeIds[node],
      graph.nodeLabels[node],
      nodeTypeOf(graph, node),
    ];
    for (const attribute of model.nodeAttributes) fields.push(attribute.read(node));
    const chunk = out.add(csvLine(fields));
    if (chunk) yield chunk;
  }
  yield out.flush();
}

function* edgeRows(model: ExportModel): Generator<string> {
  const { graph } = model;
  const out = new TextChunks();
  out.add(
    csvLine(["source", "target", "type", "weight", ...model.edgeAttributes.map((a) => a.name)]),
  );
  for (let edge = 0; edge < graph.edgeSources.length; edge++) {
    const fields: (string | number | boolean | null)[] = [
      graph.nodeIds[graph.edgeSources[edge]],
      graph.nodeIds[graph.edgeTargets[edge]],
      edgeTypeOf(graph, edge),
      graph.edgeWeights ? graph.edgeWeights[edge] : null,
    ];
    for (const attribute of model.edgeAttributes) fields.push(attribute.read(edge));
    const chunk = out.add(csvLine(fields));
    if (chunk) yield chunk;
  }
  yield out.flush();
}
