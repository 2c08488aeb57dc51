import type { PlanOutcome, VerifiedGraph } from "../planning/plan-types";
import type { Phrases } from "../reading/phrases";
import type { PromptReading } from "../reading/read-prompt";
import { type AnswerPart, emptyPart } from "../writing/answer-document";
import { failurePart } from "../writing/failure-part";
import { constructionDataSchema, graphDescriptionSchema, readData } from "../writing/result-shapes";
import { latestStep } from "./call-resolution";
import { type DatasetInScope, datasetInScope, datasetNameOf } from "./dataset-scope";

/** Step A's verdict: a verified session graph, or the next thing to do about it. */
export type Readiness =
  | { kind: "ready"; graph: VerifiedGraph }
  | { kind: "plan"; outcome: PlanOutcome };

type ReadinessInput = {
  reading: PromptReading;
  phrases: Phrases;
  /** "inspect" only looks (state check); "analysis" loads or builds what is in scope. */
  mode: "inspect" | "analysis";
};

function call(toolName: string, input: Record<string, string | number>): Readiness {
  return { kind: "plan", outcome: { kind: "pending", calls: [{ toolName, input }] } };
}

function answer(part: AnswerPart): Readiness {
  return { kind: "plan", outcome: { kind: "done", part } };
}

function scopeLabel(scope: DatasetInScope): string {
  return scope.name ? `"${scope.name}" (${scope.datasetId})` : scope.datasetId;
}

/** What to do with the dataset in scope: load a ready one, build one that has none (SS-3). */
function actOnScope(scope: DatasetInScope, phrases: Phrases): Readiness {
  switch (scope.status) {
    case "ready":
      return call("load_constructed_graph", {
        dataset_id: scope.datasetId,
        ...(scope.revision !== null ? { revision: scope.revision } : {}),
      });
    case "none":
    case "failed":
      return call("construct_graph", { dataset_id: scope.datasetId });
    case "building": {
      const part = emptyPart({ succeeded: false });
      part.summary.push(phrases.datasetBuilding(scopeLabel(scope)));
      return answer(part);
    }
    case "unknown":
      // The tool loads the newest ready revision, or fails with a clear code when none exists.
      return call("load_constructed_graph", { dataset_id: scope.datasetId });
  }
}

/** The answer when no graph is loaded: what is in scope and how to get a graph (SS-5). */
function noGraphPart(input: ReadinessInput, scope: DatasetInScope | null): AnswerPart {
  const { phrases, reading } = input;
  const part = emptyPart({ succeeded: false });
  part.summary.push(phrases.noGraphLoaded);
  const available = reading.state?.available_constructed_datasets ?? [];
  if (scope) {
    part.notes.push(phrases.scopeNotLoaded(scopeLabel(scope), scope.status, scope.revision));
  } else if (available.length > 1) {
    part.notes.push(
      phrases.chooseDataset(
        available.map(
          (dataset) =>
            `"${dataset.name}" (${dataset.dataset_id}, r${dataset.construction_revision})`,
        ),
      ),
    );
  } else {
    part.notes.push(phrases.attachOrConstruct);
  }
  part.sources.push("get_graph_info");
  return part;
}

function verified(input: ReadinessInput, toolName: string, data: unknown): Readiness | null {
  const description = graphDescriptionSchema.safeParse(data);
  if (!description.success || !description.data.loaded) return null;
  return {
    kind: "ready",
    graph: {
      description: description.data,
      verifiedBy: toolName,
      datasetName: datasetNameOf({
        state: input.reading.state,
        datasetId: description.data.dataset_id,
      }),
    },
  };
}

/**
 * Step A: make sure this question works on a verified graph. Loads a ready dataset (never
 * rebuilds it), builds one with no usable construction, or checks the session graph with
 * get_graph_info when nothing is in scope or the backend believes a graph is already loaded.
 */
export function planGraphReadiness(input: ReadinessInput): Readiness {
  const { reading, phrases, mode } = input;
  const { steps } = reading;
  const scope = datasetInScope({ state: reading.state });

  const load = latestStep({ steps, toolName: "load_constructed_graph" });
  if (load) {
    if (load.outcome.kind !== "success") return answer(failurePart({ step: load, steps, phrases }));
    const ready = verified(input, load.toolName, load.outcome.envelope.data);
    if (ready) return ready;
    return answer(noGraphPart(input, scope));
  }

  const construct = latestStep({ steps, toolName: "construct_graph" });
  if (construct) {
    if (construct.outcome.kind !== "success") {
      return answer(failurePart({ step: construct, steps, phrases }));
    }
    const built = readData(constructionDataSchema, construct.outcome.envelope);
    const datasetId = String(construct.input.dataset_id ?? "");
    if (built?.construction.status !== "ready") {
      const part = emptyPart({ succeeded: false });
      part.summary.push(phrases.constructionNotReady(datasetId, built?.construction.status));
      part.notes.push(phrases.nextFixFile);
      return answer(part);
    }
    return call("load_constructed_graph", {
      dataset_id: datasetId,
      revision: built.construction.revision,
    });
  }

  // The first check is Step A's; later get_graph_info calls verify a commit (AP-5).
  const info = steps.find((step) => step.toolName === "get_graph_info");
  if (info) {
    if (info.outcome.kind !== "success") return answer(failurePart({ step: info, steps, phrases }));
    const ready = verified(input, info.toolName, info.outcome.envelope.data);
    const loadedDataset = ready?.kind === "ready" ? ready.graph.description.dataset_id : null;
    if (ready && (mode === "inspect" || !scope || loadedDataset === scope.datasetId)) return ready;
    if (mode === "analysis" && scope) return actOnScope(scope, phrases);
    return answer(noGraphPart(input, scope));
  }

  if (scope) {
    if (scope.source === "attachment") return actOnScope(scope, phrases);
    // A hinted graph may be an optimised or sub-graph version the user is working on: verify
    // it instead of replacing it with a fresh load.
    if (
      mode === "analysis" &&
      reading.state?.graph_loaded_hint !== true &&
      scope.status !== "unknown"
    ) {
      return actOnScope(scope, phrases);
    }
  }
  return call("get_graph_info", {});
}
