import type { LocalRulesSessionState } from "@/lib/contracts/session-state-block";
import type { PlannedToolCall, ToolDescriptor } from "@/lib/contracts/tool-descriptor";
import type { GraphFact } from "./graph-fact";
import type { ModelFact } from "./read-model-fact";

/** Where the checks read real state from; each is asked only when a call needs it. */
export type PreconditionSources = {
  /** The session graph: this run's own results, else the engine asked now; null: unknown. */
  graph: () => Promise<GraphFact | null>;
  /** A model's record and saved weights. */
  model: (modelId: string) => Promise<ModelFact>;
};

function describeGraph(fact: GraphFact | null): string {
  if (!fact) return "graph loaded? could not be checked";
  if (!fact.loaded) return `graph loaded? no (${fact.source}) — this call needs a loaded graph`;
  const which = [
    fact.datasetId ? `dataset ${fact.datasetId}` : "a graph",
    fact.revision !== null ? `revision ${fact.revision}` : null,
    fact.nodes !== null && fact.edges !== null ? `${fact.nodes} nodes, ${fact.edges} edges` : null,
  ]
    .filter(Boolean)
    .join(", ");
  return `graph loaded? yes — ${which} (${fact.source})`;
}

function describeDataset(input: {
  datasetId: string;
  revision: unknown;
  state: LocalRulesSessionState | null;
  scopeDatasetIds: ReadonlySet<string>;
  builtThisRun: ReadonlyMap<string, number>;
}): string {
  const { datasetId, state } = input;
  if (!input.scopeDatasetIds.has(datasetId)) {
    return `dataset ${datasetId} in scope? no — the call is refused with DATASET_SCOPE_REQUIRED`;
  }
  const source = state?.construction_sources.find((entry) => entry.dataset_id === datasetId);
  const available = state?.available_constructed_datasets.find(
    (entry) => entry.dataset_id === datasetId,
  );
  const name = source?.name ?? available?.name;
  const built = input.builtThisRun.get(datasetId);
  const status =
    built !== undefined ? "ready" : (source?.construction_status ?? (available ? "ready" : "none"));
  const latest = built ?? source?.construction_revision ?? available?.construction_revision ?? null;
  const parts = [`dataset ${name ? `"${name}" ` : ""}${datasetId} in scope? yes`];
  parts.push(
    built !== undefined
      ? `construction ready, latest revision ${built} (built in this run)`
      : latest !== null
        ? `construction ${status}, latest revision ${latest}`
        : `construction ${status}, no revision yet`,
  );
  if (typeof input.revision === "number" && input.revision !== latest) {
    parts.push(`revision ${input.revision} asked for`);
  }
  return parts.join("; ");
}

function describeModel(modelId: string, fact: ModelFact): string {
  if (!fact.found) return `model ${modelId}: weights present? no — no such model of yours`;
  return fact.weightsPresent
    ? `model ${modelId}: weights present? yes (${fact.task}, ${fact.algorithm})`
    : `model ${modelId}: weights present? no — the record has no saved file`;
}

/**
 * Staged reasoning before a batch runs: for each call, the checks its preconditions need, made
 * against real state — the session graph (loaded? which dataset and revision?), the dataset in
 * scope and its construction, a model's weights — plus what the runtime will do about it
 * (approval pause, background job). One line per call, in batch order.
 */
export async function checkBatchPreconditions(input: {
  calls: readonly PlannedToolCall[];
  descriptors: ReadonlyMap<string, ToolDescriptor>;
  state: LocalRulesSessionState | null;
  scopeDatasetIds: ReadonlySet<string>;
  sources: PreconditionSources;
  /** Revisions this run's own results built, by dataset (revisionsFromResults). */
  builtThisRun?: ReadonlyMap<string, number>;
}): Promise<string[]> {
  const { calls, descriptors } = input;
  const catalogueOf = (call: PlannedToolCall) => descriptors.get(call.toolName)?.catalogue ?? null;
  // A loader puts a saved construction into the session graph (load, switch version): it reads
  // a construction and writes the graph. clear_graph writes the graph too, but loads nothing.
  const loaders = calls.filter((call) => {
    const resources = catalogueOf(call)?.resources;
    return (
      resources?.writes.includes("G") &&
      resources.reads.some((resource) => resource.startsWith("C:"))
    );
  });
  let graph: Promise<GraphFact | null> | null = null;
  const lines: string[] = [];
  for (const call of calls) {
    const catalogue = catalogueOf(call);
    const checks: string[] = [];
    if (call.toolName === "get_graph_info") checks.push("checks the session graph itself");
    else if (catalogue?.resources.reads.includes("G")) {
      const loader = loaders.find((other) => other !== call);
      if (loader) checks.push(`graph: ${loader.toolName} in this batch loads it first`);
      else {
        // One look at the graph per batch, however many calls read it.
        graph ??= input.sources.graph();
        checks.push(describeGraph(await graph));
      }
    }
    if (typeof call.args.dataset_id === "string") {
      checks.push(
        describeDataset({
          datasetId: call.args.dataset_id,
          revision: call.args.revision,
          state: input.state,
          scopeDatasetIds: input.scopeDatasetIds,
          builtThisRun: input.builtThisRun ?? new Map(),
        }),
      );
    }
    const readsModel = catalogue?.resources.reads.some((resource) => resource.startsWith("M:"));
    if (readsModel && typeof call.args.model_id === "string") {
      checks.push(describeModel(call.args.model_id, await input.sources.model(call.args.model_id)));
    }
    if (catalogue?.requires_approval) checks.push("needs your approval: the run pauses first");
    if (catalogue?.may_be_async) checks.push("may run as a background job; its result is awaited");
    if (checks.length === 0) checks.push("no preconditions to check");
    lines.push(`- ${call.toolName}: ${checks.join("; ")}.`);
  }
  return lines;
}
