import type { PropertyValue } from "../graph/graph-data";
import type { GraphEditState } from "./graph-edit-state";

/** set_property: the key set to the value on each node (a copy; the input is never written). */
export function setProperty({
  state,
  nodeIds,
  key,
  value,
  context,
}: {
  state: GraphEditState;
  nodeIds: readonly string[];
  key: string;
  value: PropertyValue;
  context: string;
}): void {
  const nodes = state.resolve(nodeIds, context);
  for (const node of nodes) {
    const current = state.properties[node];
    const entries = Object.entries(current ?? {});
    const at = entries.findIndex(([name]) => name === key);
    // An existing key keeps its place, so property order (and table columns) stays stable.
    if (at >= 0) entries[at] = [key, value];
    else entries.push([key, value]);
    // fromEntries defines own properties, so no key can reach the prototype.
    state.properties[node] = Object.fromEntries(entries);
    state.touchNode(node);
  }
  state.counts.propertiesSet += nodes.length;
}
