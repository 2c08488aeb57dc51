import type { PlannedToolCall, ToolDescriptor } from "@/lib/contracts/tool-descriptor";
import { insertSorted } from "./insert-sorted";
import { type ResolvedResources, resolveResources } from "./resolve-resources";
import { callsConflict } from "./resource-conflict";

/** Descriptors by tool name, as the runtime knows them from discovery and workspace tools. */
export type ToolDescriptorLookup = ReadonlyMap<string, ToolDescriptor>;

/** One call of a batch with the earlier calls it must wait for. */
export type ToolDagNode = {
  call: PlannedToolCall;
  /** Resources after templates and `read_only_when`; null marks a barrier (undeclared tool). */
  resources: ResolvedResources | null;
  /** The catalogue says a human must approve the call before it runs (AP-1). */
  requiresApproval: boolean;
  /** Batch indices of earlier calls this one waits for, ascending, no duplicates. */
  dependsOn: number[];
};

/**
 * Builds the dependency DAG of one model turn's tool calls (DAG-1, DAG-2). Edges only ever point
 * from a call to EARLIER calls of the batch, so the model's order breaks every tie and the graph
 * is acyclic by construction. Rules, applied to each call `i` against earlier calls `j`:
 *
 * 1. Resource conflict — `j` writes what `i` reads or writes, or `j` reads what `i` writes → edge.
 *    Read/read never makes an edge. Edges are direct conflicts, not a transitive reduction, so a
 *    blocked call can name every conflicting prerequisite that let it down.
 * 2. Barrier — a tool without a descriptor or with `catalogue: null` waits for every earlier call
 *    and every later call waits for it. Calls before a barrier are reached through it, so calls
 *    after the barrier only get an edge to the barrier itself (and to conflicting calls between
 *    the barrier and them); a second barrier's edges likewise stop at the first.
 * 3. Approval chain — each approval-gated call waits for the previous gated call, so at most one
 *    call of a batch can ever be awaiting approval (AP-4) and which one is decided by batch order,
 *    not by timing.
 *
 * The cost is O(n²·r²) for n calls of r resources each; batches are a handful of calls.
 */
export function buildToolDag(input: {
  calls: readonly PlannedToolCall[];
  descriptors: ToolDescriptorLookup;
}): ToolDagNode[] {
  const nodes: ToolDagNode[] = [];
  let lastBarrier = -1;
  let lastGated = -1;
  for (const [index, call] of input.calls.entries()) {
    const entry = input.descriptors.get(call.toolName)?.catalogue ?? null;
    const resources = entry ? resolveResources({ entry, args: call.args }) : null;
    const requiresApproval = entry?.requires_approval ?? false;
    const dependsOn: number[] = [];
    if (lastBarrier >= 0) dependsOn.push(lastBarrier);
    for (let earlier = lastBarrier + 1; earlier < index; earlier += 1) {
      // Between two barriers every earlier call is declared, so only `resources` can be null.
      const earlierResources = nodes[earlier].resources as ResolvedResources;
      if (resources === null || callsConflict({ earlier: earlierResources, later: resources })) {
        dependsOn.push(earlier);
      }
    }
    if (requiresApproval) {
      // A gated call before the last barrier is already reached through the barrier.
      if (lastGated > lastBarrier && !dependsOn.includes(lastGated)) {
        insertSorted({ values: dependsOn, value: lastGated });
      }
      lastGated = index;
    }
    if (resources === null) lastBarrier = index;
    nodes.push({ call, resources, requiresApproval, dependsOn });
  }
  return nodes;
}
