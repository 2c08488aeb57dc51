import type { Properties, PropertyValue } from "../graph/graph-data";
import type { GraphEditState } from "./graph-edit-state";

/**
 * merge_nodes: every edge of the merged nodes is re-pointed to `into`; an edge that thereby
 * becomes a self-loop of `into` is dropped (it was internal to the merged group), while a
 * self-loop `into` already had stays. `into` keeps its id, type, label and properties and gains
 * the properties it lacked, taken from the merged nodes in the order given. Parallel edges the
 * merge creates are kept: the graph is a multigraph and their weights still mean something.
 */
export function mergeNodes({
  state,
  nodeIds,
  into,
  context,
}: {
  state: GraphEditState;
  nodeIds: readonly string[];
  into: string;
  context: string;
}): void {
  // One resolve over all ids, so an error names every unknown one, `into` included.
  const [target, ...rest] = state.resolve([into, ...nodeIds], context);
  const merged = rest.filter((node) => node !== target);
  if (merged.length === 0) {
    state.warn(`${context}: nothing to merge into "${into}".`);
    return;
  }
  const isMerged = new Uint8Array(state.nodeAlive.length);
  for (const node of merged) isMerged[node] = 1;
  let droppedLoops = 0;
  for (let edge = 0; edge < state.edgeAlive.length; edge++) {
    if (!state.edgeAlive[edge]) continue;
    const fromMerged = isMerged[state.sources[edge]] === 1;
    const toMerged = isMerged[state.targets[edge]] === 1;
    if (!fromMerged && !toMerged) continue;
    if (fromMerged) state.sources[edge] = target;
    if (toMerged) state.targets[edge] = target;
    if (state.sources[edge] === target && state.targets[edge] === target) {
      state.removeEdge(edge);
      droppedLoops++;
    } else {
      state.touchEdge(edge);
    }
  }
  state.properties[target] = mergeProperties(
    state.properties[target],
    merged.map((node) => state.properties[node]),
  );
  state.touchNode(target);
  for (const node of merged) state.removeNode(node);
  state.counts.nodesMerged += merged.length;
  if (droppedLoops > 0) {
    state.warn(`${context}: dropped ${droppedLoops} edge(s) that became self-loops of "${into}".`);
  }
}

/** `into`'s properties plus, for keys it lacks, the first value among the others. */
function mergeProperties(into: Properties, others: readonly Properties[]): Properties {
  const entries: [string, PropertyValue][] = into ? Object.entries(into) : [];
  const present = new Set(entries.map(([key]) => key));
  for (const properties of others) {
    if (!properties) continue;
    for (const [key, value] of Object.entries(properties)) {
      if (present.has(key)) continue;
      present.add(key);
      entries.push([key, value]);
    }
  }
  // fromEntries defines own properties, so even a "__proto__" key stays plain data.
  return entries.length > 0 ? Object.fromEntries(entries) : into;
}
