import type { ExportModel } from "./export-model";
import { edgeTypeOf, nodeTypeOf } from "./export-model";
import { TextChunks } from "./text-chunks";

/** Node-link JSON's own fields (NetworkX's `node_link_data`); properties with these names are renamed. */
export const nodeLinkNaming = {
  reservedNodeNames: ["id", "label", "type"],
  reservedEdgeNames: ["id", "key", "source", "target", "type", "weight"],
} as const;

/**
 * The graph as node-link JSON (`{directed, multigraph, graph, nodes, links}`, as NetworkX's
 * `node_link_data` and d3 write it), in chunks, one node or link object at a time. A number
 * JSON cannot hold (NaN, ±Infinity) is written as null.
 */
export function* writeNodeLinkJson(model: ExportModel): Generator<string> {
  const { graph } = model;
  const out = new TextChunks();
  out.add(
    `{"directed":${model.directed},"multigraph":${model.multigraph},"graph":{"weighted":${model.weighted}},"nodes":[`,
  );
  for (let node = 0; node < graph.nodeIds.length; node++) {
    const item: Record<string, unknown> = { id: graph.nodeIds[node] };
    const label = graph.nodeLabels[node];
    if (label !== null) item.label = label;
    const type = nodeTypeOf(graph, node);
    if (type !== null) item.type = type;
    for (const attribute of model.nodeAttributes) {
      const value = attribute.read(node);
      if (value !== null && value !== undefined) item[attribute.name] = value;
    }
    const chunk = out.add(`${node === 0 ? "\n" : ",\n"}${JSON.stringify(item)}`);
    if (chunk) yield chunk;
  }
  out.add('\n],"links":[');
  for (let edge = 0; edge < graph.edgeSources.length; edge++) {
    const item: Record<string, unknown> = {
      source: graph.nodeIds[graph.edgeSources[edge]],
      target: graph.nodeIds[graph.edgeTargets[edge]],
    };
    const type = edgeTypeOf(graph, edge);
    if (type !== null) item.type = type;
    if (graph.edgeWeights) item.weight = graph.edgeWeights[edge];
    for (const attribute of model.edgeAttributes) {
      const value = attribute.read(edge);
      if (value !== null && value !== undefined) item[attribute.name] = value;
    }
    const chunk = out.add(`${edge === 0 ? "\n" : ",\n"}${JSON.stringify(item)}`);
    if (chunk) yield chunk;
  }
  out.add("\n]}\n");
  yield out.flush();
}
