import type { BaseContext, PlannedCall, PlanOutcome } from "../planning/plan-types";
import { planSingleCall } from "../planning/single-call-plan";
import { type AnswerPart, emptyPart } from "../writing/answer-document";
import { formatFigure } from "../writing/format-figures";
import { type TrainingSummaryData, trainingSummaryDataSchema } from "./ml-result-shapes";
import { mlPhrasesOf } from "./phrases-ml";
import { headlineMetric, protocolSentence } from "./write-training";

const summaryCall: PlannedCall = { toolName: "training_summary", input: {} };

type Experiment = TrainingSummaryData["groups"][number]["experiments"][number];
type Group = TrainingSummaryData["groups"][number];

function datasetLabel(group: Group): string {
  const name = group.dataset_name ?? group.dataset_id ?? "?";
  return group.revision !== null ? `${name} r${group.revision}` : name;
}

function splitLabel(group: Group): string {
  const { sizes } = group.split;
  return `${group.split.kind} ${sizes.train}/${sizes.val}/${sizes.test}`;
}

function writeEvaluation(context: BaseContext, data: TrainingSummaryData): AnswerPart {
  const ml = mlPhrasesOf(context.reading.question);
  const all = data.groups.flatMap((group) =>
    group.experiments.map((experiment) => ({ group, experiment })),
  );
  if (all.length === 0) {
    const part = emptyPart({ succeeded: false });
    part.summary.push(ml.noModels);
    return part;
  }
  const latest = all.reduce((a, b) => (b.experiment.created_at > a.experiment.created_at ? b : a));
  const { experiment, group } = latest;
  const part = emptyPart({ succeeded: true });
  const headline = headlineMetric(experiment);
  part.summary.push(
    ml.latestModel(
      experiment.model,
      experiment.model_id,
      headline.name,
      headline.value,
      datasetLabel(group),
    ),
  );
  part.summary.push(protocolSentence({ protocol: experiment.protocol, ml }));
  part.sources.push("training_summary {}");
  part.rounded = true;
  return part;
}

function groupTable(group: Group, ml: ReturnType<typeof mlPhrasesOf>) {
  const links = group.metric === "roc_auc";
  const figure = (experiment: Experiment, part: "val" | "test") =>
    formatFigure(links ? experiment.metrics[part].auc : experiment.metrics[part].accuracy);
  const name = links ? "ROC-AUC" : "accuracy";
  return {
    heading: ml.groupHeading(datasetLabel(group), group.task, splitLabel(group)),
    blocks: [
      {
        kind: "table" as const,
        columns: [
          ml.columnModel,
          ml.columnModelId,
          `${ml.partNames.val} ${name}`,
          `${ml.partNames.test} ${name}`,
          "seed",
        ],
        rows: group.experiments.map((experiment) => [
          experiment.model,
          experiment.model_id,
          figure(experiment, "val"),
          figure(experiment, "test"),
          String(experiment.protocol.seed),
        ]),
      },
    ],
  };
}

function writeComparison(context: BaseContext, data: TrainingSummaryData): AnswerPart {
  const ml = mlPhrasesOf(context.reading.question);
  if (data.model_count === 0) {
    const part = emptyPart({ succeeded: false });
    part.summary.push(ml.noModels);
    return part;
  }
  const part = emptyPart({ succeeded: true });
  part.summary.push(ml.compared(data.groups.length, data.model_count));
  // One table per comparable group: metrics of different datasets, tasks or splits never share
  // a column (JOB-5).
  for (const group of data.groups) part.sections.push(groupTable(group, ml));
  part.notes.push(ml.groupsNote);
  part.sources.push("training_summary {}");
  part.rounded = true;
  return part;
}

/** "How good is the model": the newest model's stored metrics and protocol (JOB-4). */
export function planEvaluateModel(input: { context: BaseContext }): PlanOutcome {
  return planSingleCall({
    context: input.context,
    call: summaryCall,
    schema: trainingSummaryDataSchema,
    write: (data) => writeEvaluation(input.context, data),
  });
}

/** "Compare the models": the training summary, one table per comparable group. */
export function planCompareModels(input: { context: BaseContext }): PlanOutcome {
  return planSingleCall({
    context: input.context,
    call: summaryCall,
    schema: trainingSummaryDataSchema,
    write: (data) => writeComparison(input.context, data),
  });
}
