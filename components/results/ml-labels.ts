import type { z } from "zod";
import type { splitDescriptionSchema } from "@/lib/contracts/ml-models";

// How the ML results view names tasks, splits and metrics: one place, so the job list, the
// comparison and the model page describe the same experiment in the same words.

type SplitDescription = z.infer<typeof splitDescriptionSchema>;

const taskLabels: Record<string, string> = {
  node_classification: "Node classification",
  link_prediction: "Link prediction",
};

const metricLabels: Record<string, string> = { accuracy: "Accuracy", roc_auc: "ROC-AUC" };

/** A task's display name. */
export function taskLabel(task: string | null | undefined): string {
  if (!task) return "—";
  return taskLabels[task] ?? task;
}

/** A headline metric's display name. */
export function metricLabel(metric: string): string {
  return metricLabels[metric] ?? metric;
}

/** A split as one line: how it was made and its part sizes (the seed, when it drew the split). */
export function splitLabel(split: SplitDescription & { seed?: unknown }): string {
  const sizes = `${split.sizes.train}/${split.sizes.val}/${split.sizes.test}`;
  const seed = typeof split.seed === "number" ? `, seed ${split.seed}` : "";
  if (split.kind === "property") return `property “${split.property ?? "split"}”, ${sizes}`;
  if (split.kind === "edges") return `held-out edges, ${sizes}${seed}`;
  return `stratified, ${sizes}${seed}`;
}

/** A split as a train job asked for it (before any record exists). */
export function requestedSplitLabel(split: Record<string, unknown> | null): string {
  if (!split) return "default";
  const kind = typeof split.kind === "string" ? split.kind : "custom";
  if (kind === "property") {
    return `property “${typeof split.property === "string" ? split.property : "split"}”`;
  }
  return kind;
}

/** A metric value as the view shows it: 4 significant digits, like the chat's answers. */
export function formatMetric(value: number | undefined | null): string {
  return typeof value === "number" && Number.isFinite(value) ? value.toPrecision(4) : "—";
}

/** A short model id for a table cell (the full id is in the link and its title). */
export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}
