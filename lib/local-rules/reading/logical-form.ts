import type { ConversationReference } from "../conversation/conversation-reference";
import { detectLanguage } from "../writing/answer-language";
import type { AnalysisIntent, QuestionIntent } from "./detect-intent";
import { excludedNodes } from "./exclusion";
import { nodeMentions } from "./node-mentions";

/** What a question asks to be done, whatever family answers it. */
export type Operation =
  | "count"
  | "value"
  | "rank"
  | "list"
  | "exists"
  | "path"
  | "reach"
  | "compare"
  | "aggregate"
  | "structure"
  | "similarity"
  | "projection"
  | "flow"
  | "tree"
  | "train"
  | "picture"
  | "report"
  | "graph-info"
  | "clear"
  | "optimize"
  | "save-skill"
  | "unknown";

/** The shape the answer's first sentence takes. */
export type AnswerShape = "number" | "entity" | "list" | "yes-no" | "table" | "path" | "text";

/**
 * One question as the offline model read it: one typed value that the plan is made from and
 * the reasoning shows. `asked` is what the person typed; `request` the whole question it stands
 * for once the conversation is taken into account (they differ only for a follow-up).
 */
export type LogicalForm = {
  asked: string;
  request: string;
  language: "en" | "zh";
  /** The family (intent kind) of each thing asked, in the order they are answered. */
  families: string[];
  operation: Operation;
  nodes: {
    named: string[];
    /** "apart from X", "除了 X": nodes the question leaves out. */
    excluded: string[];
    /** The earlier turn's node, pair or set the question points at, if any. */
    fromConversation: ConversationReference | null;
  };
  edges: { direction: "in" | "out" | "all" | null; weighted: boolean };
  measure: string | null;
  order: "ascending" | "descending" | null;
  limit: number | null;
  position: number | null;
  answer: AnswerShape;
};

function operationOf(analysis: AnalysisIntent): { operation: Operation; answer: AnswerShape } {
  switch (analysis.kind) {
    case "centrality":
    case "bridging":
    case "core":
    case "edge-ranking":
      return { operation: "rank", answer: "entity" };
    case "degree":
      return { operation: "value", answer: "number" };
    case "node-structure":
      return analysis.node
        ? { operation: "value", answer: "number" }
        : { operation: "rank", answer: "entity" };
    case "neighbours":
    case "unreachable":
    case "one-way-nodes":
    case "common-neighbours":
      return { operation: "list", answer: "list" };
    case "edge-exists":
    case "same-community":
    case "connectivity":
    case "self-loops":
    case "node-value-check":
      return { operation: "exists", answer: "yes-no" };
    case "reciprocal-pairs":
    case "nodes-with-value":
      return { operation: "list", answer: "list" };
    case "value-share":
    case "links-between-groups":
      return { operation: "count", answer: "number" };
    case "reachability":
      return { operation: "reach", answer: "yes-no" };
    case "reach-set":
      return { operation: "reach", answer: "number" };
    case "path":
    case "k-shortest":
      return { operation: "path", answer: "path" };
    case "graph-metric":
    case "components":
    case "outside-main":
    case "cut-points":
    case "communities":
    case "membership":
      return { operation: "structure", answer: "table" };
    case "similarity":
      return { operation: "similarity", answer: "entity" };
    case "projection":
    case "partners":
      return { operation: "projection", answer: "table" };
    case "flow":
      return { operation: "flow", answer: "number" };
    case "spanning-tree":
      return { operation: "tree", answer: "number" };
    case "schema-question":
    case "edge-sums":
      return { operation: "aggregate", answer: "table" };
    default:
      return { operation: "structure", answer: "table" };
  }
}

function measureOf(analysis: AnalysisIntent | undefined): string | null {
  if (!analysis) return null;
  if (analysis.kind === "centrality") return analysis.measure;
  if (analysis.kind === "degree") return analysis.strength ? "strength" : "degree";
  if (analysis.kind === "node-structure") return analysis.metric;
  if (analysis.kind === "similarity") return analysis.metric;
  if (analysis.kind === "graph-metric") return analysis.metrics.join(",");
  return null;
}

function taskForm(intent: QuestionIntent): { operation: Operation; answer: AnswerShape } {
  switch (intent.kind) {
    case "graph-info":
      return { operation: "graph-info", answer: "number" };
    case "clear":
      return { operation: "clear", answer: "text" };
    case "optimize":
      return { operation: "optimize", answer: "text" };
    case "machine-learning":
      return { operation: "train", answer: "table" };
    case "save-skill":
      return { operation: "save-skill", answer: "text" };
    default:
      return { operation: "unknown", answer: "text" };
  }
}

/** The logical form of one question, from what it asked, what it stands for and its intent. */
export function readLogicalForm(input: {
  asked: string;
  request: string;
  intent: QuestionIntent;
  reference: ConversationReference | null;
}): LogicalForm {
  const { intent, request } = input;
  const analyses = intent.kind === "analysis" ? intent.analyses : [];
  const first = analyses[0];
  const shape = first
    ? operationOf(first)
    : intent.kind === "analysis"
      ? { operation: intent.report ? "report" : "picture", answer: "text" as const }
      : taskForm(intent);
  const direction =
    first && (first.kind === "centrality" || first.kind === "degree")
      ? (first.mode ?? "all")
      : null;
  const topK = first && "topK" in first ? first.topK : null;
  return {
    asked: input.asked,
    request,
    language: detectLanguage(input.asked),
    families: analyses.map((analysis) => analysis.kind),
    operation: shape.operation as Operation,
    nodes: {
      named: nodeMentions(request),
      excluded: [...new Set([...excludedNodes(input.asked), ...excludedNodes(request)])],
      fromConversation: input.reference,
    },
    edges: {
      direction,
      weighted:
        (first?.kind === "centrality" || first?.kind === "degree") && first.strength === true,
    },
    measure: measureOf(first),
    order:
      first && "ascending" in first && typeof first.ascending === "boolean"
        ? first.ascending
          ? "ascending"
          : "descending"
        : null,
    limit: topK,
    position: first?.kind === "k-shortest" ? first.ordinal : null,
    answer: shape.answer,
  };
}

/** One line of the reasoning: the logical form in words a person can check. */
export function describeLogicalForm(form: LogicalForm): string {
  const parts = [
    `${form.operation}${form.families.length > 0 ? ` (${form.families.join(" + ")})` : ""}`,
    form.measure ? `measure ${form.measure}` : "",
    form.nodes.named.length > 0 ? `nodes ${form.nodes.named.join(", ")}` : "",
    form.nodes.excluded.length > 0 ? `except ${form.nodes.excluded.join(", ")}` : "",
    form.edges.direction && form.edges.direction !== "all" ? `edges ${form.edges.direction}` : "",
    form.edges.weighted ? "weighted" : "",
    form.order ? form.order : "",
    form.limit !== null ? `limit ${form.limit}` : "",
    `answer ${form.answer}`,
  ].filter(Boolean);
  const resolved =
    form.request !== form.asked ? ` — "${form.asked}" read as "${form.request}"` : "";
  return `${parts.join("; ")}${resolved}`;
}
