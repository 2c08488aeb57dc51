import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import type { ComponentsResult } from "./connected-components";
import { groupSizes } from "./partition-summary";
import { checkpoint, checkpointMask } from "./work-checkpoint";

/**
 * Strongly connected components by Tarjan's algorithm, iterative (an explicit call stack of
 * nodes and per-node edge cursors) so a long chain cannot overflow the JS stack. Components
 * come out in reverse topological order of the condensation. For an undirected graph they
 * equal the connected components.
 */
export function stronglyConnectedComponents({
  csr,
  control,
}: {
  csr: CsrGraph;
  control?: WorkControl;
}): ComponentsResult {
  const n = csr.nodeCount;
  // Read once: an imported binding can compile to a getter call, too dear in a hot loop.
  const mask = checkpointMask;
  const { offsets, neighbours } = csr.outgoing;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack = new Int32Array(n);
  const callStack = new Int32Array(n);
  const cursor = new Int32Array(n);
  const componentOf = new Int32Array(n).fill(-1);
  let stackSize = 0;
  let counter = 0;
  let count = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    // "Calling" a node = numbering it, stacking it and pushing it on the call stack; the same
    // steps run for the root here and for each tree edge below.
    index[root] = counter;
    low[root] = counter++;
    stack[stackSize++] = root;
    onStack[root] = 1;
    cursor[root] = offsets[root];
    callStack[0] = root;
    let depth = 1;
    while (depth > 0) {
      const v = callStack[depth - 1];
      if (cursor[v] < offsets[v + 1]) {
        const w = neighbours[cursor[v]++];
        if (index[w] === -1) {
          index[w] = counter;
          low[w] = counter++;
          stack[stackSize++] = w;
          onStack[w] = 1;
          cursor[w] = offsets[w];
          callStack[depth++] = w;
          if ((counter & mask) === 1) checkpoint(control, counter / n, "strong-components");
        } else if (onStack[w] === 1 && index[w] < low[v]) low[v] = index[w];
        continue;
      }
      depth--;
      if (low[v] === index[v]) {
        // v is the root of a component: everything above it on the stack belongs to it.
        const component = count++;
        let w: number;
        do {
          w = stack[--stackSize];
          onStack[w] = 0;
          componentOf[w] = component;
        } while (w !== v);
      }
      if (depth > 0) {
        const parent = callStack[depth - 1];
        if (low[v] < low[parent]) low[parent] = low[v];
      }
    }
  }
  return { componentOf, count, sizes: groupSizes({ groupOf: componentOf, count }) };
}
