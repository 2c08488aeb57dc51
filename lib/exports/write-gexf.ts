import type { ExportAttribute, ExportModel } from "./export-model";
import { edgeTypeOf, nodeTypeOf } from "./export-model";
import { TextChunks } from "./text-chunks";
import { escapeXml } from "./xml-text";

/**
 * GEXF's own fields: a node's `label` is an XML attribute, an edge's `weight` too (and its
 * `type` means directed/undirected in GEXF, so our edge type is an attribute column named
 * `type`); `id` is taken by both.
 */
export const gexfNaming = {
  reservedNodeNames: ["id", "label", "type"],
  reservedEdgeNames: ["id", "source", "target", "type", "weight", "label"],
} as const;

type Column = { id: string; title: string; kind: ExportAttribute["kind"] };

/**
 * The graph as GEXF 1.2 (the namespace Gephi and NetworkX read), in chunks: node and edge
 * attribute classes with declared types, `type` as a string attribute of both, the
 * construction weight as the edge's `weight`, `defaultedgetype` saying the direction.
 */
export function* writeGexf(model: ExportModel): Generator<string> {
  const { graph } = model;
  const out = new TextChunks();
  // Each id is escaped once, not once per edge that names it.
  const escapedIds = graph.nodeIds.map(escapeXml);
  const nodeColumns = columnsOf([{ name: "type", kind: "string" }, ...model.nodeAttributes]);
  const edgeColumns = columnsOf([{ name: "type", kind: "string" }, ...model.edgeAttributes]);
  out.add('<?xml version="1.0" encoding="UTF-8"?>\n');
  out.add('<gexf xmlns="http://www.gexf.net/1.2draft" version="1.2">\n');
  out.add("  <meta><creator>Graph Workbench</creator></meta>\n");
  out.add(
    `  <graph defaultedgetype="${model.directed ? "directed" : "undirected"}" mode="static">\n`,
  );
  out.add(attributeClass("node", nodeColumns));
  out.add(attributeClass("edge", edgeColumns));
  out.add("    <nodes>\n");
  for (let node = 0; node < graph.nodeIds.length; node++) {
    const values: unknown[] = [nodeTypeOf(graph, node)];
    for (const attribute of model.nodeAttributes) values.push(attribute.read(node));
    const label = graph.nodeLabels[node];
    const labelText = label === null ? "" : ` label="${escapeXml(label)}"`;
    const line = `      <node id="${escapedIds[node]}"${labelText}>${attributeValues(nodeColumns, values)}</node>\n`;
    const chunk = out.add(line);
    if (chunk) yield chunk;
  }
  out.add("    </nodes>\n    <edges>\n");
  for (let edge = 0; edge < graph.edgeSources.length; edge++) {
    const values: unknown[] = [edgeTypeOf(graph, edge)];
    for (const attribute of model.edgeAttributes) values.push(attribute.read(edge));
    const source = escapedIds[graph.edgeSources[edge]];
    const target = escapedIds[graph.edgeTargets[edge]];
    const weight = graph.edgeWeights ? ` weight="${graph.edgeWeights[edge]}"` : "";
    const line = `      <edge id="${edge}" source="${source}" target="${target}"${weight}>${attributeValues(edgeColumns, values)}</edge>\n`;
    const chunk = out.add(line);
    if (chunk) yield chunk;
  }
  out.add("    </edges>\n  </graph>\n</gexf>\n");
  yield out.flush();
}

function columnsOf(attributes: { name: string; kind: ExportAttribute["kind"] }[]): Column[] {
  return attributes.map((attribute, index) => ({
    id: String(index),
    title: attribute.name,
    kind: attribute.kind,
  }));
}

function attributeClass(target: "node" | "edge", columns: Column[]): string {
  const lines = columns.map(
    (column) =>
      `      <attribute id="${column.id}" title="${escapeXml(column.title)}" type="${column.kind}"/>\n`,
  );
  return `    <attributes class="${target}" mode="static">\n${lines.join("")}    </attributes>\n`;
}

function attributeValues(columns: Column[], values: unknown[]): string {
  let text = "";
  for (let index = 0; index < columns.length; index++) {
    const value = values[index];
    if (value === null || value === undefined) continue;
    text += `<attvalue for="${columns[index].id}" value="${escapeXml(String(value))}"/>`;
  }
  return text.length > 0 ? `<attvalues>${text}</attvalues>` : "";
}
