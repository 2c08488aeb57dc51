import type { z } from "zod";
import type { PlanContext, PlannedCall, PlanOutcome } from "../planning/plan-types";
import { planSingleCall, unexpectedResultPart } from "../planning/single-call-plan";
import { resolveNodeNames } from "../reading/resolve-node-names";
import { resolveCall } from "../steps/call-resolution";
import { type AnswerPart, emptyPart } from "../writing/answer-document";
import { failurePart } from "../writing/failure-part";
import { formatFigure } from "../writing/format-figures";
import { nodePredictionsSchema, trainingSummaryDataSchema } from "./ml-result-shapes";
import { type MlPhrases, mlPhrasesOf } from "./phrases-ml";
import { headlineMetric } from "./write-training";

const summaryCall: PlannedCall = { toolName: "training_summary", input: {} };

/** The newest node classifier of this graph revision predicting `property` (any when null). */
function classifierFor(input: { context: PlanContext; summary: unknown; property: string | null }) {
  const summary = trainingSummaryDataSchema.safeParse(input.summary);
  if (!summary.success) return null;
  const { dataset_id, revision } = input.context.graph.description;
  return (
    summary.data.groups
      .filter(
        (g) =>
          g.task === "node_classification" &&
          g.dataset_id === dataset_id &&
          g.revision === revision,
      )
      .flatMap((g) => g.experiments)
      .filter((e) => input.property === null || e.config.label_property === input.property)
      .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))[0] ?? null
  );
}

function writePrediction(input: {
  data: z.infer<typeof nodePredictionsSchema>;
  ml: MlPhrases;
  testFigure: string;
  source: string;
}): AnswerPart | null {
  const prediction = input.data.predictions[0];
  if (!prediction) return null;
  const { ml } = input;
  const part = emptyPart({ succeeded: true });
  const probability = formatFigure(prediction.probabilities[prediction.label]);
  part.summary.push(
    ml.predicted(prediction.node_id, prediction.label, probability, input.data.model_id),
  );
  part.sections.push({
    heading: ml.titlePrediction,
    blocks: [
      {
        kind: "table",
        columns: [ml.columnClasses, ml.columnProbability],
        rows: Object.entries(prediction.probabilities)
          .sort(([, a], [, b]) => b - a)
          .map(([label, value]) => [label, formatFigure(value)]),
      },
    ],
  });
  part.notes.push(ml.predictionLabel, input.testFigure);
  part.sources.push(input.source);
  part.rounded = true;
  return part;
}

/**
 * "Predict <property> for <node>": the name is confirmed with search_node first and the model
 * is the stored classifier of this graph revision (training_summary, in the same batch); then
 * infer on that real model id. No model → an honest answer, never a guessed class.
 */
export function planPrediction(input: {
  context: PlanContext;
  property: string | null;
  node: string | null;
}): PlanOutcome {
  const { context } = input;
  const ml = mlPhrasesOf(context.reading.question);
  if (!input.node) {
    const part = emptyPart({ succeeded: false });
    part.summary.push(ml.whichNode);
    return { kind: "done", part };
  }
  const names = resolveNodeNames({ context, names: [input.node] });
  const summary = resolveCall({ steps: context.reading.steps, call: summaryCall });
  const pending = [
    ...(names.kind === "pending" ? names.calls : []),
    ...(summary.state === "todo" ? [summaryCall] : []),
  ];
  if (pending.length > 0) return { kind: "pending", calls: pending };
  if (names.kind === "problem") return { kind: "done", part: names.part };
  if (names.kind !== "resolved")
    return { kind: "done", part: unexpectedResultPart({ context, toolName: "search_node" }) };
  if (summary.state === "failed") {
    return {
      kind: "done",
      part: failurePart({
        step: summary.step,
        steps: context.reading.steps,
        phrases: context.phrases,
      }),
    };
  }
  const model =
    summary.state === "done"
      ? classifierFor({ context, summary: summary.envelope.data, property: input.property })
      : null;
  if (!model) {
    const part = emptyPart({ succeeded: false });
    part.summary.push(ml.noModelFor(input.property));
    return { kind: "done", part };
  }
  const node = names.nodes[0];
  const inferCall: PlannedCall = {
    toolName: "infer",
    input: { model_id: model.model_id, node_ids: [node.id] },
  };
  const headline = headlineMetric(model);
  return planSingleCall({
    context,
    call: inferCall,
    schema: nodePredictionsSchema,
    write: (data) =>
      writePrediction({
        data,
        ml,
        testFigure: `${model.model} ${model.model_id}: test ${headline.name} ${headline.value}`,
        source: `infer ${JSON.stringify(inferCall.input)}`,
      }) ?? unexpectedResultPart({ context, toolName: "infer" }),
  });
}
