import type { ExportAttribute, ExportModel } from "./export-model";
import { edgeTypeOf, nodeTypeOf } from "./export-model";
import { gmlKey, gmlReal, gmlString } from "./gml-text";
import { TextChunks } from "./text-chunks";

/**
 * GML's fields as NetworkX writes them: `id` is the node's position (GML ids are integers) and
 * `label` the node's own id, so `nx.read_gml(path)` names nodes as the workbench does; the
 * human label therefore travels as `display_label`. Keys must be letters, digits and `_`.
 */
export const gmlNaming = {
  reservedNodeNames: ["id", "label", "display_label", "type"],
  reservedEdgeNames: ["id", "source", "target", "key", "type", "weight"],
  validName: gmlKey,
} as const;

/**
 * The graph as GML, in chunks: `directed` and `multigraph` flags, strings with NetworkX's
 * `&#N;` escapes, reals always with a decimal point. GML has no booleans: true/false are 1/0.
 */
export function* writeGml(model: ExportModel): Generator<string> {
  const { graph } = model;
  const out = new TextChunks();
  out.add(`graph [\n  directed ${model.directed ? 1 : 0}\n`);
  if (model.multigraph) out.add("  multigraph 1\n");
  for (let node = 0; node < graph.nodeIds.length; node++) {
    let line = `  node [\n    id ${node}\n    label ${gmlString(graph.nodeIds[node])}\n`;
    const label = graph.nodeLabels[node];
    // Always written (the id when the node has no label), so our own GML reader knows the
    // convention and keys nodes by `label`.
    line += `    display_label ${gmlString(label ?? graph.nodeIds[node])}\n`;
    const nodeType = nodeTypeOf(graph, node);
    if (nodeType !== null) line += `    type ${gmlString(nodeType)}\n`;
    line += attributeLines(model.nodeAttributes, node);
    const chunk = out.add(`${line}  ]\n`);
    if (chunk) yield chunk;
  }
  for (let edge = 0; edge < graph.edgeSources.length; edge++) {
    let line = `  edge [\n    source ${graph.edgeSources[edge]}\n    target ${graph.edgeTargets[edge]}\n`;
    const edgeType = edgeTypeOf(graph, edge);
    if (edgeType !== null) line += `    type ${gmlString(edgeType)}\n`;
    if (graph.edgeWeights) line += `    weight ${gmlReal(graph.edgeWeights[edge])}\n`;
    line += attributeLines(model.edgeAttributes, edge);
    const chunk = out.add(`${line}  ]\n`);
    if (chunk) yield chunk;
  }
  out.add("]\n");
  yield out.flush();
}

function attributeLines(attributes: ExportAttribute[], index: number): string {
  let text = "";
  for (const attribute of attributes) {
    const value = attribute.read(index);
    if (value === null || value === undefined) continue;
    text += `    ${attribute.name} ${gmlValue(attribute.kind, value)}\n`;
  }
  return text;
}

function gmlValue(kind: ExportAttribute["kind"], value: string | number | boolean): string {
  if (kind === "boolean") return value ? "1" : "0";
  if (kind === "long") return String(value);
  if (kind === "double") return gmlReal(Number(value));
  return gmlString(String(value));
}
