import type { z } from "zod";
import type { PlanContext, PlannedCall, PlanOutcome } from "../planning/plan-types";
import { planSingleCall, unexpectedResultPart } from "../planning/single-call-plan";
import { resolveCall } from "../steps/call-resolution";
import type { EnvelopeView } from "../steps/tool-outcome";
import { type AnswerPart, emptyPart } from "../writing/answer-document";
import { failurePart } from "../writing/failure-part";
import { formatFigure } from "../writing/format-figures";
import { readData } from "../writing/result-shapes";
import type { LinkModelName, MlModelName } from "./detect-ml-intent";
import {
  acceptedJobSchema,
  linkPredictionsSchema,
  type TrainingResultData,
  trainingResultSchema,
  trainingSummaryDataSchema,
} from "./ml-result-shapes";
import { type MlPhrases, mlPhrasesOf } from "./phrases-ml";
import { writeTrainingPending, writeTrainingResult } from "./write-training";

// Link prediction: every property plus degree, PageRank and clustering, so a graph whose nodes
// carry nothing (karate) still has features; the feature schema records exactly what was used.
const linkFeatures = { properties: "all", structural: ["degree", "pagerank", "clustering"] };

/**
 * The train call of a node classifier. It names no features: the engine's defaults read every
 * usable node property, or the node-identity one-hot when the nodes carry only the label
 * (degree/PageRank/clustering alone left karate's club at chance), and the finished job says
 * which it used.
 */
export function trainClassifierCall(input: {
  labelProperty: string;
  model: MlModelName;
}): PlannedCall {
  return {
    toolName: "train",
    input: {
      task: "node_classification",
      model: input.model,
      label_property: input.labelProperty,
      seed: 42,
    },
  };
}

/** What a train call ended with: a finished result, an accepted job, or a failure part. */
export function readTraining(input: {
  context: PlanContext;
  call: PlannedCall;
}):
  | { kind: "todo" }
  | { kind: "done"; data: TrainingResultData }
  | { kind: "accepted"; jobId: string }
  | { kind: "problem"; part: AnswerPart } {
  const { context, call } = input;
  const state = resolveCall({ steps: context.reading.steps, call });
  if (state.state === "todo") return { kind: "todo" };
  if (state.state === "failed") {
    return {
      kind: "problem",
      part: failurePart({
        step: state.step,
        steps: context.reading.steps,
        phrases: context.phrases,
      }),
    };
  }
  const data = readData(trainingResultSchema, state.envelope);
  if (data) return { kind: "done", data };
  const accepted = readData(acceptedJobSchema, state.envelope);
  if (accepted) return { kind: "accepted", jobId: accepted.job_id };
  return { kind: "problem", part: unexpectedResultPart({ context, toolName: "train" }) };
}

function sourceOf(call: PlannedCall, envelope?: EnvelopeView): string {
  return `${call.toolName} ${JSON.stringify(call.input)}${envelope?.message ? ` — ${envelope.message}` : ""}`;
}

/**
 * "Train a node classifier to predict <property>": the graph is verified first (Step A); the
 * train tool itself checks labels, features and split before any job exists (TC-2) and its
 * failure is explained with the engine's reason. The explicit request is the authorisation
 * (AP-1): no approval is asked. The answer cites the finished job's model id, metrics and
 * protocol — or, while the job is unfinished, only that it runs.
 */
export function planTrainClassifier(input: {
  context: PlanContext;
  labelProperty: string | null;
  model: MlModelName;
}): PlanOutcome {
  const ml = mlPhrasesOf(input.context.reading.question);
  if (!input.labelProperty) {
    const part = emptyPart({ succeeded: false });
    part.summary.push(ml.askLabelProperty);
    return { kind: "done", part };
  }
  const call = trainClassifierCall({ labelProperty: input.labelProperty, model: input.model });
  const training = readTraining({ context: input.context, call });
  switch (training.kind) {
    case "todo":
      return { kind: "pending", calls: [call] };
    case "problem":
      return { kind: "done", part: training.part };
    case "accepted":
      return {
        kind: "done",
        part: writeTrainingPending({ jobId: training.jobId, ml, source: sourceOf(call) }),
      };
    case "done":
      return {
        kind: "done",
        part: writeTrainingResult({ data: training.data, ml, source: sourceOf(call) }),
      };
  }
}

/**
 * The link-prediction model of this graph revision in a training summary, newest first; of the
 * encoder the question named, when it named one (asking for a VGAE must not reuse a GCN).
 */
function existingLinkModel(input: {
  context: PlanContext;
  summary: unknown;
  model: LinkModelName | null;
}): string | null {
  const summary = trainingSummaryDataSchema.safeParse(input.summary);
  if (!summary.success) return null;
  const { dataset_id, revision } = input.context.graph.description;
  const experiments = summary.data.groups
    .filter(
      (group) =>
        group.task === "link_prediction" &&
        group.dataset_id === dataset_id &&
        group.revision === revision,
    )
    .flatMap((group) => group.experiments)
    .filter((experiment) => input.model === null || experiment.model === input.model)
    .sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
  return experiments[0]?.model_id ?? null;
}

function writeLinks(input: {
  data: z.infer<typeof linkPredictionsSchema>;
  ml: MlPhrases;
  trainedId: string | null;
  source: string;
}): AnswerPart {
  const part = emptyPart({ succeeded: true });
  const { ml } = input;
  if (input.trainedId) part.summary.push(ml.trainedForLinks(input.trainedId));
  part.summary.push(ml.linksPredicted(input.data.predictions.length, input.data.model_id));
  part.sections.push({
    heading: ml.titlePrediction,
    blocks: [
      {
        kind: "table",
        columns: [ml.columnPair, ml.columnProbability],
        rows: input.data.predictions.map((p) => [
          `${p.source} – ${p.target}`,
          formatFigure(p.probability),
        ]),
      },
    ],
  });
  part.notes.push(ml.predictionLabel);
  part.sources.push(input.source);
  part.rounded = true;
  return part;
}

/**
 * "Predict missing links": reuse this revision's link-prediction model from the training
 * summary, or train one (the request to predict is the authorisation, AP-1), then infer the
 * most likely missing links with it.
 */
export function planMissingLinks(input: {
  context: PlanContext;
  model: LinkModelName | null;
}): PlanOutcome {
  const { context } = input;
  const ml = mlPhrasesOf(context.reading.question);
  const summaryCall: PlannedCall = { toolName: "training_summary", input: {} };
  const summary = resolveCall({ steps: context.reading.steps, call: summaryCall });
  if (summary.state === "todo") return { kind: "pending", calls: [summaryCall] };
  let modelId =
    summary.state === "done"
      ? existingLinkModel({ context, summary: summary.envelope.data, model: input.model })
      : null;
  let trainedId: string | null = null;
  if (!modelId) {
    const call: PlannedCall = {
      toolName: "train",
      input: {
        task: "link_prediction",
        model: input.model ?? "gcn",
        features: linkFeatures,
        seed: 42,
      },
    };
    const training = readTraining({ context, call });
    if (training.kind === "todo") return { kind: "pending", calls: [call] };
    if (training.kind === "problem") return { kind: "done", part: training.part };
    if (training.kind === "accepted") {
      return {
        kind: "done",
        part: writeTrainingPending({ jobId: training.jobId, ml, source: sourceOf(call) }),
      };
    }
    modelId = training.data.model_id;
    trainedId = modelId;
  }
  const inferCall: PlannedCall = { toolName: "infer", input: { model_id: modelId, top_k: 10 } };
  return planSingleCall({
    context,
    call: inferCall,
    schema: linkPredictionsSchema,
    write: (data) => writeLinks({ data, ml, trainedId, source: sourceOf(inferCall) }),
  });
}
