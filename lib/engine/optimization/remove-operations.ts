import type { EdgeReference } from "@/lib/contracts/optimization-operation";
import type { GraphEditState } from "./graph-edit-state";

/** remove_nodes: the nodes and every edge attached to them. */
export function removeNodes({
  state,
  nodeIds,
  context,
}: {
  state: GraphEditState;
  nodeIds: readonly string[];
  context: string;
}): void {
  const nodes = state.resolve(nodeIds, context);
  for (const node of nodes) state.removeNode(node);
  state.counts.nodesRemoved += nodes.length;
  state.removeDanglingEdges();
}

/** drop_isolated: every node without an edge (a self-loop counts as an edge, as in NetworkX). */
export function dropIsolated({ state, context }: { state: GraphEditState; context: string }): void {
  const connected = new Uint8Array(state.nodeAlive.length);
  for (let edge = 0; edge < state.edgeAlive.length; edge++) {
    if (!state.edgeAlive[edge]) continue;
    connected[state.sources[edge]] = 1;
    connected[state.targets[edge]] = 1;
  }
  let removed = 0;
  for (let node = 0; node < connected.length; node++) {
    if (state.nodeAlive[node] && !connected[node]) {
      state.removeNode(node);
      removed++;
    }
  }
  state.counts.nodesRemoved += removed;
  if (removed === 0) state.warn(`${context}: the graph has no isolated nodes.`);
}

/**
 * remove_edges: for each reference, every edge from source to target (either way round in an
 * undirected graph), of the given type when one is named. References matching nothing are
 * warnings, not errors: the edge may already be gone, which is the state asked for.
 */
export function removeEdges({
  state,
  edges,
  context,
}: {
  state: GraphEditState;
  edges: readonly EdgeReference[];
  context: string;
}): void {
  const endpointIds = edges.flatMap((edge) => [edge.source, edge.target]);
  state.resolve(endpointIds, context);
  const nodeCount = state.nodeAlive.length;
  const { directed, edgeTypeNames, edgeTypeIndex } = state.graph;
  // Pair key → reference positions; a numeric key (s·n + t) keeps the million-edge pass free of
  // string building. n² < 2^53 for any graph that fits in memory.
  const byPair = new Map<number, number[]>();
  const isEndpoint = new Uint8Array(nodeCount);
  const pairKey = (source: number, target: number) =>
    !directed && target < source ? target * nodeCount + source : source * nodeCount + target;
  edges.forEach((reference, position) => {
    const source = state.ids.indexOfOrThrow(reference.source);
    const target = state.ids.indexOfOrThrow(reference.target);
    isEndpoint[source] = 1;
    const key = pairKey(source, target);
    const list = byPair.get(key);
    if (list) list.push(position);
    else byPair.set(key, [position]);
    if (!directed) isEndpoint[target] = 1;
  });
  const typeMatches = edges.map((reference) => typeMatcher(reference.type, edgeTypeNames));
  const matched = new Uint8Array(edges.length);
  for (let edge = 0; edge < state.edgeAlive.length; edge++) {
    if (!state.edgeAlive[edge] || !isEndpoint[state.sources[edge]]) continue;
    const positions = byPair.get(pairKey(state.sources[edge], state.targets[edge]));
    if (!positions) continue;
    for (const position of positions) {
      if (!typeMatches[position](edgeTypeIndex[edge])) continue;
      matched[position] = 1;
      state.removeEdge(edge);
      state.touchNode(state.sources[edge]);
      state.touchNode(state.targets[edge]);
    }
  }
  const unmatched = edges.filter((_, position) => !matched[position]);
  if (unmatched.length > 0) {
    const named = unmatched
      .slice(0, 5)
      .map((edge) => `${edge.source} → ${edge.target}${edge.type ? ` (${edge.type})` : ""}`)
      .join(", ");
    const more = unmatched.length > 5 ? ` and ${unmatched.length - 5} more` : "";
    state.warn(`${context}: no edge matched ${named}${more}.`);
  }
}

/** Whether an edge type index satisfies a reference's optional type (exact, else any case). */
function typeMatcher(
  type: string | undefined,
  typeNames: readonly string[],
): (typeIndex: number) => boolean {
  if (type === undefined) return () => true;
  let wanted = typeNames.indexOf(type);
  if (wanted < 0) wanted = typeNames.findIndex((name) => name.toLowerCase() === type.toLowerCase());
  return (typeIndex) => typeIndex === wanted;
}
