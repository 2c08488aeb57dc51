import { resolveNodeNames } from "../reading/resolve-node-names";
import { canonicalJson, resolveCall } from "../steps/call-resolution";
import { type AnswerPart, emptyPart } from "../writing/answer-document";
import { failurePart } from "../writing/failure-part";
import {
  graphDescriptionSchema,
  type OptimizationData,
  optimizationDataSchema,
  readData,
} from "../writing/result-shapes";
import type { JsonObject, PlanContext, PlannedCall, PlanOutcome } from "./plan-types";
import { unexpectedResultPart } from "./single-call-plan";

function readEffect(data: unknown): OptimizationData | null {
  const parsed = optimizationDataSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

function effectFigures(effect: OptimizationData["effect"]) {
  return {
    nodesRemoved: effect.nodesRemoved,
    edgesRemoved: effect.edgesRemoved,
    nodesMerged: effect.nodesMerged ?? 0,
    before: effect.before,
    after: effect.after,
  };
}

function done(part: AnswerPart): PlanOutcome {
  return { kind: "done", part };
}

/** After the commit (AP-5): verify the newest version the engine now has loaded. */
function verifyCommit(input: {
  context: PlanContext;
  result: AnswerPart;
  commitTurn: number;
  savedRevision?: number;
}) {
  const { context, result } = input;
  const { steps } = context.reading;
  const verify: PlannedCall = { toolName: "get_graph_info", input: {} };
  const state = resolveCall({ steps, call: verify, afterTurn: input.commitTurn });
  if (state.state === "todo") return { kind: "pending" as const, calls: [verify] };
  if (state.state === "failed") {
    const failure = failurePart({ step: state.step, steps, phrases: context.phrases });
    result.summary.push(...failure.summary);
    result.notes.push(...failure.notes);
    return done(result);
  }
  const verified = readData(graphDescriptionSchema, state.envelope);
  const revision = verified?.revision ?? undefined;
  if (!verified?.loaded) {
    result.summary.push(context.phrases.commitNotVerified);
  } else if (input.savedRevision !== undefined && revision !== input.savedRevision) {
    // The check exists to catch exactly this: say it, never present the old graph as the new.
    result.summary.push(context.phrases.commitVerifyMismatch(input.savedRevision, revision));
  } else {
    result.summary.push(
      context.phrases.commitVerified({ revision, nodes: verified.nodes, edges: verified.edges }),
    );
  }
  result.sources.push("get_graph_info {}");
  return done(result);
}

/** Preview, then (with the preview explained) the commit of exactly the same arguments. */
function previewAndCommit(input: {
  context: PlanContext;
  args: JsonObject & { dataset_id: string; base_revision: number };
  nameNotes: string[];
}): PlanOutcome {
  const { context, args } = input;
  const p = context.phrases;
  const { steps } = context.reading;
  const source = (toolName: string) => `${toolName} ${JSON.stringify(args)}`;
  const preview: PlannedCall = { toolName: "preview_graph_optimization", input: args };
  const previewState = resolveCall({ steps, call: preview });
  if (previewState.state === "todo") return { kind: "pending", calls: [preview] };
  if (previewState.state === "failed") {
    return done(failurePart({ step: previewState.step, steps, phrases: p }));
  }
  const previewed = readEffect(previewState.envelope.data);
  if (!previewed) return done(unexpectedResultPart({ context, toolName: preview.toolName }));
  const figures = effectFigures(previewed.effect);
  const dataset = args.dataset_id;
  const explanation = emptyPart({ succeeded: true });
  explanation.summary.push(p.previewSummary({ dataset, revision: args.base_revision, ...figures }));
  explanation.notes.push(...input.nameNotes, ...(previewed.warnings ?? []));
  explanation.sources.push(source(preview.toolName));
  const changes = figures.nodesRemoved + figures.edgesRemoved + figures.nodesMerged;
  if (changes === 0 && (previewed.effect.propertiesSet ?? 0) === 0) {
    explanation.summary.push(p.previewNoChange);
    return done(explanation);
  }

  const commit: PlannedCall = { toolName: "commit_graph_optimization", input: args };
  const commitState = resolveCall({ steps, call: commit });
  if (commitState.state === "todo") {
    const ask = { ...explanation, summary: [...explanation.summary, p.commitNeedsApproval] };
    return { kind: "pending", calls: [commit], explanation: ask };
  }
  if (commitState.state === "failed") {
    return done(failurePart({ step: commitState.step, steps, phrases: p }));
  }
  const committed = readEffect(commitState.envelope.data);
  // What ran, from the commit's own result: a reviewer may have modified the proposal (AP-3),
  // and the answer must describe and cite the operations that were saved, not the plan.
  const ran = committed
    ? {
        dataset_id: committed.dataset_id,
        base_revision: committed.base_revision,
        operations: committed.operations ?? args.operations,
      }
    : args;
  const result = emptyPart({ succeeded: true });
  result.summary.push(
    p.commitSummary({
      dataset: ran.dataset_id,
      baseRevision: ran.base_revision,
      revision: committed?.revision,
      ...effectFigures((committed ?? previewed).effect),
    }),
  );
  if (canonicalJson(ran) !== canonicalJson(args)) {
    result.summary.push(p.commitRanModified(JSON.stringify(ran.operations)));
  } else {
    result.notes.push(...input.nameNotes);
  }
  result.sources.push(`${commit.toolName} ${JSON.stringify(ran)}`);
  return verifyCommit({
    context,
    result,
    commitTurn: commitState.step.turn,
    savedRevision: committed?.revision,
  });
}

/**
 * Optimisation (AP-5): confirm named nodes with search_node, preview the operations on the
 * loaded revision (no saved effect), explain the preview while asking for the commit (which the
 * runtime pauses for approval), then verify the newly loaded version with get_graph_info.
 */
export function planOptimization(input: {
  context: PlanContext;
  dropIsolated: boolean;
  removeNames: string[];
}): PlanOutcome {
  const { context } = input;
  const p = context.phrases;
  const graph = context.graph.description;
  if (!input.dropIsolated && input.removeNames.length === 0) {
    const part = emptyPart({ succeeded: false });
    part.summary.push(p.optimizationUnspecified);
    return done(part);
  }
  if (!graph.dataset_id || typeof graph.revision !== "number") {
    const part = emptyPart({ succeeded: false });
    part.summary.push(p.optimizationNeedsSavedRevision);
    return done(part);
  }
  const names = resolveNodeNames({ context, names: input.removeNames });
  if (names.kind === "pending") return { kind: "pending", calls: names.calls };
  if (names.kind === "problem") return done(names.part);
  const operations: JsonObject[] = [];
  if (names.nodes.length > 0) {
    operations.push({ op: "remove_nodes", node_ids: names.nodes.map((node) => node.id) });
  }
  if (input.dropIsolated) operations.push({ op: "drop_isolated" });
  return previewAndCommit({
    context,
    args: { dataset_id: graph.dataset_id, base_revision: graph.revision, operations },
    nameNotes: names.nodes.flatMap((node) => (node.note ? [node.note] : [])),
  });
}
