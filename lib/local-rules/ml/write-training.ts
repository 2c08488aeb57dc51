import { type AnswerPart, emptyPart } from "../writing/answer-document";
import { formatFigure } from "../writing/format-figures";
import type { TrainingResultData } from "./ml-result-shapes";
import type { MlPhrases } from "./phrases-ml";

type Metrics = TrainingResultData["metrics"];
type Protocol = TrainingResultData["protocol"];

/** The headline test figure of a result, by its protocol's metric. */
export function headlineMetric(input: { metrics: Metrics; protocol: Protocol }) {
  const { metrics, protocol } = input;
  return protocol.metric === "roc_auc"
    ? { name: "ROC-AUC", value: formatFigure(metrics.test.auc) }
    : { name: "accuracy", value: formatFigure(metrics.test.accuracy) };
}

/** The evaluation protocol as one sentence: split and sizes, metric, seed, epochs (TC-2). */
export function protocolSentence(input: { protocol: Protocol; ml: MlPhrases }): string {
  const { protocol, ml } = input;
  const { sizes } = protocol.split;
  const run = ml.epochsRun(protocol.epochsRun, protocol.maxEpochs);
  const epochs =
    protocol.keptEpoch !== undefined
      ? `${run}, ${ml.keptEpoch(protocol.keptEpoch, protocol.early_stopping?.criterion)}`
      : run;
  return input.ml.protocol({
    split: protocol.split.kind,
    sizes: `${sizes.train}/${sizes.val}/${sizes.test}`,
    metric: protocol.metric === "roc_auc" ? "ROC-AUC" : "accuracy",
    seed: protocol.seed,
    epochs,
  });
}

/** The metrics table of a finished training. */
function metricsTable(input: { metrics: Metrics; protocol: Protocol; ml: MlPhrases }) {
  const links = input.protocol.metric === "roc_auc";
  const columns = links
    ? [input.ml.columnPart, "ROC-AUC", "AP"]
    : [input.ml.columnPart, "accuracy", "macro-F1"];
  const rows = (["train", "val", "test"] as const).map((part) => {
    const m = input.metrics[part];
    return links
      ? [input.ml.partNames[part], formatFigure(m.auc), formatFigure(m.ap)]
      : [input.ml.partNames[part], formatFigure(m.accuracy), formatFigure(m.macro_f1)];
  });
  return { kind: "table" as const, columns, rows };
}

/** A finished training: the real model id, the final metrics and the protocol (JOB-4). */
export function writeTrainingResult(input: {
  data: TrainingResultData;
  ml: MlPhrases;
  source: string;
}): AnswerPart {
  const { data, ml } = input;
  const part = emptyPart({ succeeded: true });
  const headline = headlineMetric(data);
  part.summary.push(ml.trained(data.model, data.model_id, headline.name, headline.value));
  part.summary.push(protocolSentence({ protocol: data.protocol, ml }));
  // Which features, and whether every class is in every part: the defaults are said, not hidden.
  const { features, split } = data.protocol;
  if (features)
    part.summary.push(ml.featuresUsed({ ...features, properties: features.propertyCount }));
  if (split.classCounts) {
    const missing = (["train", "val", "test"] as const).flatMap((name) =>
      Object.entries(split.classCounts?.[name] ?? {})
        .filter(([, count]) => count === 0)
        .map(([className]) => ({ part: ml.partNames[name], name: className })),
    );
    part.summary.push(ml.classCoverage(missing));
  }
  part.sections.push({ heading: ml.metricsHeading, blocks: [metricsTable({ ...data, ml })] });
  if (data.classes && data.classes.length > 0) {
    part.sections[0].blocks.push({
      kind: "paragraph",
      text: `${ml.columnClasses}: ${data.classes.join(", ")}`,
    });
  }
  part.sources.push(input.source);
  part.rounded = true;
  return part;
}

/** A training that is accepted but not finished: its job, and no accuracy (JOB-4). */
export function writeTrainingPending(input: { jobId: string; ml: MlPhrases; source: string }) {
  const part = emptyPart({ succeeded: true });
  part.summary.push(input.ml.trainingSubmitted(input.jobId));
  part.notes.push(input.ml.noAccuracyYet);
  part.sources.push(input.source);
  return part;
}
